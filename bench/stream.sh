#!/bin/sh
# A run larger than the WASM heap, evaluated one topic at a time by the three front-ends (issue 15,
# target 3): generates a grouped run of TOPICS x 1,000 lines (bench/gen.cpp, 50 judgments per
# topic) in a temporary folder, then times `irlens trec_eval` natively (streamed, and read into
# memory for comparison), through the WASM build under node (bench/stream_node.mjs) and in the
# served web app (bench/stream_web.mjs: files chosen -> table shown), with the peak memory of each
# (bench/measure.cpp: peak RSS from wait4; the tab: the renderer's peak), and checks that the
# three trec_eval outputs are byte-identical. The folder is deleted at the end.
#   sh bench/stream.sh [TOPICS]     default 100000: 100M run lines, ~4.2 GB (5M judgments, 110 MB)
#   sh bench/stream.sh 2000         a small run (2M lines, 84 MB) for a quick check
# Needs the native and WASM builds (sh scripts/build.sh) and, for the tab, sh web/build.sh;
# SKIP_WEB=1 leaves the tab out. TMPDIR chooses where the files go (check its free space first).
set -e
cd "$(dirname "$0")/.."
topics=${1:-100000}
mkdir -p build/bench-tmp
bin=build/bench-tmp
[ -x $bin/gen ] || g++ -O2 -o $bin/gen bench/gen.cpp
[ -x $bin/measure ] || g++ -O2 -o $bin/measure bench/measure.cpp
need_mb=$((topics * 45 / 1000 + 200))  # ~42 bytes per run line, the qrels and the outputs
tmp=$(mktemp -d "${TMPDIR:-/tmp}/irlens-stream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
free_mb=$(df -Pm "$tmp" | awk 'NR == 2 {print $4}')
if [ "$free_mb" -lt "$need_mb" ]; then
    echo "not enough space in $tmp: $free_mb MB free, $need_mb MB needed (set TMPDIR)" >&2
    exit 1
fi
$bin/gen "$tmp" "$topics" 1000 50
q=$tmp/qrels.txt
r=$tmp/run1.txt
echo "run: $(wc -l < $r) lines, $(($(wc -c < $r) / 1048576)) MB; qrels: $(wc -l < $q) lines, $(($(wc -c < $q) / 1048576)) MB"

# row NAME OUT CMD...: "NAME seconds peak_MB", the command's stdout in OUT.
row() {
    name=$1; out=$2; shift 2
    line=$($bin/measure "$out" -- "$@")
    [ "$(echo "$line" | cut -d' ' -f3)" = 0 ] || { echo "$name failed: $line" >&2; exit 1; }
    echo "$line" | awk -v n="$name" '{printf "%-34s %8.2f s %8.0f MB\n", n, $1, $2 / 1024}'
}
row "native, streamed" $tmp/native.out env IRLENS_STREAM_ABOVE=0 build/cli/irlens trec_eval $q $r
row "native, in memory" $tmp/memory.out env IRLENS_STREAM_ABOVE=1000000000000 build/cli/irlens trec_eval $q $r
cmp -s $tmp/native.out $tmp/memory.out || { echo "streamed and in-memory outputs differ" >&2; exit 1; }
row "WASM under node, streamed" $tmp/node.out env NODE_PATH=/usr/share/nodejs node bench/stream_node.mjs $q $r
cmp -s $tmp/native.out $tmp/node.out || { echo "native and node outputs differ" >&2; exit 1; }
echo "outputs: native streamed = native in memory = node streamed (byte-identical)"
if [ -z "$SKIP_WEB" ]; then
    # The page streams runs above its in-memory limit (1 GiB): lowered for a small run.
    limit=$(( $(wc -c < $r) < 1073741824 ? 1000000 : 0 ))
    [ "$limit" = 0 ] && limit=
    echo "tab (served app, headless Chromium): $(node bench/stream_web.mjs $q $r $limit)"
fi
