# fastsum: the checksum module (src/), libfastsum.a, its differential tests.
