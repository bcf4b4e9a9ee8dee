"""irlens.pytrec_eval.parse_qrel / parse_run of a file (issue 42): the C++ parse of the file's UTF-8
bytes (or, when reading them would not give the file's text, of its text) gives what pytrec_eval's
Python loop gives over the same open file: the same defaultdict, key for key, value for value
(float() and int() of every token, bit for bit), or the same exception with the same message."""
import collections
import gzip
import math
import struct

import pytest

import irlens.pytrec_eval as pytrec_eval

PARSE = {6: pytrec_eval.parse_run, 4: pytrec_eval.parse_qrel}


def same(a, b):
    """Equal as Python values, floats by their bits (nan, -0.0), the dicts' order too."""
    assert type(a) is type(b) and isinstance(a, collections.defaultdict)
    assert list(a) == list(b)
    for q in a:
        assert list(a[q]) == list(b[q])
        # The ids' hashes (the C++ parse sets a document's as Python computes it): a str made
        # afresh from the same text has the same hash and finds the same entry.
        for key, inner in ((q, a), *((d, a[q]) for d in a[q])):
            fresh = "".join(list(key) + ["\x00"])[:-1]
            assert hash(fresh) == hash(key) and fresh in inner, (q, key)
        for d in a[q]:
            x, y = a[q][d], b[q][d]
            assert type(x) is type(y), (q, d, x, y)
            if isinstance(x, float):
                assert struct.pack("<d", x) == struct.pack("<d", y), (q, d, x, y)
            else:
                assert x == y


def outcome(parse, f):
    """The dict, or (type, message) of the exception."""
    try:
        return parse(f)
    except (ValueError, AssertionError, UnicodeDecodeError) as e:
        return type(e), str(e)


def both(path, fields, opener=open, **kw):
    """(the C++ parse of the open file, pytrec_eval's loop over the lines of the same file)."""
    with opener(path, **kw) as f:
        fast = outcome(PARSE[fields], f)
    with opener(path, **kw) as f:
        slow = outcome(PARSE[fields], (line for line in f))  # a generator: the Python loop
    return fast, slow


def check(path, fields, **kw):
    fast, slow = both(path, fields, **kw)
    if isinstance(slow, tuple):
        assert fast == slow
    else:
        same(fast, slow)
    return fast


# Scores as float() reads them (std::from_chars takes the plain decimals, Python's parser the rest)
# and tokens float() refuses; each on a line of its own, so that each is compared alone.
SCORES = [
    "0.5",
    "-0",
    "-0.0",
    "0",
    "1e3",
    "1E+3",
    "-.5e-3",
    ".5",
    "5.",
    "007.25",
    "99.9997",
    "0.1",
    "0.30000000000000004",
    "2.2250738585072014e-308",
    "4e-320",
    "1e-400",
    "-1e-400",
    "1.7976931348623157e308",
    "1.7976931348623159e308",
    "1e309",
    "-1e999",
    "123456789012345678901234567890",
    "1_000.5",
    "+1.5",
    "+.5",
    "nan",
    "-nan",
    "NaN",
    "inf",
    "-Infinity",
    "INF",
    "1" + "0" * 70,
    "0." + "0" * 70 + "1",
]
REFUSED_SCORES = ["1e", "e5", ".", "-", "1__0", "_1", "1_", "0x1p3", "1.5nan", "nan(1)", "1,5", "1e5.5", "--1", "inf5"]
# Relevances as int() reads them, and tokens int() refuses.
RELEVANCES = [
    "0",
    "1",
    "-1",
    "+2",
    "-0",
    "007",
    "1_000",
    "123456789012345678",
    "-999999999999999999",
    "1234567890123456789012",
    "\u0663",
]  # ٣: an Arabic-Indic digit, int() reads 3
REFUSED_RELEVANCES = ["1e3", "1.0", "0x10", "1__0", "_1", "+", "--1", "nan"]


@pytest.mark.parametrize("chunk", [1, 7, 1 << 22])
def test_numbers_as_python_reads_them(tmp_path, chunk, monkeypatch):
    monkeypatch.setattr(pytrec_eval, "CHUNK", chunk)
    path = tmp_path / "run"
    path.write_text("".join(f"q Q0 d{i} {i} {s} tag\n" for i, s in enumerate(SCORES)), encoding="utf-8")
    run = check(path, 6)
    # 1e3, -0, -1e-400 (an underflow, -0.0), nan, 1_000.5, 1e309 (an overflow, inf)
    assert run["q"]["d4"] == 1000.0 and math.copysign(1, run["q"]["d1"]) == -1 and math.isnan(run["q"]["d25"])
    assert run["q"]["d22"] == 1000.5 and math.copysign(1, run["q"]["d16"]) == -1 and run["q"]["d19"] == math.inf
    path.write_text("".join(f"q 0 d{i} {s}\n" for i, s in enumerate(RELEVANCES)), encoding="utf-8")
    qrel = check(path, 4)
    # -0, 1_000, the Arabic-Indic three
    assert qrel["q"]["d4"] == 0 and qrel["q"]["d6"] == 1000 and qrel["q"]["d10"] == 3
    for token in REFUSED_SCORES:
        path.write_text(f"q Q0 a 1 0.5 t\nq Q0 b 2 {token} t\n", encoding="utf-8")
        fast = check(path, 6)
        assert fast == (ValueError, f"could not convert string to float: '{token}'")
    for token in REFUSED_RELEVANCES:
        path.write_text(f"q 0 a 1\nq 0 b {token}\n", encoding="utf-8")
        fast = check(path, 4)
        assert fast == (ValueError, f"invalid literal for int() with base 10: '{token}'")


@pytest.mark.parametrize("chunk", [1, 5, 1 << 22])
def test_line_ends_as_text_mode(tmp_path, chunk, monkeypatch):
    # CRLF (whitespace before the LF); a lone CR (a line break of the text, read from the text);
    # a CR at the end of the file; no final newline; blank lines refused as pytrec_eval's loop.
    monkeypatch.setattr(pytrec_eval, "CHUNK", chunk)
    path = tmp_path / "qrels"
    cases = [
        (b"q1 0 d1 1\r\nq1 0 d2 0\r\nq2 0 d1 2\r\n", {"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 2}}),
        (b"q1 0 d1 1\rq1 0 d2 0\nq2 0 d1 2", {"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 2}}),
        (b"q1 0 d1 1\nq1 0 d\xc3\xa92 0\rq2 0 d1 2\n", {"q1": {"d1": 1, "d\u00e92": 0}, "q2": {"d1": 2}}),
        (b"q1 0 d1 1\nq2 0 d1 2\r", {"q1": {"d1": 1}, "q2": {"d1": 2}}),
        (b"q1 0 d1 1\r\n\r\nq2 0 d1 2\n", (ValueError, "not enough values to unpack (expected 4, got 0)")),
        (b"q1 0 d1 1\r\rq2 0 d1 2\n", (ValueError, "not enough values to unpack (expected 4, got 0)")),
    ]
    for data, want in cases:
        path.write_bytes(data)
        fast = check(path, 4)
        assert fast == want, data


def test_open_files_read_from_their_text_when_their_bytes_would_differ(tmp_path):
    text = "q1 0 d1 1\nq1 0 d\u00e9 0\nq2 0 d1 2\nq2 0 d3 1\n"
    path = tmp_path / "qrels"
    path.write_text(text, encoding="latin-1")  # not UTF-8: read as the text of its encoding
    assert check(path, 4, encoding="latin-1")["q1"] == {"d1": 1, "d\u00e9": 0}
    with open(path, encoding="latin-1") as f:
        assert pytrec_eval._utf8_bytes(f) is None
    path.write_text(text, encoding="utf-8")
    with open(path, encoding="utf-8") as f:  # the bytes path taken, its buffer the file's size (+1: EOF)
        raw, position = pytrec_eval._utf8_bytes(f)
        assert position == 0 and pytrec_eval._buffer_size(raw, position) == len(text.encode()) + 1
    with open(path, encoding="utf-8") as f:  # a line read before: the rest, from the text
        f.readline()
        assert pytrec_eval._utf8_bytes(f) is None
        rest = pytrec_eval.parse_qrel(f)
    assert rest == {"q1": {"d\u00e9": 0}, "q2": {"d1": 2, "d3": 1}}
    gz = tmp_path / "qrels.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as f:
        f.write(text)
    assert check(gz, 4, opener=gzip.open, mode="rt", encoding="utf-8")["q2"] == {"d1": 2, "d3": 1}
    with gzip.open(gz, "rt", encoding="utf-8") as f:
        assert pytrec_eval._utf8_bytes(f) is not None
    path.write_bytes(b"q1 0 d1 1\nq1 0 d\xff 0\n")  # not UTF-8: refused as the text's decoding refuses it
    fast, slow = both(path, 4, encoding="utf-8")
    assert fast[0] is slow[0] is UnicodeDecodeError


def test_duplicates_before_values_and_later_errors(tmp_path):
    # pytrec_eval's assert comes before the value's conversion, and a line's error after the
    # lines before it: the duplicate wins in both orders of the lines.
    path = tmp_path / "run"
    for text in ("q Q0 a 1 0.5 t\nq Q0 a 2 high t\n", "q Q0 a 1 0.5 t\nq Q0 a 2 0.4 t\nq Q0 b 3 high t\n"):
        path.write_text(text)
        assert check(path, 6) == (AssertionError, "")
    path.write_text("q Q0 a 1 0.5 t\nr Q0 a 1 0.5 t\nq Q0 b 1 0.5 t\nq Q0 a 1 0.5 t\n")  # q again, later
    assert check(path, 6) == (AssertionError, "")


@pytest.mark.parametrize("thread", [True, False])
@pytest.mark.parametrize("chunk", [1, 64, 4096])
def test_lines_scanned_on_a_second_thread_are_put_in_order(tmp_path, chunk, thread, monkeypatch):
    # The C++ parse scans a block of whole lines on a thread of its own while the lines of the
    # block before become objects: over many blocks (chunks of 1, 64 and 4096 bytes), queries that
    # change inside and across blocks and come back later, a non-ASCII line, scores for Python's
    # own parser (+1.5, inf, 1_0) and lines ending in CRLF, the same dict as pytrec_eval's loop; an
    # error in an early block wins over a lone CR in a later one, and a lone CR in an early block
    # sends the whole parse to the text (whose error then is the loop's). Without the second
    # thread (what a parse falls back to when it waited for that thread too long), the same.
    monkeypatch.setattr(pytrec_eval, "CHUNK", chunk)
    monkeypatch.setattr(pytrec_eval, "SCAN_THREAD", thread)
    lines = []
    for i in range(300):
        score = {40: "+1.5", 41: "inf", 42: "1_0", 43: "-0.0"}.get(i, f"{(i * 37) % 101 / 7}")
        doc = "d\u00e9" if i == 150 else f"d{i}"
        end = "\r\n" if i % 11 == 0 else "\n"
        lines.append(f"q{(i // 7) % 5} Q0 {doc} {i} {score} tag{end}")
    path = tmp_path / "run"
    path.write_bytes("".join(lines).encode())
    run = check(path, 6)
    assert len(run) == 5 and sum(map(len, run.values())) == 300 and run["q1"]["d42"] == 10.0
    bad = list(lines)
    bad[250] = "q1 Q0 x 1 0.5\n"  # 5 fields
    bad[280] = "q1 Q0 y 1 0.5 t\rq1 Q0 z 2 0.5 t\n"  # a lone CR, after it
    path.write_bytes("".join(bad).encode())
    assert check(path, 6) == (ValueError, "not enough values to unpack (expected 6, got 5)")
    bad[20], bad[280] = "q2 Q0 y 1 0.5 t\rq2 Q0 z 2 0.5 t\n", lines[280]  # a lone CR before it
    path.write_bytes("".join(bad).encode())
    assert check(path, 6) == (ValueError, "not enough values to unpack (expected 6, got 5)")
    del bad[250]
    path.write_bytes("".join(bad).encode())
    assert check(path, 6)["q2"]["z"] == 0.5  # the text's lines: the lone CR a line break
