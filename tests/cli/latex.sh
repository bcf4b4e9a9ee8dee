#!/bin/sh
# Issue 37: every character a run name can hold prints as itself in irlens' LaTeX, in the CLI's
# (`compare -f latex`, text::latex_text) and in the page's exports (web/src/base/tex-escape.js),
# which escape alike. Run names holding every printable ASCII character, the pairs TeX turns into
# ligatures (-- ---  ,, !` ?` << >>) and non-ASCII letters are compiled with pdflatex (the default
# OT1 font encoding, as a user's \documentclass{article} has it) and read back with pdftotext.
# Before: < > | printed as ¡ ¿ —, a straight " as a closing curly quote.
# usage: latex.sh PATH/TO/irlens SOURCE_DIR. Exit 77 (SKIPPED) without pdflatex or pdftotext.
. "$(dirname "$0")/common.sh"
ROOT=$2
for tool in pdflatex pdftotext python3; do
    if ! command -v $tool > /dev/null 2>&1; then
        echo "SKIPPED: $tool is absent (scripts/deps.sh installs texlive-latex-base and poppler-utils)"
        exit 77
    fi
done

# The names, one a line (each starts with a letter: no CSV formula guard in the way).
cat > "$T/names" <<'NAMES'
A!"#$%&'()*+,-./0123456789
B:;<=>?@[\]^_`{|}~
C a--b---c,,d!`e?`f<<g>>h''i``j
abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ
Dé ü ñ ø ß Å æ Œ ç ğ É Ö
NAMES
# A scores file (irlens eval -q -f csv) with these runs, quoted as RFC 4180 says.
{
    echo "run,measure,topic,value"
    i=0
    while IFS= read -r name; do
        i=$((i + 1))
        q=$(printf '%s' "$name" | sed 's/"/""/g')
        for topic in 1 2 3; do echo "\"$q\",AP,$topic,0.$i$topic"; done
    done < "$T/names"
} > "$T/scores.csv"
"$IRLENS" compare --scores "$T/scores.csv" -f latex > "$T/cli-table.tex" 2> "$T/err" || { fail "compare -f latex: $(cat "$T/err")"; }

# compile NAME BODY_FILE: a PDF's text (whitespace runs as one space) in $T/NAME.txt.
compile() {
    printf '\\documentclass{article}\n\\setlength{\\textwidth}{17cm}\\setlength{\\oddsidemargin}{-1cm}\n\\begin{document}\n\\small\n\\input{%s}\n\\end{document}\n' "$2" > "$T/$1.tex"
    if ! (cd "$T" && pdflatex -interaction=nonstopmode -halt-on-error "$1.tex" > "$1.out" 2>&1); then
        fail "pdflatex failed on $1:"; tail -20 "$T/$1.log"; return 1
    fi
    # pdftotext gives an accented letter of OT1 as letter + combining accent (NFD): compared in NFC.
    pdftotext -enc UTF-8 "$T/$1.pdf" - | tr -s ' \n\t' '   ' |
        python3 -c "import sys, unicodedata; sys.stdout.write(unicodedata.normalize('NFC', sys.stdin.read()))" > "$T/$1.txt"
}
# check NAME: every name is in $T/NAME.txt as it is (its spaces as one).
check() {
    while IFS= read -r name; do
        grep -qF -- "$name" "$T/$1.txt" || fail "$1: the PDF's text lacks '$name'; it reads: $(head -c 800 "$T/$1.txt")"
    done < "$T/names"
}
compile cli cli-table && check cli

# The page's escaping: the same text for every name (one escaping), compiled the same way.
if command -v node > /dev/null 2>&1; then
    node --input-type=module -e "
        import { readFileSync, writeFileSync } from 'node:fs';
        const { texEscape } = await import('$ROOT/web/src/base/tex-escape.js');
        const names = readFileSync('$T/names', 'utf8').split('\n').filter(Boolean);
        writeFileSync('$T/page-lines.tex', names.map((n) => texEscape(n) + '\\\\par\n').join(''));
        writeFileSync('$T/page-escaped', names.map((n) => texEscape(n) + '\n').join(''));
    " || fail "node could not escape the names with web/src/base/tex-escape.js"
    while IFS= read -r escaped; do
        grep -qF -- "$escaped" "$T/cli-table.tex" || fail "the page escapes a name as '$escaped', which the CLI's table lacks"
    done < "$T/page-escaped"
    compile page page-lines && check page
else
    echo "note: node is absent: the page's escaping was not compiled"
fi

[ "$fails" = 0 ] && echo "latex: all passed" || { echo "latex: $fails failed"; exit 1; }
