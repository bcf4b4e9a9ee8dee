#!/bin/sh
# Downloads the real paired judgments the test cli_judgments_rag25_files compares `irlens judgments`
# with (tests/golden/judgments/README.md): the TREC 2025 RAG track's test qrels by NIST's assessors
# and by UMBRELA v2 (an LLM judge), from castorini/anserini-tools at the recorded commit, into DIR
# (outside the repository; never commit them), and checks their SHA-256.
# usage: scripts/get-paired-qrels.sh DIR    then: IRLENS_PAIRED_QRELS_DIR=DIR ctest -R judgments_rag25
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir=$1
base=https://raw.githubusercontent.com/castorini/anserini-tools/5b819c1a45c8a0a3ec9426f476694f44a29dfaf3/qrels
mkdir -p "$dir"
for f in qrels.rag25.test.txt qrels.rag25.test-umbrela2.txt; do
    curl -fsSL --retry 2 -o "$dir/$f" "$base/$f" || { echo "$0: could not download $base/$f" >&2; exit 1; }
done
cd "$dir"
sha256sum -c <<'SUMS'
c4b2c4c305a4fa75dba0c2993936ef071520a570753ee5552cde6b9f75f4771c  qrels.rag25.test.txt
12ce19bdc90030d6efe62c66272a8f4c98420b20f582ec754ae8b4c8a9437b31  qrels.rag25.test-umbrela2.txt
SUMS
echo "IRLENS_PAIRED_QRELS_DIR=$(pwd)"
