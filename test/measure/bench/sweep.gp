# Ticks per call vs size, one curve per routine (benchmark 2).
# gnuplot -e "data='FILE'; cache='primed|flushed'; out='FILE.png'" sweep.gp
# data: whitespace table from run.sh, column 1 the size, then one column per
# routine with its name in the first line.
set terminal pngcairo size 1200,750 font ',11' noenhanced
set output out
set title sprintf("Internet checksum, cache %s: time per call vs size (aligned start, median of the runs)", cache)
set xlabel 'bytes'
set ylabel 'ticks per call (TSC, log scale)'
set logscale y
set grid
set key outside right top autotitle columnhead
stats data using 1 nooutput
plot for [i=2:STATS_columns] data using 1:i with linespoints pointsize 0.8 linewidth 2
