#!/bin/bash
# Issue 38: `irlens judgments`, two sets of judgments compared, as a user of the CLI sees it: the
# TSV, JSON and LaTeX outputs on a hand-checked pair of qrels, the provenance with both qrels'
# SHA-256, the bad inputs (exit codes, messages, nothing on stdout), and a golden check on a
# synthetic second set of judgments made from TREC-COVID round 1's qrels (../shared) against
# scikit-learn's cohen_kappa_score and an independent computation of Krippendorff's alpha, and one
# on real judgments: TREC 2012 Web Track's ad hoc qrels against its per-subtopic ones.
# usage: judgments.sh PATH/TO/irlens SHARED_DIR
. "$(dirname "$0")/common.sh"
SHARED=$2

# expect EXIT STDERR_SUBSTRING -- irlens args...: exit code, a piece of stderr, nothing on stdout on error.
expect() {
    want_rc=$1; want_err=$2; shift 3
    "$IRLENS" "$@" > "$T/out" 2> "$T/err"
    rc=$?
    if [ "$rc" != "$want_rc" ]; then fail "irlens $* exited $rc, expected $want_rc"; head -c 600 "$T/err"; return; fi
    if [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$T/err"; then
        fail "irlens $*: stderr lacks '$want_err':"; head -c 600 "$T/err"; return
    fi
    if [ "$want_rc" != 0 ] && [ -s "$T/out" ]; then fail "irlens $* printed on stdout despite the error:"; head -3 "$T/out"; fi
}
# has TEXT: the last output holds TEXT (a fixed string).
has() { grep -qF -- "$1" "$T/out" || { fail "output lacks '$1':"; head -20 "$T/out"; }; }

# The hand case of tests/unit-judgments.cpp: A judges topics 1 2 3, B 1 2 4. Pairs (2,2) (1,0) (0,0)
# (1,1): p_o = 3/4, p_e = 5/16, kappa = 7/11 = 0.6364. Judged in A only: d4 and topic 3's d9 (grade 1);
# in B only: d5 (1), d2 (0), topic 4's d7 (2).
printf '1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n1 0 d4 1\n2 0 d1 1\n3 0 d9 1\n' > "$T/a"
printf '1 0 d1 2\n1 0 d2 0\n1 0 d3 0\n1 0 d5 1\n2 0 d1 1\n2 0 d2 0\n4 0 d7 2\n' > "$T/b"
expect 0 "" -- judgments "$T/a" "$T/b"
has "# topics: 2 topic(s) judged in both sets compared; 1 judged in $T/a only, left out of the agreement and of the runs' scores: 3; 1 judged in $T/b only"
has "all	4	0.7500	0.3125	0.6364	"
has "	1:2	0:1,1:1,2:1	"
# The confusion matrix: rows A's grade 0 1 2.
has "1	1	1	0"
# Binary at grade >= 2: A relevant on d1 only, B too -> kappa 1.
expect 0 "" -- judgments "$T/a" "$T/b" --threshold 2 -f json
has '"threshold": 2'
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); b=d['labels']['binary']; assert b['kappa']==1 and b['both']==1, b" "$T/out" ||
    fail "binary agreement at threshold 2"
# LaTeX, with the provenance as a comment.
expect 0 "" -- judgments "$T/a" "$T/b" -f latex --provenance
has "Cohen's \$\\kappa\$ & 0.6364 \\\\"
has '% provenance: {'
# The provenance names both qrels with their SHA-256.
expect 0 "" -- judgments "$T/a" "$T/b" -f json
has "\"sha256\": \"$(sha256sum "$T/a" | cut -d' ' -f1)\""
has "\"sha256\": \"$(sha256sum "$T/b" | cut -d' ' -f1)\""
has '"role": "qrels_b"'

# Runs: scored under both sets on the common topics (1, 2). run0 puts d1 first, run1 d2:
# P@1 under A: run0 (1 + 1) / 2 = 1 (d1 graded 2 and 1), run1 (1 + 0) / 2 = 0.5 (d2 graded 1; run1
# misses topic 2); under B: run0 (1 + 1) / 2 = 1, run1 (0 + 0) / 2 = 0 (B grades d2 0): the same ordering.
printf '1 Q0 d1 1 2 t\n1 Q0 d2 2 1 t\n2 Q0 d1 1 1 t\n' > "$T/run0"
printf '1 Q0 d2 1 2 t\n1 Q0 d1 2 1 t\n' > "$T/run1"
expect 0 "" -- judgments "$T/a" "$T/b" "$T/run0" "$T/run1" -m P@1 -B 200
has "P@1	run0	1.0000	1.0000	1	1"
has "P@1	run1	0.5000	0.0000	2	2"
has "P@1	2	2	1.0000	"

# Grades on different scales: stated; mapped with --map-b.
printf '1 0 d1 3\n1 0 d2 1\n1 0 d3 0\n' > "$T/b3"
printf '1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n' > "$T/a2"
expect 0 "" -- judgments "$T/a2" "$T/b3"
has "# grades: the two sets use different grades: $T/a2 0,1,2, $T/b3 0,1,3 (a different scale?"
expect 0 "" -- judgments "$T/a2" "$T/b3" --map-b 3:2,1:1,0:0
has "all	3	1.0000	"
expect 2 "--map-b has no entry for grade 1 of $T/b3" -- judgments "$T/a2" "$T/b3" --map-b 3:2,0:0
expect 2 "--map-b: 'x' is not FROM:TO" -- judgments "$T/a2" "$T/b3" --map-b x

# Bad requests and inputs.
expect 2 "expected QRELS_A QRELS_B" -- judgments "$T/a"
expect 2 "needs at least 2 runs, got 1" -- judgments "$T/a" "$T/b" "$T/run0" -m P@1
expect 2 "no measure given" -- judgments "$T/a" "$T/b" "$T/run0" "$T/run1"
expect 2 "give RUN files after QRELS_B" -- judgments "$T/a" "$T/b" -m P@1
expect 2 "--missing skip is not offered" -- judgments "$T/a" "$T/b" --missing skip
expect 2 "--test must be t, wilcoxon" -- judgments "$T/a" "$T/b" --test nope
expect 2 "it takes no --correction" -- judgments "$T/a" "$T/b" --test tukey --correction holm
printf '1 0 d1 x\n' > "$T/bad"
expect 3 "$T/bad:1:" -- judgments "$T/a" "$T/bad"
printf '1 0 d1 -5000\n1 0 d2 1\n' > "$T/wide"
expect 2 "$T/wide and $T/b: the grades span -5000 to 2, more than 1001 grades to compare" -- judgments "$T/wide" "$T/b"
printf '9 0 d1 1\n' > "$T/other"
expect 2 "no topic in common" -- judgments "$T/a" "$T/other" "$T/run0" "$T/run1" -m P@1
expect 0 "" -- judgments "$T/a" "$T/other"
has "# topics: 0 topic(s) judged in both sets compared"
has "no item labelled in both sets"
# LaTeX: an undefined value prints "undefined" (output format 5, as irlens repro's LaTeX), never nan:
# no pair in common (every agreement undefined); two runs with the same scores (tau_b and rho undefined).
nan_free() { if grep -qiw nan "$T/out"; then fail "$1 prints nan:"; grep -iw nan "$T/out"; fi; }
expect 0 "" -- judgments "$T/a" "$T/other" -f latex
has "Cohen's \$\\kappa\$ & undefined \\\\"
has "Binary \$\\kappa\$ (grade \$\\geq\$ 1) & undefined \\\\"
nan_free "judgments -f latex without a pair in common"
cp "$T/run0" "$T/run0b"
expect 0 "" -- judgments "$T/a" "$T/b" "$T/run0" "$T/run0b" -m P@1 -B 50 -f latex
has "P@1 & 2 & undefined & 0.0000 & undefined & 1.0000 & 0/1 \\\\"
nan_free "judgments -f latex with a constant ordering"

# Golden: TREC-COVID round 1's qrels (A) against a synthetic B made from them by a fixed rule
# (SYNTHETIC, not real second judgments): line i (from 0) is left out when i % 11 == 5, its grade
# becomes (grade + 1) % 3 when i % 5 == 0, and after every line with i % 50 == 0 an extra document
# synthetic-i with grade 1 is judged in B only. Expected values: scikit-learn 1.2.1's
# cohen_kappa_score(a, b, weights=W, labels=[0, 1, 2]) and on grade >= 1 / >= 2, and Krippendorff's
# alpha computed from the pair counts with exact fractions (pooled-pair formula of Krippendorff 2011),
# both run outside the project on the 7901 pairs both judge.
QRELS="$SHARED/data/covid-r1/qrels-rnd1.txt"
if [ ! -f "$QRELS" ]; then
    echo "SKIPPED: $QRELS not found: the golden values (scikit-learn, Krippendorff) were NOT compared"
else
    awk '{i=NR-1; if (i%11==5) next; g=$4; if (i%5==0) g=(g+1)%3; print $1, $2, $3, g; if (i%50==0) print $1, $2, "synthetic-" i, 1}' \
        "$QRELS" > "$T/covid_b"
    for th in 1 2; do
        expect 0 "" -- judgments "$QRELS" "$T/covid_b" --threshold $th -f json
        cp "$T/out" "$T/covid$th.json"
    done
    python3 - "$T/covid1.json" "$T/covid2.json" <<'PY' || fail "covid-r1 golden values"
import json, sys
d1, d2 = (json.load(open(p)) for p in sys.argv[1:3])
l = d1['labels']
want = {'pairs': 7901, 'kappa': 0.6014561238944829, 'kappa_linear': 0.6717626716363749,
        'kappa_quadratic': 0.7375331254327034, 'alpha_nominal': 0.5958326894194136,
        'alpha_ordinal': 0.6766101160067995, 'alpha_interval': 0.7358227668526819}
bad = [(k, l[k], v) for k, v in want.items() if abs(l[k] - v) > 1e-12]
for got, v in ((l['binary']['kappa'], 0.6148114473110736), (d2['labels']['binary']['kappa'], 0.7766623043429444)):
    if abs(got - v) > 1e-12: bad.append(('binary kappa', got, v))
t23 = [t for t in d1['topic_labels'] if t['topic'] == '23'][0]
for k, v in (('kappa', 0.38482369534555716), ('kappa_quadratic', 0.6018586968000845)):
    if abs(t23[k] - v) > 1e-12: bad.append(('topic 23 ' + k, t23[k], v))
# 8691 judgments: 790 left out of B (judged in A only), 159 synthetic ones in B only (grep -c synthetic).
if sum(d1['only_a'].values()) != 790 or d1['only_b'] != {'1': 159}: bad.append(('one-sided', d1['only_a'], d1['only_b']))
if bad:
    print('FAIL:', bad)
    sys.exit(1)
PY
fi

# Golden on REAL judgments: TREC 2012 Web Track (../shared/data/web2012/qrels). A: the graded ad hoc
# qrels (qrels.adhoc.txt); B: the per-subtopic judgments of the same documents by the same NIST
# assessors (qrels.diversity.txt), a document's grade in B its highest over the subtopics (relevant
# = relevant to any subtopic). This is one set of assessors judging twice (ad hoc, then per
# subtopic), not a second assessor or an LLM (docs/statistics.md). Expected values: scikit-learn
# 1.2.1 (Debian python3-sklearn) cohen_kappa_score on the 16055 pairs both judge, on grade >= 1 and
# on the grades, and sklearn.metrics.confusion_matrix for the 2x2 counts, run outside the project by
# a script that reads the two files itself (not this awk line).
WEB="$SHARED/data/web2012/qrels"
if [ ! -f "$WEB/qrels.adhoc.txt" ] || [ ! -f "$WEB/qrels.diversity.txt" ]; then
    echo "SKIPPED: $WEB/qrels.adhoc.txt or qrels.diversity.txt not found: the web2012 golden values (scikit-learn) were NOT compared"
else
    awk '{k=$1" "$3; if (!(k in g) || $4 > g[k]) g[k]=$4; if (!(k in o)) {o[k]=++n; key[n]=k}}
         END {for (i = 1; i <= n; i++) {split(key[i], p, " "); print p[1], 0, p[2], g[key[i]]}}' \
        "$WEB/qrels.diversity.txt" > "$T/web_b"
    expect 0 "" -- judgments "$WEB/qrels.adhoc.txt" "$T/web_b" -f json
    python3 - "$T/out" <<'PY' || fail "web2012 golden values"
import json, sys
d = json.load(open(sys.argv[1]))
l, b = d['labels'], d['labels']['binary']
bad = []
if l['pairs'] != 16055 or d['only_a'] or d['only_b']: bad.append(('pairs, one-sided', l['pairs'], d['only_a'], d['only_b']))
if d['topics']['only_a'] or d['topics']['only_b'] or len(d['topics']['compared']) != 50: bad.append(('topics', d['topics']))
# 2x2 at grade >= 1: relevant in both, ad hoc only, per subtopic only, neither.
if [b['both'], b['a_only'], b['b_only'], b['neither']] != [3523, 0, 2036, 10496]: bad.append(('binary counts', b))
for what, got, want in (('binary kappa', b['kappa'], 0.6934815925118842), ('kappa', l['kappa'], 0.7122206746162503),
                        ('binary agreement', b['agreement'], 0.8731859233883525)):
    if abs(got - want) > 1e-12: bad.append((what, got, want))
topics = {t['topic']: t for t in d['topic_labels']}
for t, k, kb in (('151', 0.9639501857111645, 0.9781585068361037), ('160', 0.18916355012314146, 0.044285306328669116)):
    if abs(topics[t]['kappa'] - k) > 1e-12 or abs(topics[t]['binary']['kappa'] - kb) > 1e-12:
        bad.append(('topic ' + t, topics[t]['kappa'], topics[t]['binary']['kappa'], k, kb))
if bad:
    print('FAIL:', bad)
    sys.exit(1)
PY
fi

if [ "$fails" != 0 ]; then echo "$fails failure(s)"; exit 1; fi
echo "judgments: all checks passed"
