#!/bin/sh
# Issue 37, "reliability at the newest edges", as a user of the CLI meets them: the design options
# of meta topic-set-size / power (each checked against its own range, computed from alpha/2 and
# beta themselves, never an internal error, never a false note), score files read back with every
# run name and the -q advice for every format, a control byte in a team name refused.
# usage: edges.sh PATH/TO/irlens
. "$(dirname "$0")/common.sh"

# has TEXT: the last output holds TEXT.
has() { grep -qF -- "$1" "$T/out" || { fail "output lacks '$1':"; head -12 "$T/out"; }; }
lacks() { ! grep -qF -- "$1" "$T/out" || { fail "output holds '$1':"; head -12 "$T/out"; }; }

# Three runs on four topics (AP): V_E and V_W are positive.
printf '1 0 a 1\n1 0 b 1\n2 0 c 1\n2 0 d 1\n3 0 e 1\n3 0 f 1\n4 0 g 1\n4 0 h 1\n' > "$T/qrels"
printf '1 Q0 a 1 3 x\n1 Q0 z 2 2 x\n2 Q0 z 1 3 x\n2 Q0 c 2 2 x\n3 Q0 e 1 3 x\n4 Q0 z 1 3 x\n4 Q0 g 2 2 x\n' > "$T/x.run"
printf '1 Q0 z 1 3 y\n1 Q0 b 2 2 y\n2 Q0 c 1 3 y\n3 Q0 z 1 3 y\n3 Q0 f 2 2 y\n4 Q0 h 1 3 y\n' > "$T/y.run"
printf '1 Q0 a 1 3 w\n1 Q0 b 2 2 w\n2 Q0 d 1 3 w\n3 Q0 z 1 3 w\n4 Q0 z 1 3 w\n4 Q0 z2 2 2 w\n' > "$T/w.run"
RUNS="$T/qrels $T/x.run $T/y.run $T/w.run"

# 1. Design options: each states and checks its range, with the value named.
expect 2 "--alpha must be between 0 and 1 (exclusive) and at least 1e-100, e.g. 0.05 (got 1e-300)" -- meta topic-set-size $RUNS -m AP --alpha 1e-300
expect 2 "--alpha must be between 0 and 1 (exclusive) and at least 1e-100, e.g. 0.05 (got 1e-200)" -- meta power $RUNS -m AP --alpha 1e-200
expect 2 "(got 1e-101)" -- meta topic-set-size $RUNS -m AP --beta 1e-101
expect 2 "--ci-width must be a positive number, e.g. 0.1 (got 0)" -- meta topic-set-size $RUNS -m AP --ci-width 0
expect 2 "--ci-width must be a positive number, e.g. 0.1 (got -1)" -- meta topic-set-size $RUNS -m AP --ci-width -1
# alpha below 1.1e-16: 1 - alpha/2 rounded to 1 and paired-t answered nan "more than 10000000
# topics"; from alpha/2 itself it is a number, more than at 1e-15 (and the ANOVA's too).
expect 0 "" -- meta topic-set-size $RUNS -m AP --alpha 1e-15
t15=$(awk -F'\t' '$2 == "paired-t" { print $8 }' "$T/out")
a15=$(awk -F'\t' '$2 == "anova" { print $8 }' "$T/out")
expect 0 "" -- meta topic-set-size $RUNS -m AP --alpha 1e-17
t17=$(awk -F'\t' '$2 == "paired-t" { print $8 }' "$T/out")
a17=$(awk -F'\t' '$2 == "anova" { print $8 }' "$T/out")
lacks "more than"
case "$t15$t17$a15$a17" in *nan*|"") fail "alpha 1e-15 / 1e-17: sizes $t15 $t17 $a15 $a17";; esac
[ "${t17:-0}" -gt "${t15:-0}" ] 2>/dev/null || fail "paired-t at alpha 1e-17 ($t17) not above 1e-15 ($t15)"
[ "${a17:-0}" -gt "${a15:-0}" ] 2>/dev/null || fail "anova at alpha 1e-17 ($a17) not above 1e-15 ($a15)"
# beta 1e-17 and 1e-20 gave one size (1 - beta is 1 in a double): the search runs on beta itself.
expect 0 "" -- meta topic-set-size $RUNS -m AP --beta 1e-20
b20=$(awk -F'\t' '$2 == "paired-t" { print $8 }' "$T/out")
expect 0 "" -- meta topic-set-size $RUNS -m AP --beta 1e-17
b17=$(awk -F'\t' '$2 == "paired-t" { print $8 }' "$T/out")
[ "${b20:-0}" -gt "${b17:-0}" ] 2>/dev/null || fail "paired-t at beta 1e-20 ($b20) not above 1e-17 ($b17)"
# A noncentrality Boost.Math cannot evaluate: a note naming it, never "internal error" nor "V_E is 0".
expect 0 "" -- meta power $RUNS -m AP --min-diff 1e300
has "the noncentral t distribution could not be evaluated with 4 topics"
lacks "V_E is 0"
expect 0 "" -- meta topic-set-size $RUNS -m AP --min-diff 1e300 --ci-width 0.5
has "the noncentral t distribution could not be evaluated with 2 topics"
has "the noncentral F distribution could not be evaluated with 2 topics"
expect 0 "" -- meta topic-set-size $RUNS -m AP --min-diff 1e300 --curve

# 2. Score files: every run name comes back from eval -q -f csv; without -q every format says so.
cp "$T/x.run" "$T/'=x.run"; cp "$T/y.run" "$T/'+y.run"; cp "$T/w.run" "$T/''-w.run"
expect 0 "" -- eval -q -f csv "$T/qrels" "$T/'=x.run" "$T/'+y.run" "$T/''-w.run" -m AP
has "''=x.run,AP,1,"
has "'''-w.run,AP,1,"
cp "$T/out" "$T/scores.csv"
expect 0 "" -- compare --scores "$T/scores.csv"
has "'=x.run"
has "'+y.run"
has "''-w.run"
for f in tsv csv; do
    "$IRLENS" eval -f $f "$T/qrels" "$T/x.run" "$T/y.run" -m AP > "$T/all.$f"
    expect 3 "all.$f:" -- compare --scores "$T/all.$f"
    expect 3 "run 'x.run' has no per-topic scores, only 'all' rows (write them with irlens eval -q -f $f)" -- compare --scores "$T/all.$f"
    expect 3 "(write them with irlens eval -q -f $f)" -- meta power --scores "$T/all.$f"
done
"$IRLENS" eval -f json "$T/qrels" "$T/x.run" "$T/y.run" -m AP > "$T/all.json"
expect 3 "has no per-topic scores (write them with irlens eval -q -f json)" -- compare --scores "$T/all.json"
printf 'map\tall\t0.5\nP_5\tall\t0.2\n' > "$T/trec_all.txt"
expect 3 "trec_all.txt:1: no per-topic scores, only 'all' lines (write them with trec_eval -q)" -- compare --scores "$T/trec_all.txt"

# 3. A control byte in a team name: refused naming file, line and byte (it reached the outputs).
printf 'x.run\tA\000\ny.run\tB\n' > "$T/teams.tsv"
expect 3 "teams.tsv:1: group 'A\\x00' of run 'x.run' holds a control character (byte 0x00)" -- eval $RUNS -m 'NRG(base=nDCG,prior=best_per_group)@10' --groups "$T/teams.tsv"
printf 'run,team\nx.run,"T\t1"\n' > "$T/teams.csv"
expect 3 "teams.csv:2: group 'T\\x091' of run 'x.run' holds a control character (byte 0x09)" -- meta loo $RUNS -m AP --groups "$T/teams.csv"

[ "$fails" = 0 ] && echo "edges: all passed" || { echo "edges: $fails failed"; exit 1; }
