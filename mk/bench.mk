# Benchmarks: make bench (the seed measurements side by side), the report of make.
