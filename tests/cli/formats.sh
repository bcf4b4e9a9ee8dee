#!/bin/bash
# Inputs people bring (issue 16 items 8 and 10), as a user sees them:
# - BEIR qrels, MS MARCO runs and ranx / ir_measures JSON give `irlens eval` the TREC files'
#   numbers; their errors name file, line (JSON: and column) and problem; the drop-in refuses them;
# - `compare --scores` and `meta --scores` on per-topic scores (irlens eval -q tsv/json, trec_eval
#   -q, ir_measures -q tsv/jsonl, a CSV matrix) give the p-values of the qrels and runs that made
#   them; --pairs with a correction over the chosen pairs; a trec_eval -q file of ../shared.
# usage: formats.sh PATH/TO/irlens SOURCE_DIR
. "$(dirname "$0")/common.sh"
SRC=$2
EX=$SRC/examples
SHARED=$SRC/../shared/data

# same WHAT FILE1 FILE2: the two outputs are equal.
same() { cmp -s "$2" "$3" || { fail "$1 differs:"; diff "$2" "$3" | head -10; }; }

# --- Item 10: the same judgments and rankings in four formats --------------------------------
# Topic 101: d01 grade 2, d02 grade 1; 102: d05 grade 1. The run ranks d02, then d01 and d09 tied
# at rank 2 (MS MARCO: score = -rank; trec_eval's tie rule puts d09 before d01), and d05 for 102.
# Hand-checked: AP(101) = (1/1 + 2/3) / 2 = 5/6, AP(102) = 1: mean 11/12 = 0.9167; P@2 = 1/2.
printf '101 0 d01 2\n101 0 d02 1\n102 0 d05 1\n' > "$T/trec.qrels"
printf 'query-id\tcorpus-id\tscore\n101\td01\t2\n101\td02\t1\n102\td05\t1\n' > "$T/beir.tsv"
printf '{"101": {"d01": 2, "d02": 1},\n "102": {"d05": 1}}\n' > "$T/qrels.json"
printf '101 Q0 d02 1 -1 r\n101 Q0 d01 2 -2 r\n101 Q0 d09 2 -2 r\n102 Q0 d05 1 -1 r\n' > "$T/r"
printf '101\td02\t1\n101\td01\t2\n101\td09\t2\n102\td05\t1\n' > "$T/msmarco"
printf '{"101": {"d02": 3, "d01": 2.5, "d09": 2.5}, "102": {"d05": 1}}' > "$T/run.json"
mkdir "$T/ms" "$T/js" && cp "$T/msmarco" "$T/ms/r" && cp "$T/run.json" "$T/js/r"  # one run name: r
gzip -c "$T/qrels.json" > "$T/qrels.json.gz"
"$IRLENS" eval -m AP -m P@2 "$T/trec.qrels" "$T/r" > "$T/want" || fail "eval on TREC files: exit $?"
grep -q $'^r\tAP\tall\t0.9167$' "$T/want" || { fail "TREC files: AP is not 11/12:"; cat "$T/want"; }
for q in beir.tsv qrels.json qrels.json.gz trec.qrels; do
    for r in r ms/r js/r; do
        "$IRLENS" eval -m AP -m P@2 "$T/$q" "$T/$r" > "$T/got" 2> "$T/err" || { fail "eval $q $r: exit $?"; cat "$T/err"; }
        same "eval $q $r" "$T/want" "$T/got"
    done
done
# The trec_eval drop-in reads TREC files only, as trec_eval.
refused 3 "beir.tsv:1: expected 4 columns" -- trec_eval "$T/beir.tsv" "$T/r"
refused 3 "msmarco:1: expected 6 columns" -- trec_eval "$T/trec.qrels" "$T/msmarco"
# Errors: file, line (JSON: column and key path), problem.
printf 'query-id\tcorpus-id\tscore\n101\td01\n' > "$T/beir_short"
refused 3 "beir_short:2: expected 3 columns (query-id corpus-id score), found 2" -- eval -m AP "$T/beir_short" "$T/r"
printf '101\td01\t1\n101\td02\tfirst\n' > "$T/ms_rank"
refused 3 "ms_rank:2: rank 'first' is not an integer" -- eval -m AP "$T/trec.qrels" "$T/ms_rank"
printf '{"101": {"d01": 1,\n  "d01": 2}}' > "$T/dup.json"
refused 3 'dup.json:2: column 3: document id "d01" repeated (first at line 1, column 10) (in topic "101")' -- eval -m AP "$T/dup.json" "$T/r"
printf '{"101": {"d01": "high"}}' > "$T/str.json"
refused 3 'str.json:1: column 17: expected a number (the score)' -- eval -m AP "$T/trec.qrels" "$T/str.json"
printf '{"101": {"d01": 1}' > "$T/open.json"
refused 3 "open.json:1: unexpected end of the file: the JSON object is not closed" -- eval -m AP "$T/open.json" "$T/r"
printf '\357\273\277{"101": {"d01": 1, "d02": 1.5}}' > "$T/bom.json"
refused 3 "bom.json:1: column 27: relevance '1.5' of \"d02\" is not an integer" -- eval -m AP "$T/bom.json" "$T/r"
head -c 3000000 /dev/zero | tr '\0' ' ' > "$T/spaces.json"
printf '{"1": {"a": 1}}' >> "$T/spaces.json"  # JSON on one line longer than 1 MiB is fine
"$IRLENS" eval -m AP "$T/spaces.json" "$T/r" > /dev/null 2>&1 || fail "a JSON line longer than 1 MiB (whitespace) was refused"

# --- Item 8: statistics from per-topic scores -------------------------------------------------
Q=$EX/qrels.txt
RUNS="$EX/bm25.run $EX/dense.run $EX/hybrid.run"
# p-values and means (columns: measure run mean ... statistic p p_adjusted), without the header.
pcols() { grep -v '^#' "$1" | cut -f1-3,6,7,13-15; }
"$IRLENS" compare -m AP -m P@5 "$Q" $RUNS > "$T/c_runs" || fail "compare on runs: exit $?"
# Hand-checked (bm25 vs dense, AP): per-topic differences -1/3, -23/60 and 93/280 - 41/48 = -877/1680;
# mean -0.41290, sd 0.097757, t = -0.41290 / (0.097757 / sqrt 3) = -7.3156; df 2:
# p = 1 - |t| / sqrt(t^2 + 2) = 0.01818.
grep -q $'^AP\tbm25.run\t0.4829\t.*\tdense.run\t.*\t-7.3156\t0.01818\t0.01818\t' "$T/c_runs" || { fail "compare AP bm25 vs dense:"; cat "$T/c_runs"; }
"$IRLENS" eval -q -m AP -m P@5 -f json "$Q" $RUNS > "$T/s.json"
"$IRLENS" eval -q -m AP -m P@5 --precision 17 "$Q" $RUNS > "$T/s.tsv"
for f in s.json s.tsv; do
    "$IRLENS" compare --scores "$T/$f" > "$T/c_scores" 2> "$T/err" || { fail "compare --scores $f: exit $?"; cat "$T/err"; }
    pcols "$T/c_runs" > "$T/a"; pcols "$T/c_scores" > "$T/b"
    same "compare --scores $f vs qrels and runs" "$T/a" "$T/b"
done
# ir_measures -q (topic measure value, its 'all' lines first) and --output jsonl, one run per file;
# a topic x run CSV matrix naming its measure in the first cell.
for r in bm25 dense hybrid; do
    awk -F'\t' -v r="$r.run" '$1 == r { print $3 "\t" $2 "\t" $4 }' "$T/s.tsv" > "$T/$r.run"
    awk -F'\t' -v r="$r.run" '$1 == r { printf "{\"query_id\": \"%s\", \"measure\": \"%s\", \"value\": %s}\n", $3, $2, $4 }' "$T/s.tsv" > "$T/$r.jsonl"
done
mkdir "$T/jl" && for r in bm25 dense hybrid; do mv "$T/$r.jsonl" "$T/jl/$r.run"; done
"$IRLENS" compare --scores "$T/bm25.run" "$T/dense.run" "$T/hybrid.run" > "$T/c_scores" || fail "compare --scores ir_measures: exit $?"
pcols "$T/c_scores" > "$T/b"; same "compare --scores ir_measures tsv" "$T/a" "$T/b"
"$IRLENS" compare --scores "$T/jl/bm25.run" "$T/jl/dense.run" "$T/jl/hybrid.run" > "$T/c_scores" || fail "compare --scores jsonl: exit $?"
pcols "$T/c_scores" > "$T/b"; same "compare --scores ir_measures jsonl" "$T/a" "$T/b"
awk -F'\t' '$2 == "AP" && $3 != "all" { v[$3, $1] = $4; t[$3] = 1 }
    END { print "AP,bm25.run,dense.run,hybrid.run"; for (x in t) print x "," v[x, "bm25.run"] "," v[x, "dense.run"] "," v[x, "hybrid.run"] }' \
    "$T/s.tsv" > "$T/matrix.csv"
"$IRLENS" compare --scores "$T/matrix.csv" > "$T/c_scores" || fail "compare --scores matrix: exit $?"
pcols "$T/c_runs" | grep -v '^P@5' | awk '!seen[$0]++' > "$T/a1"; pcols "$T/c_scores" > "$T/b"; same "compare --scores matrix.csv" "$T/a1" "$T/b"
# trec_eval -q (the drop-in's bytes: 4 decimals), two runs concatenated: the p-values of irlens'
# scores printed with 4 decimals.
"$IRLENS" trec_eval -q -c -m all_trec "$Q" "$EX/bm25.run" > "$T/te.txt"
"$IRLENS" trec_eval -q -c -m all_trec "$Q" "$EX/dense.run" >> "$T/te.txt"
"$IRLENS" compare --scores "$T/te.txt" -m map -m P_5 > "$T/c_te" 2> "$T/err" || { fail "compare --scores trec_eval: exit $?"; cat "$T/err"; }
"$IRLENS" eval -q -m AP -m P@5 "$Q" "$EX/bm25.run" "$EX/dense.run" > "$T/s4.tsv"
"$IRLENS" compare --scores "$T/s4.tsv" > "$T/c_4" || fail "compare --scores 4 decimals: exit $?"
pcols "$T/c_te" | sed 's/\.run//g' > "$T/a"; pcols "$T/c_4" | sed 's/\.run//g' > "$T/b"
same "compare --scores trec_eval -q (runs named by their runid)" "$T/a" "$T/b"
# --pairs: only the chosen pairs, Holm over those two. p: 0.01818 (dense vs bm25) and 0.02816
# (hybrid vs bm25); Holm: 2 x 0.01818 = 0.03635, then max(0.03635, 1 x 0.02816) = 0.03635.
"$IRLENS" compare --scores "$T/s.json" -m AP --pairs dense.run:bm25.run,hybrid.run:bm25.run --correction holm > "$T/c_pairs" ||
    fail "compare --pairs: exit $?"
grep -q '^# test: paired t-test, two-sided, Holm correction over 2 pair(s)$' "$T/c_pairs" || { fail "--pairs: family"; cat "$T/c_pairs"; }
[ "$(grep -v '^#' "$T/c_pairs" | sed 1d | cut -f2,6,14,15 | tr '\n' ' ')" = \
  "$(printf 'dense.run\tbm25.run\t0.01818\t0.03635 hybrid.run\tbm25.run\t0.02816\t0.03635 ')" ] || { fail "--pairs rows:"; cat "$T/c_pairs"; }
"$IRLENS" compare -m AP --pairs dense.run:bm25.run,hybrid.run:bm25.run --correction holm "$Q" $RUNS > "$T/c_pairs_runs"
pcols "$T/c_pairs" > "$T/a"; pcols "$T/c_pairs_runs" > "$T/b"; same "compare --pairs from runs and from scores" "$T/a" "$T/b"
refused 2 "--pairs: 'nope.run' is not one of the runs (bm25.run, dense.run, hybrid.run)" -- compare --scores "$T/s.json" --pairs nope.run:bm25.run
refused 2 "--pairs and --baseline exclude each other" -- compare --scores "$T/s.json" --pairs dense.run:bm25.run --baseline bm25.run
refused 2 "--pairs takes RUN:RUN pairs" -- compare --scores "$T/s.json" --pairs dense.run
# meta from scores: the numbers of meta from qrels and runs.
"$IRLENS" meta correlation -m AP -m P@5 "$Q" $RUNS | grep -v '^#' > "$T/a"
"$IRLENS" meta correlation --scores "$T/s.json" | grep -v '^#' > "$T/b"
same "meta correlation --scores" "$T/a" "$T/b"
refused 2 "loo re-reads the runs" -- meta loo --scores "$T/s.json"
refused 2 "--missing zero needs the runs" -- compare --scores "$T/s.json" --missing zero
printf 'P_5\t101\t0.4\nP_5\t101\t0.6\n' > "$T/twice"
refused 3 "twice:2: a second score for run 'twice', measure P_5, topic '101'" -- compare --scores "$T/twice"

# A trec_eval -q file of ../shared (TREC-COVID round 1, trec_eval 10.0 -c -q -m all_trec): its
# means are the "all" lines, and its p-values are those of irlens' own scores at 4 decimals.
if [ -d "$SHARED/covid-r1/ref" ]; then
    C=$SHARED/covid-r1
    A=$(ls "$C/ref" | head -1); Bn=$(ls "$C/ref" | sed -n 2p)
    "$IRLENS" compare --scores "$C/ref/$A" "$C/ref/$Bn" -m P_5 -m ndcg_cut_10 > "$T/c_ref" 2> "$T/err" || { fail "compare --scores covid ref: exit $?"; cat "$T/err"; }
    ra=${A%.all_trec.txt.gz}; rb=${Bn%.all_trec.txt.gz}
    "$IRLENS" eval -q -m P@5 -m nDCG@10 "$C/qrels-rnd1.txt" "$C/runs/$ra.gz" "$C/runs/$rb.gz" | sed 's/\.gz\t/\t/' > "$T/s_covid.tsv"
    "$IRLENS" compare --scores "$T/s_covid.tsv" > "$T/c_own" || fail "compare on covid scores: exit $?"
    pcols "$T/c_ref" > "$T/a"; pcols "$T/c_own" > "$T/b"
    same "compare --scores on trec_eval's covid-r1 reference vs irlens' scores" "$T/a" "$T/b"
    want=$(zcat "$C/ref/$A" | awk '$1 == "P_5" && $2 == "all" { print $3 }')
    grep -q "^P@5	$ra	$want	" "$T/c_ref" || { fail "covid: the mean of P_5 is not trec_eval's all line ($want)"; cat "$T/c_ref"; }
else
    echo "SKIPPED: the trec_eval -q file of ../shared/data/covid-r1 (not found)"
fi

[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "cli formats: all checks passed"
