#!/bin/sh
# Before/after counters of the native readers' levers (issue 26 part 2) on the synthetic
# collection, for two or more trec_eval-compatible binaries (the first is the reference for the
# output comparison; a binary named *irlens* is called as `BINARY trec_eval`):
#   sh bench/levers.sh REPS BINARY [BINARY...]
# 1. bench/ab.sh REPS ...: interleaved rounds, median wall and CPU seconds, peak memory, output
#    identical or not;
# 2. `perf stat -e page-faults,cache-misses,instructions,task-clock`, REPS interleaved rounds,
#    medians (a virtual machine without a PMU reports the hardware counters as "<not supported>");
# 3. when valgrind is installed, one cachegrind run per irlens binary: instructions executed and
#    simulated D1/LL data misses. These do not depend on the machine's load (perf's page faults
#    do not either), so they are the figures to compare on a shared machine; cachegrind runs the
#    program on one core, ~30x slower.
# Prints the load average before and after. Needs bench/data (generated when missing), perf
# (Debian: linux-perf) and optionally valgrind; neither is in scripts/deps.sh (benchmarks only).
set -e
cd "$(dirname "$0")/.."
reps=$1
shift
tmp=build/bench-tmp
mkdir -p $tmp
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
sh bench/ab.sh "$reps" "$@"

sub_of() { case $(basename "$1") in *irlens*) echo trec_eval ;; *) echo ;; esac; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

command -v perf > /dev/null || { echo "perf not found (Debian: linux-perf): no counters"; exit 0; }
rm -f $tmp/perf.*
i=0
while [ $i -lt "$reps" ]; do
    k=0
    for b in "$@"; do
        perf stat -x, -o $tmp/perf.round -e page-faults,cache-misses,instructions,task-clock \
            "$b" $(sub_of "$b") bench/data/qrels.txt bench/data/run1.txt > /dev/null
        cat $tmp/perf.round >> $tmp/perf.$k
        k=$((k + 1))
    done
    i=$((i + 1))
done
echo "perf stat, median of $reps:"
k=0
for b in "$@"; do
    line="  $b:"
    for event in page-faults cache-misses instructions task-clock; do
        v=$(grep ",$event" $tmp/perf.$k | cut -d, -f1 | median)
        case $v in *not*) v="n/a" ;; esac
        [ "$event" = task-clock ] && v="$v ms"
        line="$line $event $v;"
    done
    echo "$line"
    k=$((k + 1))
done

if command -v valgrind > /dev/null; then
    echo "cachegrind (one run each; instructions and simulated data-cache misses):"
    for b in "$@"; do
        case $(basename "$b") in *irlens*) ;; *) continue ;; esac
        valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null \
            "$b" $(sub_of "$b") bench/data/qrels.txt bench/data/run1.txt 2> $tmp/cg.log > /dev/null
        refs=$(grep 'I *refs:' $tmp/cg.log | awk '{ print $NF }')
        d1=$(grep 'D1  misses:' $tmp/cg.log | awk '{ print $4 }')
        ll=$(grep 'LLd misses:' $tmp/cg.log | awk '{ print $4 }')
        echo "  $b: instructions $refs; D1 misses $d1; LLd misses $ll"
    done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
