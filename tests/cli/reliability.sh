#!/bin/sh
# Issue 13, "every input bounded and explained", as a user of the CLI sees it: no input makes
# irlens hold much more memory than its valid lines need (checked with a ulimit: unbounded growth
# fails as "out of memory" instead of the expected message), every count option is capped, a
# byte-order mark never changes a number, every measure parameter is checked against its range,
# and every command that averages has --missing with one default.
# usage: reliability.sh PATH/TO/irlens
. "$(dirname "$0")/common.sh"

# expect EXIT STDERR_SUBSTRING -- irlens args...: exit code, a piece of stderr, nothing on stdout on
# error. Every run is limited to 1 GiB of address space and 60 seconds.
expect() {
    want_rc=$1; want_err=$2; shift 3
    (ulimit -v 1048576; timeout 60 "$IRLENS" "$@") > "$T/out" 2> "$T/err"
    rc=$?
    if [ "$rc" != "$want_rc" ]; then
        fail "irlens $* exited $rc, expected $want_rc"; head -c 600 "$T/err"; return
    fi
    if [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$T/err"; then
        fail "irlens $*: stderr lacks '$want_err':"; head -c 600 "$T/err"; return
    fi
    if [ "$want_rc" != 0 ] && [ -s "$T/out" ]; then
        fail "irlens $* printed on stdout despite the error:"; head -3 "$T/out"
    fi
}

printf '1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 d 1\n2 0 e 1\n' > "$T/qrels"
printf '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 c 3 1 t\n2 Q0 e 1 2 t\n2 Q0 x 2 1 t\n' > "$T/run"
printf '1 Q0 c 1 3 u\n1 Q0 a 2 2 u\n' > "$T/run2"    # answers topic 1 only
LONG="line longer than 1 MiB"

# 1. Input without newlines: stops at once, naming file and line (before: memory grew until "out
#    of memory" with no file name, or the whole input was read).
expect 3 "/dev/zero:1: $LONG" -- eval "$T/qrels" /dev/zero -m P@5
expect 3 "/dev/zero:1: $LONG" -- eval /dev/zero "$T/run" -m P@5
expect 3 "/dev/zero:1: $LONG" -- trec_eval "$T/qrels" /dev/zero
expect 3 "/dev/zero:1: $LONG" -- trec_eval -R prefs -m prefs /dev/zero "$T/run"
expect 3 "/dev/zero:1: $LONG" -- trec_eval -Z /dev/zero "$T/qrels" "$T/run"
expect 3 "/dev/zero:1: $LONG" -- ndeval "$T/qrels" /dev/zero
for side in groups doc-lengths sessions intents intent-types; do
    expect 3 "/dev/zero:1: $LONG" -- eval "$T/qrels" "$T/run" -m P@5 --$side /dev/zero
done
expect 3 "/dev/zero:1: $LONG" -- unique "$T/qrels" "$T/run" "$T/run2" --depth 5 --groups /dev/zero
# gzip bombs made on the fly: valid lines, then 64 MiB of NUL bytes or of the letter 'a'.
{ cat "$T/qrels"; head -c 67108864 /dev/zero; } | gzip -1 > "$T/nul.gz"
{ cat "$T/run"; head -c 67108864 /dev/zero | tr '\0' a; } | gzip -1 > "$T/aaa.gz"
expect 3 "nul.gz:6: $LONG" -- eval "$T/nul.gz" "$T/run" -m P@5
expect 3 "aaa.gz:6: $LONG" -- eval "$T/qrels" "$T/aaa.gz" -m P@5
{ printf 'a\t10\n'; head -c 67108864 /dev/zero | tr '\0' a; } | gzip -1 > "$T/lengths_aaa.gz"
expect 3 "lengths_aaa.gz:2: $LONG" -- eval "$T/qrels" "$T/run" -m P@5 --doc-lengths "$T/lengths_aaa.gz"
# A long line inside a small file (valid but for its length: blanks) is refused the same way.
{ printf '1 0 a 1\n1 0 b'; head -c 1048577 /dev/zero | tr '\0' ' '; printf '1\n'; } > "$T/longline"
expect 3 "longline:2: $LONG" -- eval "$T/longline" "$T/run" -m P@5
# Running out of memory names the file being read: 400,000 judgments under a 60 MiB limit.
awk 'BEGIN { for (i = 0; i < 400000; i++) printf "%d 0 document-%d 1\n", i % 100, i }' > "$T/big_qrels"
(ulimit -v 61440; "$IRLENS" eval "$T/big_qrels" "$T/run" -m P@5) > /dev/null 2> "$T/err"
rc=$?
if [ $rc = 0 ]; then
    echo "note: the 60 MiB limit sufficed; the out-of-memory message was not exercised"
elif ! grep -qF "big_qrels: out of memory while reading this file" "$T/err"; then
    fail "out of memory without the file name (exit $rc):"; head -c 300 "$T/err"
fi

# 2. Every count option is capped at 10^7 (before: relative sample --trials 10^11 never ended).
CAP="must be at most 10000000, got '100000000000'"
expect 2 "--trials $CAP" -- relative sample "$T/qrels" "$T/run" "$T/run2" -m "P_rareness(alpha=1)@2" --trials 100000000000
expect 2 "--sizes $CAP" -- relative sample "$T/qrels" "$T/run" "$T/run2" -m "P_rareness(alpha=1)@2" --sizes 100000000000
expect 2 "--depth $CAP" -- unique "$T/qrels" "$T/run" "$T/run2" --depth 100000000000
expect 2 "--depth $CAP" -- rarity "$T/qrels" "$T/run" "$T/run2" --depth 100000000000
expect 2 "-B $CAP" -- compare "$T/qrels" "$T/run" "$T/run2" -m P@1 -B 100000000000
expect 2 "--trials $CAP" -- meta swap "$T/qrels" "$T/run" "$T/run2" -m P@1 --trials 100000000000
expect 2 "--trials must be at most 10000000, got '99999999999999999999999'" -- \
    relative sample "$T/qrels" "$T/run" "$T/run2" -m "P_rareness(alpha=1)@2" --trials 99999999999999999999999

# 4. A UTF-8 byte-order mark is stripped with a warning: the numbers stay (before: it became part
#    of the first topic id and AP changed without a word).
BOM=$(printf '\357\273\277')
{ printf '%s' "$BOM"; cat "$T/qrels"; } > "$T/qrels_bom"
{ printf '%s' "$BOM"; cat "$T/run"; } > "$T/run_bom"
"$IRLENS" eval "$T/qrels" "$T/run" -m "AP P@2" > "$T/plain" 2>/dev/null
for pair in "qrels_bom run" "qrels run_bom" "qrels_bom run_bom"; do
    set -- $pair
    "$IRLENS" eval "$T/$1" "$T/$2" -m "AP P@2" > "$T/out" 2> "$T/err"
    sed "s/run_bom/run/" "$T/out" | cmp -s - "$T/plain" || fail "a byte-order mark in $pair changed the numbers: $(cat "$T/out")"
    grep -qF "starts with a UTF-8 byte-order mark; it was ignored" "$T/err" || fail "no byte-order-mark warning for $pair"
done
printf '%srun,group\nrun,A\nrun2,B\n' "$BOM" > "$T/groups_bom.csv"
expect 0 "groups_bom.csv starts with a UTF-8 byte-order mark" -- unique "$T/qrels" "$T/run" "$T/run2" --depth 2 --groups "$T/groups_bom.csv"
# The drop-ins keep trec_eval's reading (the mark is part of the first topic id) and warn.
sed '1s/^1 /zzz1 /' "$T/qrels" > "$T/qrels_renamed"   # only the first line carries the mark
"$IRLENS" trec_eval "$T/qrels_renamed" "$T/run" > "$T/want" 2>/dev/null
"$IRLENS" trec_eval "$T/qrels_bom" "$T/run" > "$T/out" 2> "$T/err"
sed 's/qrels_renamed/qrels_bom/' "$T/want" | cmp -s - "$T/out" || fail "trec_eval: a byte-order mark is not read as trec_eval reads it"
grep -qF "read as part of the first line as the reference tool does" "$T/err" || fail "trec_eval: no byte-order-mark warning"

# 5. Measure parameters out of range are usage errors naming the parameter and its range (before:
#    0.0000, inf or nan with exit 0).
expect 2 "the cutoff of IPrec must be [0, 1], got '2'" -- eval "$T/qrels" "$T/run" -m IPrec@2
expect 2 "parameter beta of SetF must be [0, 1e+100], got '-1'" -- eval "$T/qrels" "$T/run" -m "SetF(beta=-1)"
expect 2 "parameter beta of SetF must be [0, 1e+100], got '1e400'" -- eval "$T/qrels" "$T/run" -m "SetF(beta=1e400)"
expect 2 "parameter gains of nDCG gains must be [-1e+100, 1e+100], got '{0:0,1:1e400}'" -- \
    eval "$T/qrels" "$T/run" -m "nDCG(gains={0:0,1:1e400})@10"
expect 2 "parameter p of RBP must be [0, 1), got '1'" -- eval "$T/qrels" "$T/run" -m "RBP(p=1)"
expect 2 "-m P.abc: the cutoff 'abc' is not a positive integer" -- trec_eval -m P.abc "$T/qrels" "$T/run"
# The drop-in keeps trec_eval's stdout for values it maps silently, and says so on stderr.
"$IRLENS" trec_eval -M 0 "$T/qrels" "$T/run" > "$T/want" 2>/dev/null
expect 0 "-M: 'abc' is not an integer; read as 0, as trec_eval does" -- trec_eval -M abc "$T/qrels" "$T/run"
cmp -s "$T/want" "$T/out" || fail "trec_eval -M abc: stdout differs from -M 0"
expect 0 "-l: '99999999999999999999' is not an integer; read as 9223372036854775807" -- trec_eval -l 99999999999999999999 "$T/qrels" "$T/run"
expect 0 "-m ndcg.1=abc: 'abc' is not a number; read as 0" -- trec_eval -m ndcg.1=abc "$T/qrels" "$T/run"

# 3. Invalid UTF-8 is reported by the readers, once per file, with file and line: ids only in the
#    qrels, a run tag, a file name (before: only a run's ids and tag, from evaluate, without the
#    qrels file; nothing at all from unique, rarity or relative).
printf '1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 d 1\n2 0 e\377 1\n2 0 f\377 1\n' > "$T/qrels_utf8"
printf '1 Q0 a 1 3 t\n1 Q0 b 2 2 bm\303(tag\n1 Q0 c 3 1 bm\303(tag\n' > "$T/run_utf8"
expect 0 "qrels_utf8:5: invalid UTF-8 (the file's first such line); outputs show U+FFFD" -- eval "$T/qrels_utf8" "$T/run" -m P@5
[ "$(grep -c 'invalid UTF-8' "$T/err")" = 1 ] || fail "the qrels' invalid UTF-8 is not reported once: $(cat "$T/err")"
expect 0 "run_utf8:2: invalid UTF-8" -- unique "$T/qrels" "$T/run" "$T/run_utf8" --depth 2
expect 0 "run_utf8:2: invalid UTF-8" -- eval "$T/qrels" "$T/run_utf8" -m P@5 -f json
grep -qF "\"$T/run_utf8:2: invalid UTF-8" "$T/out" || fail "eval json: the reader's warning is not in warnings"
grep -qF "$(printf 'bm\357\277\275(tag')" "$T/out" || fail "eval json: the tag is not written with U+FFFD"
[ "$(grep -c 'invalid UTF-8' "$T/err")" = 1 ] || fail "the run's invalid UTF-8 is not reported exactly once: $(cat "$T/err")"
cp "$T/run" "$T/$(printf 'r\377n')"
expect 0 "is not valid UTF-8; outputs show U+FFFD for its bytes" -- eval "$T/qrels" "$T/$(printf 'r\377n')" -m P@5
# The drop-ins print the bytes as given, with no such warning.
"$IRLENS" trec_eval -q "$T/qrels_utf8" "$T/run_utf8" > "$T/out" 2> "$T/err"
grep -qF "$(printf 'runid                 \tall\tbm\303(tag')" "$T/out" || fail "trec_eval: the tag's bytes changed: $(grep runid "$T/out")"
grep -q 'UTF-8' "$T/err" && fail "trec_eval warns about UTF-8: $(cat "$T/err")"

# 7. Unanswered topics: one default (zero) for every command that averages or compares, and
#    --missing everywhere. run2 answers topic 1 only: P@1 is 1 there, so zero gives 0.5.
expect 0 "" -- eval "$T/qrels" "$T/run2" -m P@1
[ "$(grep -v '^#' "$T/out" | cut -f4)" = "0.5000" ] || fail "eval: unanswered topics are not scored 0 by default: $(cat "$T/out")"
expect 0 "" -- eval "$T/qrels" "$T/run2" -m P@1 --missing skip
[ "$(grep -v '^#' "$T/out" | cut -f4)" = "1.0000" ] || fail "eval --missing skip: $(cat "$T/out")"
expect 0 "" -- unique "$T/qrels" "$T/run" "$T/run2" --depth 2 -f json
grep -q '"missing": "zero"' "$T/out" || fail "unique json does not record the missing-topic policy"
[ "$(grep -c '"missing": "zero"' "$T/out")" = 2 ] || fail "unique json: the provenance does not record the missing-topic policy"
# Every TSV and CSV that averages states the policy in its first line (before: only compare and meta).
ZERO="# topics: every qrels topic; a topic a run did not answer scores as with trec_eval -c (0 for most measures) (--missing zero)"
SKIP="# topics: each run's mean is over the qrels topics it answered (--missing skip)"
for cmd in "eval -m P@1" "eval -m P@1 -f csv" "unique --depth 2" "unique --depth 2 -f csv" "relative sweep -m P_rareness@2"; do
    set -- $cmd
    expect 0 "" -- "$@" "$T/qrels" "$T/run" "$T/run2"
    [ "$(head -1 "$T/out")" = "$ZERO" ] || fail "irlens $cmd does not state the policy: $(head -1 "$T/out")"
    expect 0 "" -- "$@" "$T/qrels" "$T/run" "$T/run2" --missing skip
    [ "$(head -1 "$T/out")" = "$SKIP" ] || fail "irlens $cmd --missing skip does not state the policy: $(head -1 "$T/out")"
done
expect 0 "" -- eval "$T/qrels" "$T/run" -m P@1 --provenance
[ "$(sed -n 2p "$T/out")" = "$ZERO" ] || fail "eval --provenance: the policy is not the second line: $(sed -n 2p "$T/out")"
# unique: run2 finds c uniquely in topic 1 (run has c at rank 3 > depth 2): total 1; zero: 1/2, skip: 1/1.
expect 0 "" -- unique "$T/qrels" "$T/run" "$T/run2" --depth 2
grep -q "^run	run2	run2	1	0.5000	1$" "$T/out" || fail "unique default (zero): $(cat "$T/out")"
expect 0 "" -- unique "$T/qrels" "$T/run" "$T/run2" --depth 2 --missing skip
grep -q "^run	run2	run2	1	1.0000	1$" "$T/out" || fail "unique --missing skip: $(cat "$T/out")"
expect 0 "" -- relative sweep "$T/qrels" "$T/run" "$T/run2" -m P_rareness@2 -f json
grep -q '"missing": "zero"' "$T/out" || fail "relative: the default missing-topic policy is not zero"

# 8. Names: canonical names with non-default parameters only; aliases give the same column once.
expect 0 "" -- eval "$T/qrels" "$T/run" -m "Q RBP I-rec@2 alpha-nDCG@2 StRecall@2 AP MAP SetF(beta=1)" --qrels-format diversity
[ "$(grep -v '^#' "$T/out" | cut -f2 | tr '\n' ' ')" = "Q RBP StRecall@2 alpha_nDCG@2 AP SetF " ] || fail "eval names: $(cut -f2 "$T/out" | tr '\n' ' ')"
# Run names: the file name without .gz, then without .txt or .tsv (before: "bm25.txt.gz"); names
# that would be equal keep their file names (or paths), with a warning; .run stays.
mkdir -p "$T/d"
gzip -c "$T/run" > "$T/bm25.txt.gz"; cp "$T/run2" "$T/d/dense.tsv"; cp "$T/run2" "$T/hybrid.run"
expect 0 "" -- eval "$T/qrels" "$T/bm25.txt.gz" "$T/d/dense.tsv" "$T/hybrid.run" -m P@1
[ "$(grep -v '^#' "$T/out" | cut -f1 | tr '\n' ' ')" = "bm25 dense hybrid.run " ] || fail "run names: $(cut -f1 "$T/out" | tr '\n' ' ')"
cp "$T/run" "$T/bm25.txt"; cp "$T/run" "$T/d/bm25.txt"
expect 0 "would share the name 'bm25': named by their file names (or paths) instead" -- eval "$T/qrels" "$T/bm25.txt.gz" "$T/bm25.txt" -m P@1
[ "$(grep -v '^#' "$T/out" | cut -f1 | tr '\n' ' ')" = "bm25.txt.gz bm25.txt " ] || fail "colliding run names: $(cut -f1 "$T/out" | tr '\n' ' ')"
expect 0 "would share the name 'bm25.txt'" -- compare "$T/qrels" "$T/bm25.txt.gz" "$T/bm25.txt" "$T/d/bm25.txt" -m P@1 -f json
grep -qF "\"$T/d/bm25.txt\"" "$T/out" && grep -qF '"bm25.txt.gz"' "$T/out" || fail "colliding file names are not named by their paths: $(head -c 400 "$T/out")"

if [ $fails = 0 ]; then echo "cli reliability: all passed"; else echo "cli reliability: $fails failed"; exit 1; fi
