#!/bin/bash
# Issue 23, "reliability at the borders": the newer inputs (score files, content detection, check)
# never change a number silently, and their messages point at the right place. Each block is one
# class of the issue; the node side is tests/node/borders.test.mjs.
# usage: borders.sh PATH/TO/irlens REPO
. "$(dirname "$0")/common.sh"
IRLENS=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")  # absolute: some checks run in $T
EX=$2/examples

# expect: common.sh's (exit code, a piece of stderr, nothing on stdout on error).
# same A B: the files are byte-identical.
same() { cmp -s "$1" "$2" || { fail "$3"; diff "$1" "$2" | head -10; }; }
bom() { printf '\357\273\277'; cat "$1"; }

RUNS="$EX/bm25.run $EX/dense.run $EX/hybrid.run"
M="-m AP -m nDCG@10 -m P@5"

# --- 1. A byte-order mark is stripped wherever it is reported as ignored --------------------------
"$IRLENS" trec_eval -q -m map "$EX/qrels.txt" "$EX/bm25.run" > "$T/bm25.q"
"$IRLENS" trec_eval -q -m map "$EX/qrels.txt" "$EX/dense.run" > "$T/dense.q"
bom "$T/bm25.q" > "$T/bm25-bom.q"
"$IRLENS" compare --scores "$T/bm25.q" "$T/dense.q" -m AP -f json > "$T/plain.json"
expect 0 "bm25-bom.q starts with a UTF-8 byte-order mark; it was ignored" -- compare --scores "$T/bm25-bom.q" "$T/dense.q" -m AP -f json
python3 - "$T/plain.json" "$T/out" <<'EOF' || fail "a BOM changed the topics or numbers of a trec_eval -q file"
import json, sys
a, b = (json.load(open(f))["measures"][0]["comparisons"][0] for f in sys.argv[1:])
# before: 'all' of the first line became '\ufeffmap'... and the first topic was lost
assert (a["topics"], a["mean"], a["p"]) == (b["topics"], b["mean"], b["p"]), (a, b)
EOF
# check: a clean run with a BOM gains no phantom topic and no finding
bom "$EX/bm25.run" > "$T/bm25-bom.run"
"$IRLENS" check "$EX/bm25.run" --qrels "$EX/qrels.txt" | tail -1 | sed "s|$EX/bm25.run|RUN|" > "$T/check-plain"
expect 0 "starts with a UTF-8 byte-order mark; it was ignored" -- check "$T/bm25-bom.run" --qrels "$EX/qrels.txt"
tail -1 "$T/out" | sed "s|$T/bm25-bom.run|RUN|" > "$T/check-bom"
same "$T/check-plain" "$T/check-bom" "check: a byte-order mark changed the report"
# --topics / --docs lists with a BOM: the good run stays good
cut -d' ' -f1 "$EX/qrels.txt" | sort -u > "$T/topics"; bom "$T/topics" > "$T/topics-bom"
cut -d' ' -f3 "$EX/bm25.run" | sort -u > "$T/docs"; bom "$T/docs" > "$T/docs-bom"
expect 0 "" -- check "$EX/bm25.run" --topics "$T/topics-bom" --docs "$T/docs-bom"
grep -q ": 0 errors, 0 warnings" "$T/out" || { fail "check with BOM lists: findings"; cat "$T/out"; }
# a spreadsheet's matrix: a BOM before the measure name of the first cell, and spaces after commas
printf '\357\273\277AP, bm25, dense\n101, 0.5, 0.25\n102, 1, 0.75\n' > "$T/matrix.csv"
expect 0 "" -- compare --scores "$T/matrix.csv" -f json
python3 - "$T/out" <<'EOF' || fail "matrix CSV with a BOM and spaces: wrong numbers"
import json, sys
c = json.load(open(sys.argv[1]))["measures"][0]
assert c["measure"] == "AP" and c["comparisons"][0]["mean"] == 0.75 and c["comparisons"][0]["versus_mean"] == 0.5, c
EOF

# --- 2. No run format without evidence -------------------------------------------------------------
# qid docid score with integer scores, best first: as MS MARCO ranks it was upside down (AP changed)
printf '101 d01 3\n101 d03 2\n101 d02 1\n102 d05 2\n102 d04 1\n' > "$T/int-scores.tsv"
expect 3 "int-scores.tsv:1: the third column is not a rank: topic 101 starts at 3" -- eval "$EX/qrels.txt" "$T/int-scores.tsv" -m AP
grep -qF "read as an MS MARCO run (qid pid rank) because its first content line, line 1, has 3 columns" "$T/err" || fail "the guess is not named"
grep -qF -- "--run-format" "$T/err" || fail "the error does not say how to give the format"
printf '101 d01 1\n101 d03 3\n101 d02 2\n' > "$T/int-scores2.tsv"  # scores 1..3 ascending: still no ranks
expect 3 "int-scores2.tsv:3: the third column is not a rank: 2 after 3 in topic 101" -- eval "$EX/qrels.txt" "$T/int-scores2.tsv" -m AP
printf '101 d01 1\n101 d03 2\n101 d02 3\n102 d05 1\n102 d04 2\n' > "$T/ms.tsv"
expect 0 "ms.tsv: read as an MS MARCO run (line 1 has 3 columns, and the ranks start at 1 and increase within each topic)" -- eval "$EX/qrels.txt" "$T/ms.tsv" -m AP
expect 0 "ms.tsv: read as an MS MARCO run (given)" -- eval "$EX/qrels.txt" "$T/ms.tsv" -m AP --run-format msmarco
expect 3 "expected 6 columns" -- eval "$EX/qrels.txt" "$T/ms.tsv" -m AP --run-format trec
expect 2 "--run-format must be auto, trec, msmarco or json, got 'tsv'" -- eval "$EX/qrels.txt" "$T/ms.tsv" -m AP --run-format tsv
expect 2 "--run-format is for qrels and runs, not for --scores" -- compare --scores "$T/bm25.q" "$T/dense.q" --run-format trec
# A TREC run gets no such warning
expect 0 "" -- eval "$EX/qrels.txt" "$EX/bm25.run" -m AP
[ -s "$T/err" ] && { fail "a TREC run gave a warning"; cat "$T/err"; }
# a malformed TREC run whose first line decided the format: the error says so (before: blamed line 2 alone)
{ echo "101 Q0 1"; cat "$EX/bm25.run"; } > "$T/broken.run"  # the first line lost 3 columns, and reads as rank 1
expect 3 "broken.run:2: expected 3 columns (qid pid rank), found more; the file was read as an MS MARCO run (qid pid rank) because its first content line, line 1, has 3 columns" -- eval "$EX/qrels.txt" "$T/broken.run" -m AP

# --- 3. Score files refuse what they cannot read without changing a number -------------------------
"$IRLENS" eval -q -f json "$EX/qrels.txt" $RUNS $M > "$T/e.json"
# a repeated topic key, a repeated run key (nlohmann's DOM kept the last)
python3 - "$T/e.json" "$T" <<'EOF'
import sys
text = open(sys.argv[1]).read()
at = text.index('"per_topic": {') + len('"per_topic": {')
first_topic_end = text.index('},', at) + 2
open(sys.argv[2] + "/dup-topic.json", "w").write(text[:first_topic_end] + text[at:first_topic_end] + text[first_topic_end:])
r = text.index('"runs": {') + len('"runs": {')
open(sys.argv[2] + "/dup-run.json", "w").write(text[:r] + '\n    "bm25.run": {"per_topic": {}},' + text[r:])
EOF
expect 3 'key "101" repeated in one object (first at line' -- compare --scores "$T/dup-topic.json" -m AP
expect 3 'dup-run.json:' -- compare --scores "$T/dup-run.json" -m AP
grep -qF 'key "bm25.run" repeated in one object' "$T/err" || { fail "a repeated run key is not named"; cat "$T/err"; }
grep -qE 'json:[0-9]+: column [0-9]+: ' "$T/err" || fail "a JSON error without line and column"
# concatenated trec_eval -q outputs stay a feature; rows after the last "all" block are a phantom run
cat "$T/bm25.q" "$T/dense.q" > "$T/both.q"
expect 0 "" -- compare --scores "$T/both.q" -m AP
grep -v "	all	" "$T/dense.q" > "$T/dense-topics.q"
cat "$T/bm25.q" "$T/dense-topics.q" > "$T/phantom.q"
expect 3 "phantom.q:$(($(wc -l < "$T/bm25.q") + 1)): per-topic lines after the last 'all' block, with no 'all' block of their own" -- compare --scores "$T/phantom.q" "$T/dense.q" -m AP
# inf, 1e400, AP 1.7 refused with file and line; nan keeps its meaning (a topic without a value)
for bad in inf 1e400 1.7; do
    awk -v v="$bad" 'NR == 2 { $3 = v } { print }' OFS='\t' "$T/bm25.q" > "$T/bad.q"
    case $bad in inf) why="is infinite";; 1e400) why="is beyond a double's range";; *) why="is outside its range, [0, 1]";; esac
    expect 3 "bad.q:2: score '$bad' of map $why" -- compare --scores "$T/bad.q" "$T/dense.q" -m AP
done
awk 'NR == 2 { $3 = "nan" } { print }' OFS='\t' "$T/bm25.q" > "$T/nan.q"
expect 0 "" -- compare --scores "$T/nan.q" "$T/dense.q" -m AP -f json
python3 - "$T/out" "$T/plain.json" <<'EOF' || fail "nan: the topic was not left out"
import json, sys
a = json.load(open(sys.argv[1]))["measures"][0]["comparisons"][0]
b = json.load(open(sys.argv[2]))["measures"][0]["comparisons"][0]
assert a["topics"] == b["topics"] - 1, (a["topics"], b["topics"])
EOF
# a qrels file as a score file: not a score file, at line 1 (before: "run '101' has no scores for AP")
expect 3 "qrels.txt:1: not a score file: column 2, '0', is not a measure name" -- compare --scores "$EX/qrels.txt" "$T/dense.q" -m AP
expect 3 "bm25.run:1: not a score file: line 1 has 6 columns" -- compare --scores "$EX/bm25.run" "$T/dense.q" -m AP

# --- 4. Scores beyond a double's range in runs: refused, TREC and JSON -----------------------------
printf '101 Q0 d01 1 1e400 t\n101 Q0 d02 2 1e401 t\n' > "$T/huge.run"
expect 3 "huge.run:1: score '1e400' is beyond a double's range" -- eval "$EX/qrels.txt" "$T/huge.run" -m AP
printf '{"101": {"d01": 1e400, "d02": 1e401}}\n' > "$T/huge.json"
expect 3 "huge.json:1: column 17: score 1e400 of \"d01\" is beyond a double's range" -- eval "$EX/qrels.txt" "$T/huge.json" -m AP
"$IRLENS" check "$T/huge.run" > "$T/out" 2>&1; [ $? = 4 ] || fail "check: 1e400 is no error"
grep -qF "score '1e400' is beyond a double's range" "$T/out" || { fail "check does not flag 1e400"; cat "$T/out"; }

# --- Round trip: every format irlens writes reads back by --scores to the numbers written ----------
# eval -f json keeps the runs in the order given, so compare --scores pairs them as compare does
"$IRLENS" eval -f json "$EX/qrels.txt" $EX/hybrid.run $EX/bm25.run -m AP > "$T/order.json"
python3 -c "import json,sys; r=list(json.load(open(sys.argv[1]))['runs']); assert r == ['hybrid.run', 'bm25.run'], r" "$T/order.json" \
    || fail "eval -f json does not keep the runs' order"
"$IRLENS" compare "$EX/qrels.txt" $RUNS $M -f json > "$T/c-runs.json"
"$IRLENS" compare --scores "$T/e.json" $M -f json > "$T/c-json.json"
python3 - "$T/c-runs.json" "$T/c-json.json" <<'EOF' || fail "compare --scores on eval's JSON differs from compare on the runs"
import json, sys
a, b = (json.load(open(f))["measures"] for f in sys.argv[1:])
for ma, mb in zip(a, b):
    for x, y in zip(ma["comparisons"], mb["comparisons"]):
        for k in ("run", "versus", "mean", "versus_mean", "difference", "statistic", "p", "p_adjusted", "topics"):
            assert x[k] == y[k], (ma["measure"], k, x[k], y[k])
EOF
"$IRLENS" eval -q -f tsv --precision 17 "$EX/qrels.txt" $RUNS $M > "$T/e.tsv"
"$IRLENS" eval -q -f csv --provenance "$EX/qrels.txt" $RUNS $M > "$T/e.csv"
"$IRLENS" trec_eval -q -m map -m ndcg_cut.10 -m P.5 "$EX/qrels.txt" "$EX/bm25.run" > "$T/t1.q"
"$IRLENS" trec_eval -q -m map -m ndcg_cut.10 -m P.5 "$EX/qrels.txt" "$EX/dense.run" > "$T/t2.q"
for f in e.tsv e.csv e.json "t1.q t2.q"; do
    (cd "$T" && "$IRLENS" compare --scores $f $M -f json) > "$T/c.json" 2> "$T/err" || { fail "compare --scores $f failed"; cat "$T/err"; continue; }
    python3 - "$T" "$f" "$T/c.json" <<'EOF' || fail "$f: the numbers read back differ from the numbers written"
import csv, json, sys
from collections import defaultdict
d, files, out = sys.argv[1], sys.argv[2].split(), sys.argv[3]
names = {"map": "AP", "ndcg_cut_10": "nDCG@10", "P_5": "P@5"}
vals = defaultdict(lambda: defaultdict(dict))   # run -> measure -> topic -> value, as written
for f in files:
    path = d + "/" + f
    if f.endswith(".json"):
        for run, r in json.load(open(path))["runs"].items():
            for t, ms in r["per_topic"].items():
                for m, v in ms.items():
                    vals[run][m][t] = v
        continue
    rows = [l for l in open(path).read().splitlines() if l and not l.startswith("#")]
    if f.endswith(".csv"):
        rows = [r for r in csv.reader(rows)][1:]
    else:
        rows = [l.split() for l in rows]
    for r in rows:
        if f.endswith(".q"):
            m, t, v = r
            if m == "runid":  # the name of the run whose all block this is (it comes last)
                for mm in list(vals[f]): vals[v][mm] = vals[f].pop(mm)
                del vals[f]
            run = f
            if t == "all" or m not in names: continue
            m = names[m]
        else:
            run, m, t, v = r
            if t == "all": continue
        vals[run][m][t] = float(v)
for c in json.load(open(out))["measures"]:
    for x in c["comparisons"]:
        for run, key in ((x["run"], "mean"), (x["versus"], "versus_mean")):
            v = vals[run][c["measure"]]
            s = 0.0
            for t in sorted(v, key=lambda t: t.encode()):  # the readers' order: topic ids in byte order
                s += v[t]
            assert x[key] == s / len(v), (run, c["measure"], x[key], s / len(v))
EOF
done

# --- A streamed run whose topics are interleaved names the topic that interrupted it ---------------
printf '101 Q0 d01 1 3 t\n102 Q0 d04 1 3 t\n103 Q0 d07 1 3 t\n101 Q0 d02 2 2 t\n' > "$T/interleaved.run"
IRLENS_STREAM_ABOVE=0 IRLENS_MEMORY_LIMIT=1 expect 3 "interleaved.run:4: topic '101' appears again (its lines from line 1 on stopped at topic '102')" -- eval "$EX/qrels.txt" "$T/interleaved.run" -m AP

[ "$fails" = 0 ] && echo "borders: all passed" || { echo "borders: $fails failed"; exit 1; }
