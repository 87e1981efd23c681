# Interop: patched lwIP on TAP devices in network namespaces, the Linux kernel as peer.
