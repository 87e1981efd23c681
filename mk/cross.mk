# Cross-architecture: cross-test under qemu-user, code size, instruction counts.
