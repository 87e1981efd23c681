# SPDX-License-Identifier: BSD-3-Clause
# Bytes per tick vs size, one curve per routine (make bench-peers, hot, offset 0).
# gnuplot -e "data='FILE'; out='FILE.png'" peers.gp
# data: whitespace table, column 1 the size, then one column per routine with
# its name in the first line.
set terminal pngcairo size 1200,750 font ',11' noenhanced
set output out
set title "Internet checksum beside its peers, cache primed: bytes per tick vs size (offset 0, median of the runs)"
set xlabel 'bytes (log scale)'
set ylabel 'bytes per TSC tick'
set logscale x 2
set grid
set key outside right top autotitle columnhead
stats data using 1 nooutput
plot for [i=2:STATS_columns] data using 1:i with linespoints pointsize 0.8 linewidth 2
