# Packet tests: inline vs function-call builds give byte-identical packets.
