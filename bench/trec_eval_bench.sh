#!/bin/sh
# irlens trec_eval (native, and WASM under node) against trec_eval on the synthetic collection,
# measured in the same run: best wall-clock time of REPS runs, peak resident memory, the ratios,
# and a byte comparison of the outputs (default measures).
#   [TREC_EVAL=/path/to/trec_eval] sh bench/trec_eval_bench.sh [REPS]
# Needs the native and WASM builds (sh scripts/build.sh); generates bench/data if missing.
set -e
cd "$(dirname "$0")/.."
reps=${1:-3}
mkdir -p build/bench-tmp
tmp=build/bench-tmp
[ -x $tmp/gen ] || g++ -O2 -o $tmp/gen bench/gen.cpp
[ -x $tmp/measure ] || g++ -O2 -o $tmp/measure bench/measure.cpp
[ -f bench/data/run1.txt ] || $tmp/gen bench/data
q=bench/data/qrels.txt
r=bench/data/run1.txt
echo "input: $(wc -l < $q) qrels lines, $(wc -l < $r) run lines; best of $reps"

# best NAME OUT CMD...: prints "seconds max_rss_kib" of the fastest of $reps runs.
best() {
    name=$1; out=$2; shift 2
    b=""
    i=0
    while [ $i -lt "$reps" ]; do
        line=$($tmp/measure "$out" -- "$@")
        [ "$(echo "$line" | cut -d' ' -f3)" = 0 ] || { echo "$name failed: $line" >&2; exit 1; }
        b=$(printf '%s\n%s\n' "$b" "$line" | grep . | sort -n | head -1)
        i=$((i + 1))
    done
    echo "$b"
}
native=$(best native $tmp/native.out build/cli/irlens trec_eval $q $r)
wasm=$(NODE_PATH=/usr/share/nodejs best wasm $tmp/wasm.out node bench/trec_eval_node.mjs $q $r)
cmp -s $tmp/native.out $tmp/wasm.out || { echo "native and WASM outputs differ" >&2; exit 1; }
if [ -n "$TREC_EVAL" ]; then
    ref=$(best trec_eval $tmp/trec_eval.out "$TREC_EVAL" $q $r)
    if cmp -s $tmp/native.out $tmp/trec_eval.out; then same="identical"; else same="DIFFERENT"; fi
fi
awk -v n="$native" -v w="$wasm" -v r="$ref" -v same="$same" 'BEGIN {
    split(n, N, " "); split(w, W, " ");
    printf "%-22s %8s %10s\n", "", "seconds", "peak MB";
    printf "%-22s %8.2f %10.0f\n", "irlens native", N[1], N[2] / 1024;
    printf "%-22s %8.2f %10.0f\n", "irlens WASM (node)", W[1], W[2] / 1024;
    if (r == "") { print "(set TREC_EVAL=/path/to/trec_eval for the ratios)"; exit }
    split(r, R, " ");
    printf "%-22s %8.2f %10.0f\n", "trec_eval", R[1], R[2] / 1024;
    printf "speed vs trec_eval: native %.1fx, WASM %.1fx; memory native/trec_eval %.2f; outputs %s\n",
        R[1] / N[1], R[1] / W[1], N[2] / R[2], same;
}'
