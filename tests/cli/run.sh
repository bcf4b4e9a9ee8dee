#!/bin/bash
# The CLI as a user sees it: exit codes (0 ok, 2 usage, 3 input), messages on stderr naming file
# and line, and nothing at all on stdout when something is wrong.
# No command, on any input, ever says "internal error" on stderr (checked once at the end over
# every command's stderr).
# usage: run.sh PATH/TO/irlens SOURCE_DIR
set -u -o pipefail
IRLENS=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
: > "$T/all_err"

# irl ARGS...: runs irlens, its stderr also kept in $T/all_err for the final "internal error" check.
irl() {
    "$IRLENS" "$@" 2> "$T/err1"
    local rc=$?
    cat "$T/err1" >> "$T/all_err"
    cat "$T/err1" >&2
    return $rc
}

# expect EXIT STDERR_SUBSTRING [STDOUT_SUBSTRING] -- irlens args...
# A command expected to succeed must name what its stdout holds (a substring, or '^$' for nothing).
expect() {
    want_rc=$1; want_err=$2; want_out=""
    if [ "$3" = "--" ]; then shift 3; else want_out=$3; shift 4; fi
    irl "$@" > "$T/out" 2> "$T/err"
    rc=$?
    if [ "$rc" != "$want_rc" ]; then
        echo "FAIL: irlens $* exited $rc, expected $want_rc"; cat "$T/err"; fails=$((fails + 1)); return
    fi
    if [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$T/err"; then
        echo "FAIL: irlens $*: stderr lacks '$want_err':"; cat "$T/err"; fails=$((fails + 1)); return
    fi
    if [ "$want_rc" != 0 ] && [ -s "$T/out" ]; then
        echo "FAIL: irlens $* printed on stdout despite the error:"; head -3 "$T/out"; fails=$((fails + 1))
    fi
    if [ "$want_rc" = 0 ] && [ -z "$want_out" ]; then
        echo "FAIL (test): irlens $*: a successful command must name its expected stdout"; fails=$((fails + 1))
    elif [ "$want_out" = '^$' ] && [ -s "$T/out" ]; then
        echo "FAIL: irlens $* should print nothing on stdout:"; head -3 "$T/out"; fails=$((fails + 1))
    elif [ -n "$want_out" ] && [ "$want_out" != '^$' ] && ! grep -qF -- "$want_out" "$T/out"; then
        echo "FAIL: irlens $*: stdout lacks '$want_out':"; head -5 "$T/out"; fails=$((fails + 1))
    fi
}

printf '1 0 a 1\n1 0 b 0\n2 0 c 1\n' > "$T/qrels"
printf '1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n' > "$T/run"
printf '1 Q0 a 1 2 t\n1 Q0 b 2\n' > "$T/bad_columns"
printf '1 Q0 a 1 2 t\n1 Q0 a 2 1 t\n' > "$T/dup"
printf '1 Q0 a 1 NaN t\n' > "$T/nan"
: > "$T/empty"
printf '1 0 a 1.5\n' > "$T/qrels_float"
gzip -c "$T/run" > "$T/run.gz"
printf 'not gzip at all' | gzip -c | head -c 20 > "$T/truncated.gz"

# Usage: asked for, on stdout; no command or an unknown one, on stderr with exit code 2.
expect 2 "usage:" --
expect 2 "unknown command 'bogus'" -- bogus
irl help > "$T/out" 2> "$T/err"
if [ $? != 0 ] || ! grep -q "usage:" "$T/out" || [ -s "$T/err" ]; then echo "FAIL: irlens help: usage not on stdout"; fails=$((fails + 1)); fi
expect 0 "" $'map                   \tall\t1.0000' -- trec_eval "$T/qrels" "$T/run"
expect 0 "" $'map                   \tall\t1.0000' -- trec_eval "$T/qrels" "$T/run.gz"
expect 3 "bad_columns:2: expected 6 columns" -- trec_eval "$T/qrels" "$T/bad_columns"
expect 3 "dup:2: duplicate document 'a' for topic '1' (first at line 1)" -- trec_eval "$T/qrels" "$T/dup"
expect 3 "nan:1: score is NaN" -- eval "$T/qrels" "$T/nan" -m P@5
expect 3 "empty: no results found" -- trec_eval "$T/qrels" "$T/empty"
expect 3 "empty: no judgments found" -- trec_eval "$T/empty" "$T/run"
expect 3 "qrels_float:1: relevance '1.5' is not an integer" -- trec_eval "$T/qrels_float" "$T/run"
expect 3 "cannot open" -- trec_eval "$T/qrels" "$T/missing_file"
expect 3 "truncated.gz" -- trec_eval "$T/qrels" "$T/truncated.gz"
# Both files bad: the qrels' error, never the run's (20 tries: issue 26's lever 3 read the run on
# a second thread meanwhile, bench/README.md; any such reading must keep this order).
for i in $(seq 20); do
    irl trec_eval "$T/qrels_float" "$T/bad_columns" > "$T/out" 2> "$T/err"
    [ $? = 3 ] && [ "$(cat "$T/err")" = "irlens trec_eval: $T/qrels_float:1: relevance '1.5' is not an integer" ] \
        || { echo "FAIL: a bad qrels with a bad run (try $i):"; cat "$T/err"; fails=$((fails + 1)); break; }
done
expect 3 "qrels_float:1: relevance '1.5' is not an integer" -- trec_eval "$T/qrels_float" "$T/missing_file"
expect 3 "nan:1: score is NaN" -- trec_eval "$T/qrels" "$T/nan"
# Warnings in the order of the files: the qrels' byte-order mark, then the run's, then its error.
printf '\357\273\277' | cat - "$T/qrels" > "$T/bom_qrels"
printf '\357\273\277' | cat - "$T/nan" > "$T/bom_nan"
irl trec_eval "$T/bom_qrels" "$T/bom_nan" > "$T/out" 2> "$T/err"
[ "$(grep -c 'byte-order mark' "$T/err")" = 2 ] && head -1 "$T/err" | grep -qF "$T/bom_qrels starts" \
    && sed -n 2p "$T/err" | grep -qF "$T/bom_nan starts" && sed -n 3p "$T/err" | grep -qF "bom_nan:1: score is NaN" \
    || { echo "FAIL: warnings of both files and the run's error, in order:"; cat "$T/err"; fails=$((fails + 1)); }
expect 2 "illegal measure 'nope'" -- trec_eval -m nope "$T/qrels" "$T/run"
expect 2 "unknown measure 'Nope'" -- eval "$T/qrels" "$T/run" -m Nope@5
expect 2 "needs a cutoff" -- eval "$T/qrels" "$T/run" -m P
expect 2 "unknown option" -- eval "$T/qrels" "$T/run" -m P@5 --bogus
expect 2 "" -- trec_eval "$T/qrels"
# irlens measures: what front-ends present, in every format (E = 1 - F: lower is better)
expect 0 "" $'E\tE-measure\tset\t[@k]\tlower\t[0, 1]\tset\tyes\t\t\tmean\t' -- measures --format tsv
expect 0 "" $'AP\tMAP,map\taverage precision\t[@k]\thigher\t[0, 1]\tranked\tyes\t\tmap,gm_map,map_cut\t' -- measures --format tsv
expect 0 "" '"better": "lower"' -- measures --format json
expect 0 "" '"doc lengths"' -- measures --format json
expect 0 "" '- better: neither; values: a number >= 0; set' -- measures --format md
expect 0 "" '    better: higher; values: [0, 1]; ranked; explainable; needs: diversity qrels' -- measures alpha_nDCG
expect 2 "--format takes text, md, tsv or json" -- measures --format xml
expect 2 "unknown command" -- frobnicate
expect 0 "" "P@k   [precision]" -- measures
expect 0 "" "p (number, default 0.8, [0, 1))" -- measures "RBP"
expect 2 "unknown measure" -- measures "RBX"

# Preference judgments (-R prefs / qrels_prefs) and judgment groups (-R qrels_jg).
printf 'q g s a 1\nq g s b 0\n' > "$T/prefs"
printf 'q g s a 1\nq g s b\n' > "$T/prefs_bad"
printf 'q Q0 a 1 2 t\n' > "$T/prun"
expect 0 "" $'prefs_num_prefs_ful   \tall\t1' -- trec_eval -R prefs -m all_prefs "$T/prefs" "$T/prun"
expect 0 "" $'prefs_num_prefs_ful   \tall\t1' -- trec_eval -R qrels_prefs -m prefs "$T/qrels" "$T/run"
expect 0 "" $'map_avgjg             \tall\t1.0000' -- trec_eval -R qrels_jg -m qrels_jg "$T/qrels" "$T/run"
expect 3 "prefs_bad:2: expected 5 columns (topic jg jsg doc rel_level), found 4" -- trec_eval -R prefs -m prefs "$T/prefs_bad" "$T/prun"
expect 2 "measure 'num_ret' needs -R qrels, not -R prefs" -- trec_eval -R prefs "$T/prefs" "$T/prun"
expect 2 "illegal rel_format 'bogus'" -- trec_eval -R bogus "$T/qrels" "$T/run"
out=$(irl trec_eval -R prefs -m prefs_simp "$T/prefs" "$T/prun")
[ "$out" = "$(printf 'prefs_simp            \tall\t1.0000')" ] || { echo "FAIL: -R prefs output: $out"; fails=$((fails + 1)); }

# stdin as the run, and the same bytes as from the file.
irl trec_eval "$T/qrels" - < "$T/run" > "$T/a" && irl trec_eval "$T/qrels" "$T/run" > "$T/b" && cmp -s "$T/a" "$T/b" \
    || { echo "FAIL: reading the run from stdin differs"; fails=$((fails + 1)); }

# A run topic missing from the qrels is ignored with a warning on stderr.
printf '1 Q0 a 1 2 t\n9 Q0 z 1 2 t\n' > "$T/extra_topic"
# P@1: topic 1 = 1, qrels topic 2 unanswered scores 0 (--missing zero, the default): mean 1/2.
expect 0 "1 lines for 1 topic(s) not in the qrels were ignored (9)" $'extra_topic\tP@1\tall\t0.5000' -- eval "$T/qrels" "$T/extra_topic" -m P@1

# eval output formats
out=$(irl eval "$T/qrels" "$T/run" -m "P@1 NumQ" --missing skip)
[ "$out" = "$(printf "# topics: each run's mean is over the qrels topics it answered (--missing skip)\nrun\tP@1\tall\t1.0000\nrun\tNumQ\tall\t1")" ] || { echo "FAIL: eval tsv output: $out"; fails=$((fails + 1)); }
irl eval "$T/qrels" "$T/run" -m "P(rel=2,judged_only=True)@1" -f csv | grep -qF '"P(rel=2,judged_only=True)@1"' \
    || { echo "FAIL: csv quoting of measure names with commas"; fails=$((fails + 1)); }
irl eval "$T/qrels" "$T/run" -m P@1 -f json -q | grep -q '"per_topic"' || { echo "FAIL: json per_topic"; fails=$((fails + 1)); }

# compare and meta: the same inputs as eval, errors as usage (2) or input (3) errors.
printf '1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 d 0\n3 0 e 1\n3 0 f 0\n4 0 g 1\n4 0 h 0\n' > "$T/q4"
printf '1 Q0 a 1 2 A\n1 Q0 b 2 1 A\n2 Q0 c 1 2 A\n2 Q0 d 2 1 A\n3 Q0 e 1 2 A\n3 Q0 f 2 1 A\n4 Q0 h 1 2 A\n' > "$T/A"
printf '1 Q0 b 1 2 B\n1 Q0 a 2 1 B\n2 Q0 d 1 2 B\n2 Q0 c 2 1 B\n3 Q0 f 1 2 B\n3 Q0 e 2 1 B\n' > "$T/B"
cp "$T/A" "$T/A_copy"
printf 'A\tteamA\nA_copy\tteamA\n' > "$T/groups.tsv"
printf 'A teamA extra\n' > "$T/bad_groups"
# A: P@1 = 1, 1, 1, 0 (mean 0.75); B: 0, 0, 0, 0 (topic 4 unanswered, scored 0); differences
# 1, 1, 1, 0: sd 0.5, t = 0.75 / (0.5 / 2) = 3.
expect 0 "" $'P@1\tA\t0.7500' -- compare "$T/q4" "$T/A" "$T/B" -m P@1
compare_row=$(irl compare "$T/q4" "$T/A" "$T/B" -m P@1 | grep -v '^#' | tail -1 | cut -f10,13)
[ "$compare_row" = "$(printf '0.7500\t3.0000')" ] || { echo "FAIL: compare diff and t: $compare_row"; fails=$((fails + 1)); }
expect 0 "" '"baseline": "A"' -- compare "$T/q4" "$T/A" "$T/B" "$T/A_copy" -m P@1 --baseline A --test bootstrap -B 50 --risk 1 -f json
expect 0 "" "A & B & 0.7500 & [-0.0456, 1.5456] &" -- compare "$T/q4" "$T/A" "$T/B" "$T/A_copy" -m P@1 --test tukey -B 50 -f latex
expect 2 "--baseline 'Z' is not one of the runs (A, B)" -- compare "$T/q4" "$T/A" "$T/B" -m P@1 --baseline Z
expect 2 "--risk needs --baseline" -- compare "$T/q4" "$T/A" "$T/B" -m P@1 --risk 1
expect 2 "Tukey HSD p-values are already adjusted" -- compare "$T/q4" "$T/A" "$T/B" -m P@1 --test tukey --correction holm
expect 2 "--test must be t, wilcoxon, sign, randomisation, bootstrap, unpaired-bootstrap or tukey, got 'z'" -- compare "$T/q4" "$T/A" "$T/B" -m P@1 --test z
expect 2 "-B must be a whole number of at least 1, got '0'" -- compare "$T/q4" "$T/A" "$T/B" -m P@1 -B 0
expect 2 "alternative must be two-sided, greater or less, got 'up'" -- compare "$T/q4" "$T/A" "$T/B" -m P@1 --alternative up
expect 2 "compare needs at least two runs" -- compare "$T/q4" "$T/A" -m P@1
expect 3 "nan:1: score is NaN" -- compare "$T/q4" "$T/A" "$T/nan" -m P@1
expect 2 "unknown analysis 'x'" -- meta x "$T/q4" "$T/A" -m P@1
expect 2 "correlation needs at least two measures" -- meta correlation "$T/q4" "$T/A" "$T/B" -m P@1
expect 2 "concordance needs at least one gold-standard measure" -- meta concordance "$T/q4" "$T/A" "$T/B" -m P@1 -m P@2
expect 2 "stability: cannot draw 9 topic(s) from 4" -- meta stability "$T/q4" "$T/A" "$T/B" -m P@1 --topics 9
expect 2 "run 'B' has no group in" -- meta loo "$T/q4" "$T/A" "$T/B" -m P@1 --groups "$T/groups.tsv"
expect 3 "bad_groups:1: expected 'run<TAB>group' lines or a CSV header" -- meta loo "$T/q4" "$T/A" -m P@1 --groups "$T/bad_groups"
# Predictive power: P@1 of A is 1, 1, 1, 0 and of B 0, 0, 0, 0. Preferences: topic 1 A > B
# agrees (1 > 0), topic 4 A > B is a measure tie (0 = 0: disagreement), topic 2 "B A Y" (A
# preferred) agrees, topic 3 is a human tie (left out): 2 of 3 = 0.6667, 1 measure tie.
printf '1\tA\tB\tX\n4\tA\tB\tX\n2\tB\tA\tY\n3\tA\tB\ttie\n' > "$T/prefs.tsv"
printf '1\tA\tZ\tX\n' > "$T/prefs_run"
printf '1\tA\tB\tX\n1\tA\tB\tmaybe\n' > "$T/prefs_verdict"
expect 0 "" $'P@1\t3\t2\t1\t0\t0.6667' -- meta predictive-power "$T/q4" "$T/A" "$T/B" -m P@1 --preferences "$T/prefs.tsv" -B 100
expect 3 "prefs_run:1: run 'Z' is not one of the runs evaluated (A, B;" -- meta predictive-power "$T/q4" "$T/A" "$T/B" -m P@1 --preferences "$T/prefs_run"
expect 3 "prefs_verdict:2: verdict must be X, Y or tie, got 'maybe'" -- meta predictive-power "$T/q4" "$T/A" "$T/B" -m P@1 --preferences "$T/prefs_verdict"
# Topic set size (issue 27): differences A - B on P@1 are 1 1 1 0 (sample variance 0.25), so with 2 runs
# V_E = 0.25 / 2 = 0.125; V_W = (3 * 0.0625 + 0.5625 + 0) / (2 * 3) = 0.125. A difference of 0.25 is
# 0.25 / sqrt(2 V_E) = 0.5 standard deviations: 34 topics for power 0.8 (Cohen's d_z = 0.5, G*Power).
expect 0 "" $'P@1\tpaired-t\t0.125\t0.05\t0.2\t0.25\t2\t34\t' -- meta topic-set-size "$T/q4" "$T/A" "$T/B" -m P@1 --min-diff 0.25
expect 0 "" $'P@1\t4\t2\t0.125\t0.05\t0.2\t1.0640\t0.05\t0.0524\t' -- meta power "$T/q4" "$T/A" "$T/B" -m P@1
expect 0 "" $'P@1\tpaired-t\t0\t0.05\t0.2\t0.05\t2\tnan\tV_E is 0: the scores leave no variance' -- meta topic-set-size "$T/q4" "$T/A" "$T/A_copy" -m P@1
expect 2 "--beta must be between 0 and 1 - alpha" -- meta topic-set-size "$T/q4" "$T/A" "$T/B" -m P@1 --beta 0.99
expect 2 "--alpha, --beta, --min-diff and --ci-width are for the topic-set-size and power analyses" -- meta unanimity "$T/q4" "$T/A" "$T/B" -m P@1 -m P@2 --alpha 0.1
expect 2 "predictive-power needs --preferences FILE" -- meta predictive-power "$T/q4" "$T/A" "$T/B" -m P@1
expect 2 "--preferences is for the predictive-power analysis" -- meta unanimity "$T/q4" "$T/A" "$T/B" -m P@1 --preferences "$T/prefs.tsv"
# P@2 is 0.5, 0.5, 0.5, 0 for every run (A, B, A_copy): a constant ranking (tau undefined), no
# significant pair, every trial tied (stability 1/2).
expect 0 "" $'P@1\tP@2\t3\t0.0000\tnan' -- meta correlation "$T/q4" "$T/A" "$T/B" "$T/A_copy" -m P@1 -m P@2
expect 0 "" $'P@2\t3\t0\t0\tnan\tnan\t4' -- meta discriminative-power "$T/q4" "$T/A" "$T/B" "$T/A_copy" -m P@1 -m P@2 -B 20
expect 0 "" $'P@2\t2\t20\t0.5000' -- meta stability "$T/q4" "$T/A" "$T/B" "$T/A_copy" -m P@1 -m P@2 --trials 20
expect 0 "" $'measure\tmu\tp_measure' -- meta unanimity "$T/q4" "$T/A" "$T/B" "$T/A_copy" -m P@1 -m P@2
expect 0 "" "no wins on either side: p is undefined" -- meta concordance "$T/q4" "$T/A" "$T/B" -m P@1 -m P@2 --gold R@2
# Each analysis checks its own minimum of topics: Metric Unanimity is defined on one (Amigo et al.,
# SIGIR 2018, Sec. 6.1), a correlation of means needs 2. One topic: A ranks a (relevant) first, B
# ranks b first: P@1 1 vs 0, RR 1 vs 1/2. Ordered pairs (A,B), (B,A): P@1 prefers A in one,
# P(m) = 1/2; RR unanimous on (A,B) only, P(M) = 1/2; jointly 1/2: MU = log2((1/2) / (1/4)) = 1.
printf '1 0 a 1\n1 0 b 0\n' > "$T/q1"
expect 0 "" $'P@1\t1.0000\t0.5000\t0.5000\t0.5000' -- meta unanimity "$T/q1" "$T/A" "$T/B" -m P@1 -m RR
expect 2 "correlation needs at least 2 topics that every run answered" -- meta correlation "$T/q1" "$T/A" "$T/B" -m P@1 -m RR
expect 0 "" '"run": "A_copy"' -- meta loo "$T/q4" "$T/A" "$T/A_copy" -m P@1 --groups "$T/groups.tsv" -f json

# Identical runs: p is undefined (nan in TSV, null in JSON) and the note says why; every output states the topic policy.
irl compare "$T/q4" "$T/A" "$T/A_copy" -m P@1 > "$T/out" 2>&1
grep -q "all differences are 0" "$T/out" || { echo "FAIL: compare of identical runs lacks the note"; fails=$((fails + 1)); }
row=$(grep -v '^#' "$T/out" | tail -1 | cut -f13-16)
[ "$row" = "$(printf 'nan\tnan\tnan\t')" ] || { echo "FAIL: identical runs: t, p, p_adjusted, sig should be nan nan nan '', got $row"; fails=$((fails + 1)); }
irl compare "$T/q4" "$T/A" "$T/A_copy" -m P@1 -f json > "$T/out.json" 2>&1
grep -q '"p": null' "$T/out.json" || { echo "FAIL: compare -f json of identical runs should give p null"; fails=$((fails + 1)); }
grep -q "^# topics: all 4 qrels topics" "$T/out" || { echo "FAIL: compare does not state the topic policy"; fails=$((fails + 1)); }
irl compare "$T/q4" "$T/A" "$T/B" -m P@1 --missing skip > "$T/out" 2>&1
grep -q "^# topics: the 3 of 4 qrels topics that every compared run answered" "$T/out" \
    || { echo "FAIL: compare --missing skip does not state its policy"; fails=$((fails + 1)); }
# P@1: A wins topics 1-3 (1 vs 0), B has no topic 4 (scored 0 with --missing zero, A also 0): sign test 3 of 3.
row=$(irl compare "$T/q4" "$T/A" "$T/B" -m P@1 --test sign | grep -v '^#' | tail -1 | cut -f14)
[ "$row" = "0.25" ] || { echo "FAIL: sign test p of 3 wins out of 3 should be 0.25, got $row"; fails=$((fails + 1)); }
# A resampled p of 0 is p < 1/B in LaTeX: A beats B by 1 on each of topics 1-3 (--missing skip),
# constant differences: the studentised bootstrap's observed t is infinite, no resample reaches it.
out=$(irl compare "$T/q4" "$T/A" "$T/B" -m P@1 --baseline B --test bootstrap -B 100 --missing skip -f latex)
case "$out" in *'$<$0.01 \\'*) ;; *) echo "FAIL: a bootstrap p of 0 with B = 100 should print as \$<\$0.01 in LaTeX"; fails=$((fails + 1)) ;; esac
# Seeds: the same seed gives the same output.
a=$(irl compare "$T/q4" "$T/A" "$T/B" -m P@2 --test bootstrap -B 200 --seed 5 --ci bca)
b=$(irl compare "$T/q4" "$T/A" "$T/B" -m P@2 --test bootstrap -B 200 --seed 5 --ci bca)
[ "$a" = "$b" ] || { echo "FAIL: the same seed gave different output"; fails=$((fails + 1)); }
# Optional inputs: document lengths (TBG, U) and sessions (sDCG).
printf 'a\t5000\t1000\nb\t600\t100\n' > "$T/lengths"
printf 'a\t5000\nb\tmany\n' > "$T/bad_lengths"
printf 'b\t600\n' > "$T/lengths_b"
printf 's1\t1\t1\ns1\t2\t2\n' > "$T/sessions"
printf 's1\t1\t1\ns1\t3\t2\n' > "$T/gap_sessions"
expect 0 "" $'run\tTBG\tall\t' -- eval "$T/qrels" "$T/run" -m "TBG U" --doc-lengths "$T/lengths"
expect 2 "TBG needs document lengths" -- eval "$T/qrels" "$T/run" -m TBG
expect 3 "bad_lengths:2: characters 'many' is not a non-negative integer" -- eval "$T/qrels" "$T/run" -m U --doc-lengths "$T/bad_lengths"
expect 3 "lengths_b: no length for document 'a' (retrieved by run for topic 1)" -- eval "$T/qrels" "$T/run" -m U --doc-lengths "$T/lengths_b"
expect 0 "" $'run\tsDCG@10\tall\t1.0000' -- eval "$T/qrels" "$T/run" -m sDCG@10 --sessions "$T/sessions"
expect 2 "sDCG needs sessions" -- eval "$T/qrels" "$T/run" -m sDCG
expect 3 "gap_sessions:1: session 's1' has no query at position 2" -- eval "$T/qrels" "$T/run" -m sDCG --sessions "$T/gap_sessions"
expect 3 "cannot open" -- eval "$T/qrels" "$T/run" -m TBG --doc-lengths "$T/missing_file"
# The session's value is on its first query's row; the second query's row is nan, left out of the mean.
out=$(irl eval "$T/qrels" "$T/run" -m sDCG -q --missing zero --sessions "$T/sessions")
[ "$out" = "$(printf '# topics: every qrels topic; a topic a run did not answer scores as with trec_eval -c (0 for most measures) (--missing zero)\nrun\tsDCG\t1\t1.0000\nrun\tsDCG\t2\tnan\nrun\tsDCG\tall\t1.0000')" ] \
    || { echo "FAIL: sDCG per-session rows: $out"; fails=$((fails + 1)); }
# compare and meta take the optional inputs too; a topic without a value (sDCG beyond a session's
# first query) is left out of the statistics, as out of the mean.
expect 0 "" $'U\trun' -- compare "$T/qrels" "$T/run" "$T/run.gz" -m U --doc-lengths "$T/lengths"
expect 2 "TBG needs document lengths" -- compare "$T/qrels" "$T/run" "$T/run.gz" -m TBG
out=$(irl compare "$T/qrels" "$T/run" "$T/run.gz" -m sDCG --missing zero --sessions "$T/sessions" | grep -v '^#' | tail -1)
[ "$(printf '%s' "$out" | cut -f20)" = "1" ] || { echo "FAIL: compare sDCG should use 1 topic: $out"; fails=$((fails + 1)); }

# Relative measures and analyses: rarity, unique, relative sweep|sample, eval --groups.
printf '1 Q0 a 1 2 t\n1 Q0 c 2 1 t\n' > "$T/run2"
printf 'run\tgroup\nrun\tA\nrun2.txt\tB\n' > "$T/groups.tsv"
printf 'run,team\nrun,A\nrun,B\n' > "$T/groups_dup.csv"
expect 0 "" "P_rareness@k   [relative]" -- measures P_rareness NRG
expect 0 "" $'1\ta\t1\t2\t2\t0.0000' -- rarity "$T/qrels" "$T/run" "$T/run2" --depth 2
out=$(irl rarity "$T/qrels" "$T/run" "$T/run2" | head -2)
[ "$out" = "$(printf 'topic\tdoc\trel\tfound_by\tsystems\trarity\trarity_mixture\tonly_run\n1\ta\t1\t2\t2\t0.0000\t0.0000\t')" ] \
    || { echo "FAIL: rarity tsv output: $out"; fails=$((fails + 1)); }
expect 2 "pool: run 'nope' is not among the runs evaluated" -- rarity "$T/qrels" "$T/run" --pool nope
expect 2 "--depth K is required" -- unique "$T/qrels" "$T/run"
expect 0 "" $'run\trun\tA\t1\t0.0000\t0' -- unique "$T/qrels" "$T/run" "$T/run2" --depth 1 --groups "$T/groups.tsv"
expect 3 "groups_dup.csv:3: run 'run' is listed twice (first as 'run' at line 2)" -- unique "$T/qrels" "$T/run" --depth 1 --groups "$T/groups_dup.csv"
expect 3 "cannot open" -- eval "$T/qrels" "$T/run" -m P@1 --groups "$T/missing_groups"
# A measure list typed without quotes: P@5 is taken for a run file; eval says so, naming the quoting.
expect 3 "P@5: cannot open: No such file or directory ('P@5' is a measure name: to give several measures, quote the list, -m 'nDCG@10 P@5', or repeat -m)" -- eval "$T/qrels" "$T/run" -m nDCG@10 P@5
# Every file is checked before any is read: a malformed qrels file is not what is reported.
printf '1 0 a\n' > "$T/qrels_bad_first"
expect 3 "$T/missing_run: cannot open" -- eval "$T/qrels_bad_first" "$T/run" "$T/missing_run" -m P@1
expect 2 "needs the group of every run" -- eval "$T/qrels" "$T/run" "$T/run2" -m "NRG(prior=best_per_group)@2"
# P_rareness(alpha=1)@2 of run: topic 1 a (found by both runs: weight 1), b not relevant: 1/2;
# topic 2 unanswered: 0; mean 1/4.
expect 0 "" $'run\tP_rareness(alpha=1)@2\tall\t0.2500' -- eval "$T/qrels" "$T/run" "$T/run2" -m "NRG(prior=best_per_group)@2 P_rareness(alpha=1)@2" --groups "$T/groups.tsv"
expect 2 "name the measure without alpha" -- relative sweep "$T/qrels" "$T/run" "$T/run2" -m "P_rareness(alpha=1)@2"
expect 2 "expected 'sweep' or 'sample'" -- relative swoop "$T/qrels" "$T/run"
expect 2 "--alphas does not apply to 'relative sample'" -- relative sample "$T/qrels" "$T/run" "$T/run2" -m "P_rareness(alpha=1)@2" --alphas 1
expect 0 "" "measure,alpha,tau_b" -- relative sweep "$T/qrels" "$T/run" "$T/run2" -m P_rareness@2 -f csv
irl relative sample "$T/qrels" "$T/run" "$T/run2" -m "P_rareness(alpha=1)@2" --trials 5 --seed 3 -f json | grep -q '"seed": 3' \
    || { echo "FAIL: relative sample json provenance"; fails=$((fails + 1)); }
irl unique "$T/qrels" "$T/run" "$T/run2" --depth 2 -f json | grep -q '"runs": 1,' \
    || { echo "FAIL: unique json integers"; fails=$((fails + 1)); }

# Diversity: ndeval drop-in and eval with intent files.
printf '1 1 a 1\n1 2 a 0\n1 2 b 1\n2 1 c 1\n' > "$T/div"
printf '1 1 a 1\n1 2 b -2\n' > "$T/div_spam"
printf '1 Q0 a 1 0 tag\n1 Q0 b 2 0 tag\n' > "$T/div_run"
printf '1 Q0 a 1 0 tag\n1 Q0 b 1 0 tag\n' > "$T/div_dup_rank"
printf '1 1 0.5\n1 2 x\n' > "$T/probs_bad"
printf '2 1 1\n' > "$T/probs_partial"
printf '1 1 nav\n' > "$T/types"
expect 0 "" "tag,amean,0.544629" -- ndeval "$T/div" "$T/div_run"
irl ndeval "$T/div" "$T/div_run" | head -1 | grep -q '^runid,topic,ERR-IA@5,' || { echo "FAIL: ndeval header"; fails=$((fails + 1)); }
irl ndeval -c -alpha 0.3 -traditional "$T/div" "$T/div_run" | grep -q '^tag,amean,' || { echo "FAIL: ndeval flags"; fails=$((fails + 1)); }
expect 3 "div_spam:2: negative judgment -2: ndeval refuses negative judgments" -- ndeval "$T/div_spam" "$T/div_run"
expect 3 "div_dup_rank:2: duplicate rank 1 for topic '1' (first at line 1" -- ndeval "$T/div" "$T/div_dup_rank"
expect 0 "" "tag,1,0.544629" -- ndeval -traditional "$T/div" "$T/div_dup_rank"
expect 2 "unknown option '-x'" -- ndeval -x "$T/div" "$T/div_run"
expect 2 "option -alpha needs a number, got 'big'" -- ndeval -alpha big "$T/div" "$T/div_run"
expect 2 "-alpha must be in [0,1]" -- ndeval -alpha 2 "$T/div" "$T/div_run"
expect 2 "option -M needs a positive integer, got '0'" -- ndeval -M 0 "$T/div" "$T/div_run"
expect 2 "expected QRELS and RUN" -- ndeval "$T/div"
expect 0 "" $'div_run\tS-RR@100%\tall\t0.5000' -- eval --qrels-format diversity "$T/div_spam" "$T/div_run" -m "alpha_nDCG@5 D#-nDCG@5 S-RR@100% RBU@5"
# StRecall@1: topic 1's a covers subtopic 1 of 2: 1/2; topic 2 unanswered: 0; mean 1/4.
expect 0 "" $'div_run\tStRecall@1\tall\t0.2500' -- eval --qrels-format diversity --intents "$T/probs_partial" --intent-types "$T/types" "$T/div" "$T/div_run" -m "StRecall@1"
expect 3 "probs_bad:2: probability 'x' is not a number" -- eval --qrels-format diversity --intents "$T/probs_bad" "$T/div" "$T/div_run" -m D-nDCG
expect 3 "probs_partial: no probabilities for topic '1'" -- eval --qrels-format diversity --intents "$T/probs_partial" "$T/div" "$T/div_run" -m D-nDCG
expect 3 "cannot open" -- eval --qrels-format diversity --intents "$T/missing_file" "$T/div" "$T/div_run" -m D-nDCG
expect 2 "the cutoff must be a percentage" -- eval --qrels-format diversity "$T/div" "$T/div_run" -m S-RR@100

# A UTF-8 byte-order mark (stripped by the readers: the first topic is "1"), invalid UTF-8 (a
# topic id, a doc id, a run tag, a file name), CRLF line ends, and text that a
# spreadsheet would run as a formula, through every -f format: every writer prints valid UTF-8,
# each invalid sequence as U+FFFD (EF BF BD); csv puts a ' before a text cell starting with =, +,
# -, @ (numbers, even negative, stay numbers). The trec_eval drop-in keeps trec_eval's bytes.
R=$'\xef\xbf\xbd'
mkdir -p "$T/u"
printf '\xef\xbb\xbf1 0 a 1\r\n1 0 d\xff 1\r\nt\xe9 0 b 1\r\n' > "$T/u/qrels"
printf '\xef\xbb\xbf1 Q0 a 1 2 =cmd\xff\r\n1 Q0 d\xff 2 1 =cmd\xff\r\nt\xe9 Q0 b 1 1 =cmd\xff\r\n' > "$T/u/@r"$'\xfe'
printf '1 Q0 x 1 2 plain\r\n1 Q0 a 2 1 plain\r\nt\xe9 Q0 y 1 1 plain\r\n' > "$T/u/-plain"
U="$T/u/@r"$'\xfe'
P="$T/u/-plain"
# utf8_only FILE WHAT: FILE decodes as strict UTF-8.
utf8_only() {
    python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$1" 2> /dev/null \
        || { echo "FAIL: $2: output is not valid UTF-8"; fails=$((fails + 1)); }
}
# same FILE EXPECTED WHAT: FILE holds exactly the bytes of EXPECTED (a string).
same() {
    printf '%s' "$2" | cmp -s - "$1" || { echo "FAIL: $3:"; cat -A "$1" | head -8; echo "expected:"; printf '%s' "$2" | cat -A; fails=$((fails + 1)); }
}
# Topic 1: a and d<FF> are relevant at ranks 1, 2: P@2 = 1; topic t<E9>: b at rank 1: P@2 = 1/2.
# The readers warn where the invalid bytes were first read (the run's line 1: its tag; the qrels'
# line 2: d<FF>), and of the run name from the file name.
Z="# topics: every qrels topic; a topic a run did not answer scores as with trec_eval -c (0 for most measures) (--missing zero)"
irl eval "$T/u/qrels" "$U" -m P@2 -q > "$T/out" 2> "$T/err"
grep -qF "@r"$'\xfe'":1: invalid UTF-8 (the file's first such line)" "$T/err" \
    && grep -qF "u/qrels:2: invalid UTF-8 (the file's first such line)" "$T/err" \
    && grep -qF "the run name '@r$R' (from the file name of" "$T/err" \
    || { echo "FAIL: eval does not warn of invalid UTF-8 with file and line:"; cat "$T/err"; fails=$((fails + 1)); }
same "$T/out" "$Z
@r$R	P@2	1	1.0000
@r$R	P@2	t$R	0.5000
@r$R	P@2	all	0.7500
" "eval -q tsv with invalid UTF-8"
irl eval "$T/u/qrels" "$U" "$P" -m P@2 -q -f csv > "$T/out"
# -plain: topic 1 x (unjudged), a: 1/2; topic t<E9>: y unjudged: 0; mean 1/4.
same "$T/out" "$Z
run,measure,topic,value
'@r$R,P@2,1,1.0000
'@r$R,P@2,t$R,0.5000
'@r$R,P@2,all,0.7500
'-plain,P@2,1,0.5000
'-plain,P@2,t$R,0.0000
'-plain,P@2,all,0.2500
" "eval -q csv: U+FFFD and a ' before =, -, @"
irl eval "$T/u/qrels" "$U" -m P@2 -q -f json > "$T/out" && utf8_only "$T/out" "eval -q -f json"
python3 - "$T/out" "$R" <<'PY' || { echo "FAIL: eval -q -f json with invalid UTF-8"; fails=$((fails + 1)); }
import json, sys
doc, r = json.load(open(sys.argv[1], encoding="utf-8")), sys.argv[2].encode("utf-8", "surrogateescape").decode("utf-8")
run = doc["runs"]["@r" + r]
assert run["tag"] == "=cmd" + r, run["tag"]
assert run["mean"] == {"P@2": 0.75}, run["mean"]
assert run["per_topic"] == {"1": {"P@2": 1.0}, "t" + r: {"P@2": 0.5}}, run["per_topic"]
PY
for f in tsv json latex; do
    irl compare "$T/u/qrels" "$U" "$P" -m P@2 -f $f > "$T/out" && utf8_only "$T/out" "compare -f $f"
    grep -qF "@r$R" "$T/out" || { echo "FAIL: compare -f $f lacks the run name with U+FFFD"; fails=$((fails + 1)); }
done
irl meta stability "$T/u/qrels" "$U" "$P" -m P@2 --trials 5 > "$T/out" && utf8_only "$T/out" "meta tsv"
irl meta stability "$T/u/qrels" "$U" "$P" -m P@2 -f json --trials 5 > "$T/out" && utf8_only "$T/out" "meta -f json"
grep -qF "\"@r$R\"" "$T/out" || { echo "FAIL: meta -f json lacks the run name with U+FFFD"; fails=$((fails + 1)); }
# Rarity, rarest first per topic: only @r<FE> retrieves d<FF> and b (S_d = 1 of S = 2: R = 1/2,
# R' = 1 - 0/1 = 1); both retrieve a (R = 0).
irl rarity "$T/u/qrels" "$U" "$P" -f csv > "$T/out"
same "$T/out" "topic,doc,rel,found_by,systems,rarity,rarity_mixture,only_run
1,d$R,1,1,2,0.5000,1.0000,'@r$R
1,a,1,2,2,0.0000,0.0000,
t$R,b,1,1,2,0.5000,1.0000,'@r$R
" "rarity -f csv"
irl rarity "$T/u/qrels" "$U" "$P" > "$T/out"
same "$T/out" "topic	doc	rel	found_by	systems	rarity	rarity_mixture	only_run
1	d$R	1	1	2	0.5000	1.0000	@r$R
1	a	1	2	2	0.0000	0.0000	
t$R	b	1	1	2	0.5000	1.0000	@r$R
" "rarity tsv"
irl rarity "$T/u/qrels" "$U" "$P" -f json > "$T/out" && utf8_only "$T/out" "rarity -f json"
grep -qF "\"only_run\": \"@r$R\"" "$T/out" || { echo "FAIL: rarity -f json only_run"; fails=$((fails + 1)); }
for cmd in "unique --depth 2" "relative sweep -m P_rareness@2"; do
    for f in tsv csv json; do
        irl $cmd "$T/u/qrels" "$U" "$P" -f $f > "$T/out" && utf8_only "$T/out" "$cmd -f $f"
    done
done
# The drop-ins print the reference tools' bytes: trec_eval's runid is the tag as read.
irl trec_eval "$T/u/qrels" "$U" | head -1 > "$T/out"
same "$T/out" "runid                 	all	=cmd"$'\xff'"
" "trec_eval keeps the tag's bytes"

# Provenance (format 5; eval's runs carry ci95 (3) and keep their order (4)): eval's JSON names every input with its size and SHA-256 (checked against
# sha256sum), the measures as typed and in full; --provenance puts the same record first in tsv/csv.
irl eval "$T/q4" "$T/A" -m "MAP NDCG@2" -f json --missing zero > "$T/out"
irl eval "$T/q4" "$T/A" -m "MAP NDCG@2" --missing zero --provenance > "$T/out.tsv"
irl rarity "$T/q4" "$T/A" "$T/B" -f csv --provenance > "$T/out.csv"
python3 - "$T/out" "$T/out.tsv" "$T/out.csv" "$(sha256sum < "$T/q4" | cut -d' ' -f1)" "$(wc -c < "$T/A")" <<'PY' \
    || { echo "FAIL: provenance of eval -f json / --provenance"; fails=$((fails + 1)); }
import json, sys
doc = json.load(open(sys.argv[1]))
p = doc["provenance"]
assert (p["tool"], p["format"], p["command"], p["missing"]) == ("irlens", 5, "eval", "zero"), p
assert p["inputs"][0] == {"role": "qrels", "name": p["inputs"][0]["name"], "bytes": 64, "sha256": sys.argv[4]}, p["inputs"]
assert p["inputs"][1]["role"] == "run" and p["inputs"][1]["bytes"] == int(sys.argv[5]), p["inputs"]
assert p["measures"] == {"AP": "AP(denom=R,rel=1,judged_only=False,agg=mean)", "nDCG@2": "nDCG(dcg=log2,b=2,judged_only=False,agg=mean)@2"}, p["measures"]
assert doc["measures_typed"] == {"AP": "MAP", "nDCG@2": "NDCG@2"}, doc["measures_typed"]
assert p["settings"] == {"format": "json", "missing": "zero"}, p["settings"]
first = open(sys.argv[2]).readline()
assert first.startswith("# provenance: "), first
tsv = json.loads(first[len("# provenance: "):])
del tsv["settings"], p["settings"]
assert tsv == p, (tsv, p)
first = open(sys.argv[3]).readline()
assert json.loads(first[len("# provenance: "):])["command"] == "rarity", first
PY
# compare's TSV p-values follow --precision (significant digits): t = 3 on 3 df, p = 0.0576689...
p=$(irl compare "$T/q4" "$T/A" "$T/B" -m P@1 --precision 3 | grep -v '^#' | tail -1 | cut -f14)
[ "$p" = "0.0577" ] || { echo "FAIL: compare --precision 3 p-value: $p"; fails=$((fails + 1)); }
# The trec_eval drop-in prints no provenance.
irl trec_eval "$T/qrels" "$T/run" | head -1 | grep -q '^runid' || { echo "FAIL: trec_eval's first line"; fails=$((fails + 1)); }

# "internal error" is a bug whatever the input: no command above may have printed it.
if grep -q "internal error" "$T/all_err"; then
    echo "FAIL: a command printed 'internal error':"; grep "internal error" "$T/all_err" | head -5; fails=$((fails + 1))
fi

if [ "$fails" -gt 0 ]; then echo "$fails CLI check(s) failed"; exit 1; fi
echo "CLI checks passed"
