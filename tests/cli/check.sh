#!/bin/sh
# `irlens check` as a user sees it: one finding of every kind, reported as FILE:LINE: severity:
# message [kind]; exit codes 0 (no errors; warnings allowed), 4 (errors), 2 (usage), 3 (an input
# that cannot be read); the JSON report.
# usage: check.sh PATH/TO/irlens
. "$(dirname "$0")/common.sh"

# expect_finding EXIT 'LINE_PREFIX ... [kind]' -- check args...: the exit code, and the text report
# holds the line.
expect_finding() {
    want_rc=$1; want=$2; shift 3
    "$IRLENS" check "$@" > "$T/out" 2> "$T/err"
    rc=$?
    [ "$rc" = "$want_rc" ] || { fail "irlens check $* exited $rc, expected $want_rc"; cat "$T/err"; return; }
    grep -qF -- "$want" "$T/out" || { fail "irlens check $*: no line '$want' in:"; cat "$T/out"; }
}

printf '1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n2 Q0 a 1 1 t\n' > "$T/clean"
printf '1 0 a 1\n2 0 b 1\n3 0 c 1\n' > "$T/qrels"
printf '1\n2\n' > "$T/topics"
printf 'a\nb\n' > "$T/docs"

# A clean run: exit 0, only the summary.
"$IRLENS" check "$T/clean" > "$T/out" 2> "$T/err" || fail "clean run: exit $?"
[ "$(cat "$T/out")" = "$T/clean: 3 lines, 3 results, 2 topics: 0 errors, 0 warnings" ] || { fail "clean run:"; cat "$T/out"; }

# One file per finding kind.
printf '1 Q0 a 1 3 t\n1 Q0 b 2\n' > "$T/columns"
expect_finding 4 "columns:2: error: expected 6 columns (topic Q0 doc rank score tag), found 4 [columns]" -- "$T/columns"
printf '1 Q0 a 1 3 t\n1 0 b 2 2 t\n' > "$T/iteration"
expect_finding 0 "iteration:2: warning: iteration column is '0', not Q0 (trec_eval ignores the column) [iteration]" -- "$T/iteration"
printf '1 Q0 a 1 3 t\n1 Q0 b two 2 t\n' > "$T/rank"
expect_finding 4 "rank:2: error: rank 'two' is not an integer [rank]" -- "$T/rank"
printf '1 Q0 a 1 3 t\n1 Q0 b 2 x2 t\n' > "$T/score"
expect_finding 4 "score:2: error: score 'x2' is not a number [score]" -- "$T/score"
printf '1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n' > "$T/dupdoc"
expect_finding 4 "dupdoc:2: error: duplicate document 'a' for topic '1' (first at line 1) [duplicate_document]" -- "$T/dupdoc"
printf '1 Q0 a 1 3 t\n1 Q0 b 1 2 t\n' > "$T/duprank"
expect_finding 4 "duprank:2: error: rank 1 repeats line 1's for topic '1' [duplicate_rank]" -- "$T/duprank"
printf '1 Q0 a 1 3 t\n1 Q0 b 3 2 t\n' > "$T/gap"
expect_finding 0 "gap:1: warning: topic '1': rank 2 is missing (ranks should run 1, 2, ..., n) [missing_rank]" -- "$T/gap"
printf '1 Q0 a 0 3 t\n1 Q0 b 1 2 t\n' > "$T/zero"
expect_finding 0 "zero:1: warning: topic '1': rank 0 (line 1) is below 1 (ranks should run 1, 2, ..., n) [rank_below_one]" -- "$T/zero"
printf '1 Q0 a 1 2 t\n1 Q0 b 2 3 t\n' > "$T/order"
expect_finding 4 "order:2: error: topic '1': rank 2 has a higher score (3) than rank 1 (line 1, score 2)" -- "$T/order"
printf '1 Q0 a 1 2 t\n1 Q0 b 2 2 t\n' > "$T/ties"
expect_finding 0 "ties:2: warning: topic '1': 2 results share their score with another (first: lines 1 and 2, score 2)" -- "$T/ties"
expect_finding 4 "clean:2: error: topic '1' has 2 results, more than the limit of 1 (this line is result 2) [too_many_documents]" \
    -- "$T/clean" --max-docs 1
printf '1 Q0 a 1 3 t\n3 Q0 b 1 2 t\n' > "$T/topic3"
expect_finding 4 "topic3:2: error: topic '3' is not in the topic list ($T/topics); 1 result [unknown_topic]" -- "$T/topic3" --topics "$T/topics"
expect_finding 4 "topic3: warning: topic '2' of the topic list ($T/topics) has no results [missing_topic]" -- "$T/topic3" --topics "$T/topics"
printf '1 Q0 a 1 3 t\n9 Q0 b 1 2 t\n' > "$T/topic9"
expect_finding 0 "topic9:2: warning: topic '9' is not in the qrels ($T/qrels): evaluation ignores its 1 result [unjudged_topic]" \
    -- "$T/topic9" --qrels "$T/qrels"
expect_finding 0 "topic9: warning: topic '3' of the qrels ($T/qrels) has no results [missing_topic]" -- "$T/topic9" --qrels "$T/qrels"
printf '1 Q0 a 1 3 t\n1 Q0 b 2 2 u\n' > "$T/tags"
expect_finding 4 "tags:2: error: run tag 'u' differs from 't' (line 1) [tag]" -- "$T/tags"
expect_finding 4 "clean:1: error: run tag 't' is not the expected 'mine' [tag]" -- "$T/clean" --tag mine
expect_finding 0 "clean: 3 lines, 3 results, 2 topics: 0 errors, 0 warnings" -- "$T/clean" --tag t
printf '1 Q0 a 1 3 t\n1 Q0 z 2 2 t\n' > "$T/unknowndoc"
expect_finding 4 "unknowndoc:2: error: document 'z' is not in the document list ($T/docs) [unknown_document]" -- "$T/unknowndoc" --docs "$T/docs"
printf '1 Q0 a 1 3 t\n1 Q0 b\0 2 2 t\n' > "$T/binary"
expect_finding 4 "binary:2: error: NUL byte in line (binary file?) [binary]" -- "$T/binary"
printf '1 Q0 a 1 3 t\n1 Q0 ' > "$T/long"
head -c 1100000 /dev/zero | tr '\0' 'x' >> "$T/long"
printf ' 2 2 t\n1 Q0 c 3 1 t\n' >> "$T/long"
expect_finding 4 "long:2: error: line longer than 1 MiB (not checked further) [long_line]" -- "$T/long"
printf '1 Q0 a 1 3 t\n1 Q0 ' > "$T/docid"
head -c 70000 /dev/zero | tr '\0' 'x' >> "$T/docid"
printf ' 2 2 t\n' >> "$T/docid"
expect_finding 4 "docid:2: error: document id longer than 65535 bytes [doc_id]" -- "$T/docid"
: > "$T/empty"
expect_finding 4 "empty: error: no result lines (empty file?) [empty]" -- "$T/empty"

# The evaluation refuses the duplicate at its first error; check reports all of them, and reads gzip.
printf '1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n1 Q0 b 3 1\n1 Q0 b 4 0 t\n1 Q0 b 5 0 t\n' | gzip -c > "$T/many.gz"
"$IRLENS" check "$T/many.gz" > "$T/out" 2> /dev/null
[ $? = 4 ] || fail "many.gz: expected exit 4"
[ "$(grep -c "error:" "$T/out")" = 3 ] || { fail "many.gz: expected 3 errors (2 duplicates, columns):"; cat "$T/out"; }

# Several runs: one report each; the exit code says whether any has errors.
"$IRLENS" check "$T/clean" "$T/iteration" > "$T/out" 2> /dev/null || fail "clean + warnings only: expected exit 0"
[ "$(grep -c ' lines, ' "$T/out")" = 2 ] || fail "two runs: expected two summaries"

# JSON: the document of docs/cli.md; stdout holds it even when errors were found.
"$IRLENS" check "$T/dupdoc" -f json > "$T/out" 2> /dev/null
[ $? = 4 ] || fail "json: expected exit 4"
for want in '"command": "check",' '"errors": 1,' '"warnings": 0,' '"duplicate_document": 1' '"line": 2,' \
        '"severity": "error",' '"kind": "duplicate_document",' '"topic": "1",'; do
    grep -qF -- "$want" "$T/out" || { fail "json report lacks $want:"; cat "$T/out"; break; }
done

# Usage and unreadable inputs.
"$IRLENS" check > /dev/null 2> "$T/err"; [ $? = 2 ] || fail "no RUN: expected exit 2"
"$IRLENS" check "$T/clean" -f csv > "$T/out" 2> "$T/err"; [ $? = 2 ] && [ ! -s "$T/out" ] || fail "-f csv: expected exit 2, nothing on stdout"
"$IRLENS" check "$T/clean" --max-docs 0 > /dev/null 2> "$T/err"; [ $? = 2 ] || fail "--max-docs 0: expected exit 2"
"$IRLENS" check "$T/missing" > "$T/out" 2> "$T/err"; [ $? = 3 ] && [ ! -s "$T/out" ] && grep -q "cannot open" "$T/err" || fail "missing run: expected exit 3"
"$IRLENS" check "$T/clean" --topics "$T/empty" > /dev/null 2> "$T/err"; [ $? = 3 ] && grep -q "no ids found" "$T/err" || fail "empty topic list: expected exit 3"
"$IRLENS" check --help | grep -q "usage: irlens check" || fail "check --help"

if [ "$fails" != 0 ]; then echo "$fails failure(s)"; exit 1; fi
echo "check: all passed"
