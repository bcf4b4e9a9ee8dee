#!/bin/bash
# `irlens explain` as a user sees it: the value it prints is the one `irlens eval -q` prints for the
# same topic (every format), text columns are aligned, json is one document, md is Markdown tables,
# and errors are worded as the other commands word them (exit 2 usage, 3 input, nothing on stdout).
# usage: explain.sh PATH/TO/irlens
. "$(dirname "$0")/common.sh"

# Topic 1: a 3, b 0, c 1, d 2 (not retrieved), u judged -2; x is not in the qrels. Topic 3 is not
# answered by the run.
printf '1 0 a 3\n1 0 b 0\n1 0 c 1\n1 0 d 2\n1 0 u -2\n2 0 z 1\n3 0 m 1\n' > "$T/qrels"
printf '1 Q0 b 1 9 t\n1 Q0 a 2 8 t\n1 Q0 x 3 7 t\n1 Q0 u 4 6 t\n1 Q0 c 5 5 t\n2 Q0 z 1 1 t\n' > "$T/run"
printf 'a 5000 1000\nb 600 120\nc 2000 400\nx 4000 800\nu 100 20\nz 800 160\n' > "$T/lengths"

# The printed value equals eval -q's, measure by measure and topic by topic (4 decimals both).
for m in 'P@3' 'AP' 'nDCG@3' 'Q' 'P+' 'ERR' 'nERR@2' 'RBPResid' 'infAP' 'Bpref' 'IPrecAvg' 'SetF' 'NumRelRet' \
         'Rprec' 'G' 'RnDCG' 'TBG' 'U' 'Utility' 'Unjudged@5'; do
    for topic in 1 2 3; do
        want=$("$IRLENS" eval "$T/qrels" "$T/run" -q -m "$m" --doc-lengths "$T/lengths" 2> /dev/null |
               awk -F'\t' -v t="$topic" '$3 == t {print $4}')
        got=$("$IRLENS" explain "$T/qrels" "$T/run" --topic "$topic" -m "$m" --doc-lengths "$T/lengths" 2> "$T/err" | tail -1)
        [ "$got" = "$m = $want" ] || fail "explain -m $m --topic $topic ends '$got', eval -q says '$want'"
        got=$("$IRLENS" explain "$T/qrels" "$T/run" -t "$topic" -m "$m" --doc-lengths "$T/lengths" -f md 2> /dev/null | tail -1)
        [ "$got" = "**$m = $want**" ] || fail "explain -f md -m $m --topic $topic ends '$got', eval -q says '$want'"
    done
done

# The relative measures are explained against the other runs given, as eval scores them with the
# same runs: run2 retrieves a and c too, so their rarity (and P_rareness) differs from run alone.
printf '1 Q0 a 1 9 t\n1 Q0 c 2 8 t\n1 Q0 d 3 7 t\n2 Q0 z 1 1 t\n' > "$T/run2"
for m in 'P_rareness(alpha=1)@5' 'AP_rareness(alpha=1)@5'; do
    for topic in 1 2; do
        want=$("$IRLENS" eval "$T/qrels" "$T/run" "$T/run2" -q -m "$m" 2> /dev/null |
               awk -F'\t' -v t="$topic" '$1 == "run" && $3 == t {print $4}')
        got=$("$IRLENS" explain "$T/qrels" "$T/run" "$T/run2" --topic "$topic" -m "$m" 2> "$T/err" | tail -1)
        [ -n "$want" ] && [ "$got" = "$m = $want" ] || fail "explain RUN RUN2 -m $m --topic $topic ends '$got', eval -q says '$want'"
    done
done

# Text: aligned columns (every line of the rows' table as wide as its header), rank doc judgment first.
"$IRLENS" explain "$T/qrels" "$T/run" --topic 1 -m AP > "$T/out" || fail "explain AP failed"
grep -q '^rank  doc  judgment  relevant  relevant so far  precision at rank  sum of precisions$' "$T/out" ||
    fail "explain AP: no header line"
# a is relevant at rank 2: precision 1/2; c at rank 5: 2/5; AP = (0.5 + 0.4) / 3 = 0.3.
grep -q '^   2  a           3         1                1             0.5000             0.5000$' "$T/out" || fail "explain AP: rank 2 row"
grep -q '^   3  x           -         0                1                                0.5000$' "$T/out" || fail "explain AP: x not in qrels"
grep -q '^   4  u           \.' "$T/out" || fail "explain AP: u judged negative prints '.'"
grep -q '^AP = 0.3000$' "$T/out" || fail "explain AP: value 0.3"

# Several measures: one block each; RelString prints its text.
"$IRLENS" explain "$T/qrels" "$T/run" --topic 1 -m 'P@2 RelString@4' > "$T/out" || fail "explain P@2 RelString failed"
grep -q '^P@2 = 0.5000$' "$T/out" || fail "explain: P@2 block"
grep -q '^RelString@4 = "03-\."$' "$T/out" || fail "explain: RelString block"

# JSON: one document holding both explanations, values at full precision; NaN as null.
"$IRLENS" explain "$T/qrels" "$T/run" --topic 1 -m AP -m RelString@4 -f json > "$T/json" || fail "explain -f json failed"
if command -v node > /dev/null; then
    node -e '
      const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const [ap, rs] = d.explanations;
      if (d.command !== "explain" || d.explanations.length !== 2) throw new Error("document");
      if (ap.measure !== "AP" || Math.abs(ap.value - 0.3) > 1e-15 || ap.rows.length !== 5 || ap.columns.length !== 4) throw new Error("AP");
      if (ap.rows[2].rel !== -1 || ap.rows[3].rel !== -2 || ap.rows[0].values[2] !== null) throw new Error("rows");
      if (rs.value !== null || rs.text !== "03-.") throw new Error("RelString");
    ' "$T/json" || fail "explain -f json: unexpected document"
fi

# Errors, worded as the other commands word them (refused: common.sh's).
refused 2 "irlens explain: topic '9' is not in the qrels ($T/qrels)" -- explain "$T/qrels" "$T/run" --topic 9 -m AP
refused 2 "irlens explain: unknown measure 'APP'" -- explain "$T/qrels" "$T/run" --topic 1 -m APP
refused 3 "irlens explain: $T/nope: cannot open" -- explain "$T/nope" "$T/run" --topic 1 -m AP
refused 3 "irlens explain: $T/nope: cannot open" -- explain "$T/qrels" "$T/nope" --topic 1 -m AP
refused 2 "irlens explain: no topic given: add --topic T" -- explain "$T/qrels" "$T/run" -m AP
refused 2 "irlens explain: no measure given" -- explain "$T/qrels" "$T/run" --topic 1
refused 2 "irlens explain: --format must be text, json or md, got 'csv'" -- explain "$T/qrels" "$T/run" --topic 1 -m AP -f csv
refused 2 "irlens explain: expected QRELS and a RUN" -- explain "$T/qrels" --topic 1 -m AP
refused 2 "irlens explain: TBG needs document lengths" -- explain "$T/qrels" "$T/run" --topic 1 -m TBG
refused 2 "did not answer topic '3' and --missing skip" -- explain "$T/qrels" "$T/run" --topic 3 -m AP --missing skip
"$IRLENS" explain --help | grep -q '^usage: irlens explain QRELS RUN \[OTHER_RUN...\] --topic T' || fail "explain --help"

[ "$fails" = 0 ] && echo "explain: all passed"
exit $((fails > 0))
