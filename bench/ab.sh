#!/bin/sh
# A/B timing of several trec_eval-compatible binaries on the synthetic collection, interleaved
# (one run of each in turn, REPS rounds) so that a loaded machine's load falls on all of them
# alike; prints each binary's median wall-clock and CPU (user + system) seconds and peak memory,
# and whether its output is byte-identical to the first binary's.
#   sh bench/ab.sh REPS BINARY [BINARY...]     (a BINARY named *irlens* is called as `BINARY trec_eval`)
# Needs bench/data (see trec_eval_bench.sh) and build/bench-tmp/measure.
set -e
cd "$(dirname "$0")/.."
reps=$1
shift
tmp=build/bench-tmp
mkdir -p $tmp
[ -x $tmp/measure ] || g++ -O2 -o $tmp/measure bench/measure.cpp
[ -f bench/data/run1.txt ] || { [ -x $tmp/gen ] || g++ -O2 -o $tmp/gen bench/gen.cpp; $tmp/gen bench/data; }
rm -f $tmp/ab.*
i=0
while [ $i -lt "$reps" ]; do
    k=0
    for b in "$@"; do
        case $(basename "$b") in *irlens*) sub=trec_eval ;; *) sub= ;; esac
        $tmp/measure $tmp/ab.out.$k -- "$b" $sub bench/data/qrels.txt bench/data/run1.txt >> $tmp/ab.times.$k
        k=$((k + 1))
    done
    i=$((i + 1))
done
k=0
for b in "$@"; do
    same=identical
    cmp -s $tmp/ab.out.0 $tmp/ab.out.$k || same=DIFFERENT
    wall=$(cut -d' ' -f1 $tmp/ab.times.$k | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    cpu=$(cut -d' ' -f4 $tmp/ab.times.$k | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    mem=$(cut -d' ' -f2 $tmp/ab.times.$k | sort -n | awk '{ v[NR] = $1 } END { print int(v[int((NR + 1) / 2)] / 1024) }')
    printf '%-40s wall %7.3f s  cpu %7.3f s  peak %5d MB  output %s\n' "$b" "$wall" "$cpu" "$mem" "$same"
    k=$((k + 1))
done
