#!/bin/bash
# `irlens runs` and `irlens repro` as a user sees them: hand-checked values in tsv, json's nulls
# and left-out topics, LaTeX, and the errors (exit 2 usage, 3 input, nothing on stdout).
# usage: repro.sh PATH/TO/irlens SOURCE_DIR
. "$(dirname "$0")/common.sh"
SRC=$2

printf '1 0 a 1\n1 0 b 0\n2 0 a 1\n' > "$T/qrels"
printf '1 Q0 a 1 2 A\n1 Q0 b 2 1 A\n2 Q0 a 1 1 A\n' > "$T/A"
printf '1 Q0 b 1 2 B\n1 Q0 a 2 1 B\n' > "$T/B"

# Topic 1: [a b] vs [b a], p = 0.9. X_1 = 0, X_2 = 2.
#   RBO_ext = (0.1/0.9)(2/2 0.81) + 0.81 = 0.9
#   RBO_min = (0.1/0.9)((0 - 2) 0.9 - 2 ln 0.1) = 0.311686; RBO_max = p = 0.9, RBO_res = 0.588314
#   KTU: the one pair discordant: -1. overlap@1 = jaccard@1 = 0. Topic 2: only A answered it.
"$IRLENS" runs "$T/qrels" "$T/A" "$T/B" -k 1 > "$T/out" 2> "$T/err" || fail "runs: exit $?"
grep -qxF "$(printf 'all\t2\t2\t0.3117\t0.5883\t0.9000\t-1.0000\t0.0000\t0.0000')" "$T/out" \
    || { fail "runs: the means"; cat "$T/out"; }
grep -qF "1 topic(s) only A answered, left out: 2" "$T/err" || { fail "runs: the left-out topic"; cat "$T/err"; }

# RBO_min of [a] vs [a], p = 0.9: (0.1/0.9)(0 - ln 0.1) = 0.2558 (the unseen items may all differ).
# json: the left-out topics, and null (never a number) where KTU is undefined (one document each).
printf '1 Q0 a 1 1 C\n' > "$T/C"
"$IRLENS" runs "$T/qrels" "$T/C" "$T/C" -f json > "$T/json" 2> /dev/null || fail "runs json: exit $?"
grep -qF '"KTU": null' "$T/json" || { fail "runs json: KTU of one document is not null"; cat "$T/json"; }
"$IRLENS" runs "$T/qrels" "$T/A" "$T/B" -f json > "$T/json" 2> /dev/null
tr -d ' \n' < "$T/json" | grep -qF '"only_a":["2"]' || { fail "runs json: only_a"; cat "$T/json"; }
"$IRLENS" runs "$T/qrels" "$T/C" "$T/C" -f latex > "$T/tex" 2> /dev/null
grep -qF 'all & 1 & 1 & 0.2558 & 0.7442 & 1.0000 & undefined' "$T/tex" || { fail "runs latex"; cat "$T/tex"; }

# repro on the examples: repro_eval's values (tests/golden/repro_eval/examples.json) in tsv.
E="$SRC/examples"
"$IRLENS" repro "$E/qrels.txt" --orig-baseline "$E/bm25.run" --orig-advanced "$E/hybrid.run" \
    --repro-baseline "$E/dense.run" --repro-advanced "$E/hybrid.run" -m AP -k 5 > "$T/out" 2> "$T/err" || fail "repro: exit $?"
grep -qxF "$(printf 'ER\tAP\t0\tboth\t0.1749\t3\t')" "$T/out" || { fail "repro: ER"; cat "$T/out"; }
grep -qxF "$(printf 'KTU_repro_eval\t\t5\tbaseline\t-0.1333\t3\t')" "$T/out" || { fail "repro: KTU_repro_eval"; cat "$T/out"; }
grep -qF "$(printf 'p_value\tAP\t0\tadvanced\tnan\t3\tall differences are 0')" "$T/out" || { fail "repro: undefined p"; cat "$T/out"; }
# Replicability: other qrels; no document order, no RMSE; the unpaired t-test.
"$IRLENS" repro "$E/qrels.txt" --orig-baseline "$E/bm25.run" --orig-advanced "$E/hybrid.run" \
    --repro-baseline "$E/dense.run" --repro-advanced "$E/hybrid.run" --repro-qrels "$E/qrels.txt" -m AP -f json > "$T/json" \
    || fail "repro replicability: exit $?"
grep -qF '"kind": "replicability"' "$T/json" || fail "repro replicability: kind"
grep -qF '"quantity": "KTU"' "$T/json" && fail "repro replicability: document order rows"
grep -qF '"quantity": "RMSE"' "$T/json" && fail "repro replicability: RMSE rows"

refused 2 "irlens runs takes QRELS RUN_A RUN_B" -- runs "$T/qrels" "$T/A"
refused 2 "--cutoffs takes whole numbers of at least 1, got '0'" -- runs "$T/qrels" "$T/A" "$T/B" -k 0
refused 2 "the persistence p must be between 0 and 1" -- runs "$T/qrels" "$T/A" "$T/B" -p 1
refused 2 "--orig-advanced RUN is required" -- repro "$T/qrels" --orig-baseline "$T/A" --repro-baseline "$T/B" --repro-advanced "$T/B"
printf '1 Q0 a 1 2 D\n1 Q0 a 2 1 D\n' > "$T/dup"
refused 3 "dup" -- runs "$T/qrels" "$T/dup" "$T/A"
refused 3 "missing" -- repro "$T/qrels" --orig-baseline "$T/missing" --orig-advanced "$T/A" --repro-baseline "$T/B" --repro-advanced "$T/B"

grep -q "internal error" "$T/err" && fail "an internal error"
[ "$fails" = 0 ] && echo "repro.sh: all checks passed"
exit $((fails > 0))
