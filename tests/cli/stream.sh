#!/bin/bash
# Runs streamed one topic at a time by the CLI (cli/stream_run.hpp; IRLENS_STREAM_ABOVE=0 streams
# every run file): `irlens trec_eval` (-q, -q -c) and `irlens eval` (tsv -q, json -q) print exactly
# what they print reading the run into memory, plain and gzip, on the examples and on the shared
# runs when ../shared is present (else that part prints SKIPPED); a run that is not grouped by
# topic is read into memory with a note, or refused with the sorting advice above
# IRLENS_MEMORY_LIMIT; one that a measure cannot stream (NRG) is read into memory.
# usage: stream.sh PATH/TO/irlens SOURCE_DIR [SHARED_DIR]
set -u -o pipefail
IRLENS=$1
SRC=$2
SHARED=${3:-$SRC/../shared}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# same QRELS RUN ARGS...: the command's stdout and stderr streamed = in memory.
same() {
    local q=$1 r=$2 cmd=$3; shift 3
    IRLENS_STREAM_ABOVE=0 "$IRLENS" "$cmd" "$@" "$q" "$r" > "$T/s.out" 2> "$T/s.err"; local a=$?
    IRLENS_STREAM_ABOVE=1000000000000 "$IRLENS" "$cmd" "$@" "$q" "$r" > "$T/m.out" 2> "$T/m.err"; local b=$?
    [ $a = $b ] || fail "$cmd $* $r: exit $a streamed, $b in memory"
    cmp -s "$T/s.out" "$T/m.out" || fail "$cmd $* $r: stdout differs"
    cmp -s "$T/s.err" "$T/m.err" || fail "$cmd $* $r: stderr differs: $(diff "$T/s.err" "$T/m.err" | head -3)"
    [ -s "$T/s.out" ] || [ $a != 0 ] || fail "$cmd $* $r: no output"
}
# same_all QRELS RUN: every command and flag set above.
same_all() {
    same "$1" "$2" trec_eval
    same "$1" "$2" trec_eval -q
    same "$1" "$2" trec_eval -q -c -m all_trec
    # eval takes QRELS RUN before its options as well
    IRLENS_STREAM_ABOVE=0 "$IRLENS" eval "$1" "$2" -m 'P@10 AP nDCG@10 RR RBP(p=0.8) bpref RelString@10' -q --missing skip > "$T/s.out" 2> "$T/s.err"
    IRLENS_STREAM_ABOVE=1000000000000 "$IRLENS" eval "$1" "$2" -m 'P@10 AP nDCG@10 RR RBP(p=0.8) bpref RelString@10' -q --missing skip > "$T/m.out" 2> "$T/m.err"
    cmp -s "$T/s.out" "$T/m.out" || fail "eval -q $2: stdout differs"
    cmp -s "$T/s.err" "$T/m.err" || fail "eval -q $2: stderr differs"
    for fmt in json tsv; do
        IRLENS_STREAM_ABOVE=0 "$IRLENS" eval "$1" "$2" -m 'P@10 AP nDCG@10' -q -f $fmt > "$T/s.out" 2> /dev/null
        IRLENS_STREAM_ABOVE=1000000000000 "$IRLENS" eval "$1" "$2" -m 'P@10 AP nDCG@10' -q -f $fmt > "$T/m.out" 2> /dev/null
        # the JSON's provenance holds a timestamp: compared without it
        if [ $fmt = json ]; then
            python3 -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); [d.pop("provenance",None) for d in (a,b)]; sys.exit(a!=b)' "$T/s.out" "$T/m.out" || fail "eval -f json $2 differs"
        else
            cmp -s "$T/s.out" "$T/m.out" || fail "eval -f $fmt $2 differs"
        fi
    done
}

EX=$SRC/examples
for r in bm25.run dense.run hybrid.run shuffled.run; do same_all "$EX/qrels.txt" "$EX/$r"; done
gzip -c "$EX/bm25.run" > "$T/bm25.run.gz"
same_all "$EX/qrels.txt" "$T/bm25.run.gz"
# Not grouped: topic 101's first line moved to the end. The message names 102, the topic that
# ended 101's lines (before issue 23: 103, the last topic seen).
{ tail -n +2 "$EX/bm25.run"; head -1 "$EX/bm25.run"; } > "$T/ungrouped.run"
IRLENS_STREAM_ABOVE=0 "$IRLENS" trec_eval "$EX/qrels.txt" "$T/ungrouped.run" > "$T/s.out" 2> "$T/s.err" || fail "ungrouped, small: exit $?"
"$IRLENS" trec_eval "$EX/qrels.txt" "$T/ungrouped.run" > "$T/m.out" 2> /dev/null
cmp -s "$T/s.out" "$T/m.out" || fail "ungrouped, small: output differs from in memory"
grep -q "^irlens trec_eval: note: $T/ungrouped.run:21: topic '101' appears again, so the run is not grouped by topic and is read into memory instead of one topic at a time$" "$T/s.err" || fail "ungrouped, small: note: $(cat "$T/s.err")"
IRLENS_STREAM_ABOVE=0 IRLENS_MEMORY_LIMIT=10 "$IRLENS" eval "$EX/qrels.txt" "$T/ungrouped.run" -m AP > "$T/s.out" 2> "$T/s.err"
rc=$?
[ $rc = 3 ] || fail "ungrouped, too large: exit $rc"
[ ! -s "$T/s.out" ] || fail "ungrouped, too large: stdout not empty"
grep -qF "irlens eval: $T/ungrouped.run:21: topic '101' appears again (its lines from line 1 on stopped at topic '102'): the run is not grouped by topic, so it cannot be read one topic at a time; group it with \`LC_ALL=C sort -s -k1,1 RUN > SORTED\`; it is too large to read into memory (0 MiB, IRLENS_MEMORY_LIMIT 0 MiB)" "$T/s.err" || fail "ungrouped, too large: $(cat "$T/s.err")"
# A measure that needs every run: read into memory (no note), as without streaming.
IRLENS_STREAM_ABOVE=0 IRLENS_MEMORY_LIMIT=10 "$IRLENS" eval "$EX/qrels.txt" "$T/ungrouped.run" -m 'NRG(base=nDCG,prior=others)@10' > /dev/null 2> "$T/s.err" || fail "NRG: exit $?"
! grep -q "grouped" "$T/s.err" || fail "NRG: $(cat "$T/s.err")"

if [ -d "$SHARED/data/covid-r1" ] && [ -d "$SHARED/data/web2012" ]; then
    n=0
    for r in "$SHARED"/data/covid-r1/runs/*.gz; do
        n=$((n + 1)); [ $((n % 10)) = 1 ] || continue  # every tenth run: the golden_stream test reads them all
        same_all "$SHARED/data/covid-r1/qrels-rnd1.txt" "$r"
    done
    for r in "$SHARED"/data/web2012/runs/*.gz; do same_all "$SHARED/data/web2012/qrels/qrels.adhoc.txt" "$r"; done
    same_all "$SHARED/data/trec_eval-test/qrels.test" "$SHARED/data/trec_eval-test/results.test"
else
    echo "SKIPPED: $SHARED/data is absent: the shared runs were NOT compared"
fi
[ $fails = 0 ] && echo "cli_stream: all passed" || { echo "cli_stream: $fails failed"; exit 1; }
