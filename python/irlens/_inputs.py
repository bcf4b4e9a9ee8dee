"""Inputs as users hold them, turned into the core's qrels and runs.

Accepted for qrels and for each run:
  - a path (str or os.PathLike), plain or gzip (told apart by the magic bytes), in any format the
    CLI reads (TREC, BEIR qrels, MS MARCO runs, ranx / ir_measures JSON);
  - a pandas DataFrame with ir_measures' columns (query_id, doc_id, relevance / score) or
    PyTerrier's (qid, docno, label / score, rank);
  - pytrec_eval's dict of dicts ({query: {doc: relevance or score}}; numpy numbers accepted);
  - an iterable of records with those fields as attributes (ir_datasets' qrels_iter(),
    scoreddocs_iter(); ir_measures' Qrel, ScoredDoc), or of (query, doc, value) tuples.
In-memory inputs cross as columns (ids as category codes with a table of the distinct ids, numbers
as numpy arrays: no Python object per row) into the core's readers (feed_columns: the checks and
messages of the text readers, the GIL released); an error names the row. The provenance of an
in-memory input is the size and SHA-256 of its canonical TREC text (one line per row, in row
order: `topic 0 doc rel`, `topic Q0 doc rank score tag`), computed in C++ from the columns beside
the reading; of a file, of the file's bytes (as the CLI's), hashed in C++ on a second thread while
the reader reads them. pytrec_eval's dicts are walked in C++ (_core.dict_columns); without a
digest (the drop-in modules) the core reads the dicts' own keys (_core.read_dict_qrels,
read_dict_run: no columns of the rows made, the GIL held meanwhile). A row's label (its query and
document) is made only for an error. pandas is imported when an input or a result
needs it, not with the package (a DataFrame given means it is imported already).
"""
from __future__ import annotations

import hashlib
import os
import sys
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, List, Mapping, Optional, Sequence, Tuple

from . import _core

if TYPE_CHECKING:  # numpy is imported by the functions that make arrays (the drop-in modules need none)
    import numpy as np

CHUNK = 1 << 22  # bytes fed to a reader at a time

QUERY_COLUMNS = ("query_id", "qid")
DOC_COLUMNS = ("doc_id", "docno")
REL_COLUMNS = ("relevance", "label")
SCORE_COLUMNS = ("score",)
PREFS_FORMATS = ("prefs", "qrels_prefs")  # qrels formats read as preference judgments


@dataclass
class Loaded:
    """A qrels or run read by the core, with its provenance record {role, name, bytes, sha256}."""

    handle: Any
    record: dict


def _error(source: str, problem: str, line: int = 0, message: Optional[str] = None) -> Exception:
    e = _core.InputError(message or (f"{source}: {problem}" if not line else f"{source}:{line}: {problem}"))
    e.file, e.line, e.problem = source, line, problem
    return e


def is_path(x: Any) -> bool:
    return isinstance(x, (str, os.PathLike))


def is_frame(x: Any) -> bool:
    """A pandas DataFrame (without importing pandas: if it is not imported, x is none; while it
    is being imported, by irlens.evaluate's thread beside the reading, it has no DataFrame yet, or
    the final one)."""
    frame = getattr(sys.modules.get("pandas"), "DataFrame", None)
    return frame is not None and isinstance(x, frame)


class Bytes:
    """A sink for _feed_file that keeps the file's text (the side inputs, read from one buffer)
    and hashes its bytes with hashlib."""

    def __init__(self) -> None:
        self.parts: List[bytes] = []
        self._sha = hashlib.sha256()
        self._size = 0

    def feed_file(self, data: bytes, raw: bytes) -> None:
        self.parts.append(bytes(data))
        self._sha.update(raw)
        self._size += len(raw)

    def digest(self) -> Tuple[int, str]:
        return self._size, self._sha.hexdigest()


def file_bytes(path: str) -> Tuple[bytes, dict]:
    """The (decompressed) text of a file and its provenance record."""
    sink = Bytes()
    record = _feed_file(path, sink)
    return b"".join(sink.parts), record


def _feed_file(path: str, reader: Any, digest: bool = True) -> dict:
    """Feeds the (decompressed) file to reader; returns its provenance record: the size and SHA-256
    of the file's bytes, hashed by reader.feed_file beside the reading (digest False: reader.feed,
    size and SHA-256 None)."""
    feed = reader.feed_file if digest else (lambda data, raw: data and reader.feed(data))
    size = 0
    try:
        raw = open(path, "rb")
    except OSError as e:
        raise _error(path, f"cannot open: {e.strerror}") from None
    with raw:
        head = raw.read(2)
        raw.seek(0)
        if head == b"\x1f\x8b":
            import zlib

            inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
            while chunk := raw.read(CHUNK):
                size += len(chunk)
                try:
                    data = inflate.decompress(chunk)
                    while inflate.eof and inflate.unused_data:  # concatenated gzip members
                        rest = inflate.unused_data
                        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
                        data += inflate.decompress(rest)
                except zlib.error as e:
                    raise _error(path, f"corrupt gzip data ({e})") from None
                feed(data, chunk)
            if not inflate.eof:
                raise _error(path, "truncated gzip data")
        else:
            # Into one buffer per thread, reused: a fresh 4 MB bytes object per chunk is fresh
            # pages the kernel zeroes (a campaign's 143 files: a tenth of the reading). The readers
            # keep no view of a chunk (a line cut at its end is copied).
            buf = _chunk_buffer(os.fstat(raw.fileno()).st_size + 1)
            with memoryview(buf) as view:
                while n := raw.readinto(buf):
                    size += n
                    with view[:n] as chunk:
                        feed(chunk, chunk)
    if not digest:
        return {"name": path, "bytes": None, "sha256": None}
    hashed, sha = reader.digest()
    assert hashed == size
    return {"name": path, "bytes": size, "sha256": sha}


_buffers = threading.local()


def _chunk_buffer(size: int) -> bytearray:
    """This thread's buffer for reading a file of `size` bytes (CHUNK at most): grown to the
    largest file read yet, up to CHUNK (bytearray(n) writes its n bytes: a 4 MB buffer for a 1 MB
    file would be 3 MB more of the process's memory than the file's)."""
    want = max(1, min(size, CHUNK))
    buf = getattr(_buffers, "chunk", None)
    if buf is None or len(buf) < want or len(buf) > CHUNK:
        buf = _buffers.chunk = bytearray(want)
    return buf


def _table(cats: Any) -> np.ndarray:
    """The ids of an index of categories as an object array of str (str(id) for other types)."""
    import numpy as np
    import pandas as pd

    if cats.dtype == object and pd.api.types.infer_dtype(cats, skipna=False) == "string":
        return cats.to_numpy(dtype=object)
    if cats.dtype.kind in "iu":  # vectorised; the same text as str()
        return cats.astype(str).to_numpy(dtype=object)
    return np.array([str(c) for c in cats], dtype=object)


def _codes(values: Any) -> Tuple[np.ndarray, np.ndarray]:
    """Category codes (int64, -1 for a missing value) and the table of ids they index (str): a
    categorical column's own, a column of str as it is (codes 0, 1, 2...: the core checks and
    looks up each row's id as it would read it from text; no hashing in Python), else
    pandas.factorize's."""
    import numpy as np
    import pandas as pd

    if isinstance(values, pd.Series) and isinstance(values.dtype, pd.CategoricalDtype):
        return values.cat.codes.to_numpy(np.int64), _table(values.cat.categories)
    a = values.to_numpy() if isinstance(values, pd.Series) else np.asarray(values, dtype=object)
    if a.dtype == object and pd.api.types.infer_dtype(a, skipna=False) == "string":
        return np.arange(len(a), dtype=np.int64), a
    codes, cats = pd.factorize(a)
    return codes.astype(np.int64, copy=False), _table(pd.Index(cats))


def _column(df: Any, names: Sequence[str], what: str, source: str) -> Any:
    """The one column of `names` the frame holds (ir_measures' or PyTerrier's name), or None;
    ValueError naming both when it holds two (query_id and qid may disagree: neither is taken)."""
    present = [n for n in names if n in df.columns]
    if len(present) > 1:
        raise ValueError(
            f"{source}: both {present[0]!r} and {present[1]!r} are columns (the {what} twice, which may "
            f"disagree): keep one (ir_measures' query_id, doc_id, relevance / score or PyTerrier's qid, "
            f"docno, label / score)"
        )
    return df[present[0]] if present else None


def _integers(values: Any, source: str, what: str, rows: Optional[Sequence[Any]]) -> np.ndarray:
    """The values as int64; InputError naming the first row that is not a whole number (the text
    readers' message)."""
    import numpy as np

    a = _numbers(values, source, what, rows)
    if a.dtype.kind == "i":
        return a
    bad = ~np.isfinite(a) | (a != np.round(a))
    if bad.any():
        i = int(np.argmax(bad))
        raise _row_error(source, i, f"{what} '{a[i]}' is not an integer", rows)
    return a.astype(np.int64)


def _numbers(values: Any, source: str, what: str, rows: Optional[Sequence[Any]]) -> np.ndarray:
    """The values as an int64 or float64 array, unconverted when they are one; InputError naming
    the first row that is not a number (the text readers' message)."""
    import numpy as np

    a = np.asarray(values)
    if a.dtype.kind in "iub":
        return a.astype(np.int64, copy=False)
    if a.dtype.kind == "f":
        return a.astype(np.float64, copy=False)
    try:
        return a.astype(np.float64)
    except (TypeError, ValueError):
        for i, v in enumerate(a):
            try:
                float(v)
            except (TypeError, ValueError):
                raise _row_error(source, i, f"{what} '{v}' is not an integer", rows) from None
        raise


class DictRows:
    """The labels of a dict of dicts' rows ("query 'q1', document 'd7'"), row i (from 0) in the
    dicts' order, made when an error asks for one: walking the dicts again then costs nothing
    until something is wrong (a label per row cost more than the rest of the conversion)."""

    def __init__(self, d: Mapping[Any, Mapping[Any, Any]]):
        self._d = d

    def __getitem__(self, i: int) -> str:
        for q, inner in self._d.items():
            if i < len(inner):
                for doc in inner:
                    if i == 0:
                        return f"query {q!r}, document {doc!r}"
                    i -= 1
            i -= len(inner)
        raise IndexError(i)


def _row_label(rows: Optional[Sequence[Any]], i: int) -> str:
    if rows is None:
        return f"row {i}"
    label = rows[i]
    return f"row {i} ({label})" if label != i else f"row {i}"


def _row_error(source: str, i: int, problem: str, rows: Optional[Sequence[Any]]) -> Exception:
    return _error(source, problem, i + 1, f"{source}, {_row_label(rows, i)}: {problem}")


def _records(items: Iterable[Any], fields: Sequence[Sequence[str]], source: str) -> Tuple[List[Any], ...]:
    """Columns of an iterable of records (attributes named as one of each field's names) or tuples."""
    columns: Tuple[List[Any], ...] = tuple([] for _ in fields)
    getters = None
    for i, item in enumerate(items):
        if getters is None:
            getters = []
            for names in fields:
                name = next((n for n in names if hasattr(item, n)), None)
                getters.append(name)
            if None in getters and not isinstance(item, (tuple, list)):
                raise TypeError(
                    f"{source}: row {i}: expected records with fields "
                    f"{' / '.join(fields[getters.index(None)])} (or tuples), got {type(item).__name__}"
                )
        if None in getters:
            if len(item) < len(fields):
                raise _error(
                    source,
                    f"expected {len(fields)} values, got {len(item)}",
                    i + 1,
                    f"{source}, row {i}: expected {len(fields)} values, got {len(item)}",
                )
            for c, v in zip(columns, item):
                c.append(v)
        else:
            for c, name in zip(columns, getters):
                c.append(getattr(item, name))
    return columns


def _dict_columns(d: Mapping[Any, Mapping[Any, Any]], source: str) -> Tuple[List[Any], List[Any], List[Any], DictRows]:
    """The columns of a mapping of mappings other than dicts of dicts (which _core.dict_columns walks)."""
    topics, docs, values = [], [], []
    for q, inner in d.items():
        if not isinstance(inner, Mapping):
            raise TypeError(f"{source}: query {q!r} maps to {type(inner).__name__}, expected a dict {{doc: value}}")
        for doc, v in inner.items():
            topics.append(q)
            docs.append(doc)
            values.append(v)
    return topics, docs, values, DictRows(d)


def _core_dict_columns(d: Any, source: str, integers: bool) -> Optional[tuple]:
    """(topic codes, topic ids, doc codes, doc ids, values) of a dict of dicts walked in C++, or
    None for any other input (or a dict whose values are not all dicts)."""
    if type(d) is not dict:
        return None
    return _translated(lambda: _core.dict_columns(d, source, integers), source, DictRows(d))


def qrels_columns(qrels: Any, source: str):
    """(topics, docs, relevance, row labels) of an in-memory qrels."""
    if is_frame(qrels):
        q, d, r = (
            _column(qrels, QUERY_COLUMNS, "query", source),
            _column(qrels, DOC_COLUMNS, "doc", source),
            _column(qrels, REL_COLUMNS, "relevance", source),
        )
        if q is None or d is None or r is None:
            raise ValueError(
                f"{source}: expected columns query_id, doc_id, relevance (ir_measures) or qid, docno, "
                f"label (PyTerrier); got {', '.join(map(str, qrels.columns))}"
            )
        return q, d, r.to_numpy(), qrels.index  # labels looked up only for an error
    if isinstance(qrels, Mapping):
        t, d, v, rows = _dict_columns(qrels, source)
        return t, d, v, rows
    t, d, v = _records(qrels, (QUERY_COLUMNS, DOC_COLUMNS, REL_COLUMNS), source)
    return t, d, v, None


def run_columns(run: Any, source: str):
    """(topics, docs, scores, ranks or None, row labels) of an in-memory run."""
    if is_frame(run):
        q, d, s = (
            _column(run, QUERY_COLUMNS, "query", source),
            _column(run, DOC_COLUMNS, "doc", source),
            _column(run, SCORE_COLUMNS, "score", source),
        )
        if q is None or d is None or s is None:
            raise ValueError(
                f"{source}: expected columns query_id, doc_id, score (ir_measures) or qid, docno, score "
                f"[, rank] (PyTerrier); got {', '.join(map(str, run.columns))}"
            )
        ranks = run["rank"].to_numpy() if "rank" in run.columns else None
        return q, d, s.to_numpy(), ranks, run.index
    if isinstance(run, Mapping):
        t, d, v, rows = _dict_columns(run, source)
        return t, d, v, None, rows
    t, d, v = _records(run, (QUERY_COLUMNS, DOC_COLUMNS, SCORE_COLUMNS), source)
    return t, d, v, None, None


def _scores(values: Any, source: str, rows: Optional[Sequence[Any]]) -> np.ndarray:
    import numpy as np

    a = np.asarray(values)
    if a.dtype.kind in "iuf":
        return a.astype(np.float64, copy=False)
    out = np.empty(len(a), dtype=np.float64)
    for i, v in enumerate(a):
        try:
            out[i] = float(v)
        except (TypeError, ValueError):
            raise _row_error(source, i, f"score {v!r} is not a number", rows) from None
    return out


def _qrels_columns(qrels: Any, source: str):
    walked = _core_dict_columns(qrels, source, True)
    if walked is not None:
        return walked, DictRows(qrels)
    t, d, r, rows = qrels_columns(qrels, source)
    tc, tn = _codes(t)
    dc, dn = _codes(d)
    return (tc, tn, dc, dn, _numbers(r, source, "relevance", rows)), rows  # the core checks the numbers


def _run_columns(run: Any, source: str, tag: str):
    walked = _core_dict_columns(run, source, False)
    if walked is not None:
        return (*walked, None, tag), DictRows(run)
    t, d, s, ranks, rows = run_columns(run, source)
    tc, tn = _codes(t)
    dc, dn = _codes(d)
    scores = _scores(s, source, rows)
    rk = None if ranks is None else _integers(ranks, source, "rank", rows)
    return (tc, tn, dc, dn, scores, rk, tag), rows


def qrels_text(qrels: Any, source: str) -> Tuple[bytes, Optional[Sequence[Any]]]:
    """The canonical TREC text of an in-memory qrels (`topic 0 doc rel`, one line per row)."""
    columns, rows = _qrels_columns(qrels, source)
    return _translated(lambda: _core.qrels_text(source, *columns), source, rows), rows


def run_text(run: Any, source: str, tag: str) -> Tuple[bytes, Optional[Sequence[Any]]]:
    """The canonical TREC text of an in-memory run (`topic Q0 doc rank score tag`)."""
    columns, rows = _run_columns(run, source, tag)
    return _translated(lambda: _core.run_text(source, *columns), source, rows), rows


def _translated(f, source: str, rows: Optional[Sequence[Any]], reader_name: Optional[str] = None):
    """f(), with an InputError at line N of `source` (or of the reader named reader_name) reported
    as row N - 1 of source."""
    try:
        return f()
    except _core.InputError as e:
        if e.file in (source, reader_name) and e.line:
            raise _row_error(source, e.line - 1, e.problem, rows) from None
        raise


def load_qrels(qrels: Any, format: str = "plain", source: Optional[str] = None, digest: bool = True) -> Loaded:
    """The qrels read by the core, with their provenance record (digest False: no SHA-256, for the
    drop-in modules, which keep no record: bytes and sha256 None, or 0 and "" for columns)."""
    if isinstance(qrels, Loaded):
        return qrels
    if format in PREFS_FORMATS:  # preference judgments (trec_eval's -R prefs / qrels_prefs)
        if isinstance(qrels, (bytes, bytearray, memoryview)):
            source = source or "preferences"
            reader = _core.PrefsReader(source, format)
            reader.feed(qrels)
            data = bytes(qrels)
            return Loaded(
                reader.finish(),
                {"role": "qrels", "name": source, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()},
            )
        if not is_path(qrels):
            raise TypeError(
                f"preference judgments (format {format!r}) are read from a path or bytes, "
                f"got {type(qrels).__name__}"
            )
        path = os.fspath(qrels)
        reader = _core.PrefsReader(path, format)
        record = _feed_file(path, reader, digest)
        return Loaded(reader.finish(), {"role": "qrels", **record})
    if is_path(qrels):
        path = os.fspath(qrels)
        reader = _core.QrelsReader(path, format)
        record = _feed_file(path, reader, digest)
        return Loaded(reader.finish(), {"role": "qrels", **record})
    source = source or f"qrels {_kind(qrels)}"
    if not digest and type(qrels) is dict:  # read from the dicts' own keys, no columns made
        handle = _translated(lambda: _core.read_dict_qrels(source, format, qrels), source, DictRows(qrels))
        if handle is not None:
            return Loaded(handle, {"role": "qrels", "name": source, "bytes": 0, "sha256": ""})
    columns, rows = _qrels_columns(qrels, source)
    handle, size, sha = _translated(
        lambda: _core.read_qrels_columns(source, format, *columns, digest=digest), source, rows
    )
    return Loaded(handle, {"role": "qrels", "name": source, "bytes": size, "sha256": sha})


def load_run(qrels: Loaded, run: Any, name: str, order: str = "score", digest: bool = True) -> Loaded:
    """The run read by the core against qrels, with its provenance record (digest: as load_qrels)."""
    if is_path(run):
        path = os.fspath(run)
        try:  # an error names the path, as the CLI's (the reader names the run)
            reader = _core.RunReader(qrels.handle, name, order)
            record = _feed_file(path, reader, digest)
            return Loaded(reader.finish(), {"role": "run", **record})
        except _core.InputError as e:
            if e.file != name or name == path:
                raise
            raise _error(path, e.problem, e.line) from None
    source = f"run {name}" if name else "run"
    if not digest and type(run) is dict:  # read from the dicts' own keys, no columns made
        handle = _translated(
            lambda: _core.read_dict_run(qrels.handle, name, order, run, source, name or "run"),
            source,
            DictRows(run),
            name,
        )
        if handle is not None:
            return Loaded(handle, {"role": "run", "name": source, "bytes": 0, "sha256": ""})
    columns, rows = _run_columns(run, source, name or "run")
    handle, size, sha = _translated(
        lambda: _core.read_run_columns(qrels.handle, name, order, *columns, digest=digest), source, rows, name
    )
    return Loaded(handle, {"role": "run", "name": source, "bytes": size, "sha256": sha})


def _kind(x: Any) -> str:
    if is_frame(x):
        return "DataFrame"
    if isinstance(x, Mapping):
        return "dict"
    return "records"


def _run_name_of_path(path: str) -> str:
    base = os.path.basename(path)
    name = base[:-3] if base.endswith(".gz") else base
    for ext in (".txt", ".tsv"):
        if name.endswith(ext):
            name = name[: -len(ext)]
            break
    return name or base


def named_runs(runs: Any) -> List[Tuple[str, Any]]:
    """[(name, run)] of one run, a list of runs, or a dict {name: run}. Paths are named as the CLI
    names them (the file name without .gz, then .txt or .tsv; the file name, then the path, where
    two would be equal); in-memory runs "run" (one) or "run1", "run2"... (a list)."""
    if isinstance(runs, Mapping):
        values = list(runs.values())
        one_run = bool(values) and all(isinstance(v, Mapping) for v in values) and not _dict_of_runs(runs)
        if not one_run and values:
            return [(str(k), v) for k, v in runs.items()]
        items = [runs]
    elif (
        isinstance(runs, (list, tuple))
        and runs
        and all(is_path(r) or is_frame(r) or isinstance(r, Mapping) for r in runs)
    ):
        items = list(runs)
    else:
        items = [runs]
    paths = [os.fspath(r) for r in items if is_path(r)]
    names = []
    for i, r in enumerate(items):
        if is_path(r):
            p = os.fspath(r)
            n = _run_name_of_path(p)
            if sum(_run_name_of_path(q) == n for q in paths) > 1:
                n = os.path.basename(p)
                if sum(os.path.basename(q) == n for q in paths) > 1:
                    n = p
        else:
            n = "run" if len(items) == 1 else f"run{i + 1}"
        names.append(n)
    return list(zip(names, items))


def _dict_of_runs(d: Mapping[Any, Any]) -> bool:
    """A dict of pytrec_eval runs {name: {query: {doc: score}}}: values three levels deep."""
    for v in d.values():
        for inner in v.values():
            return isinstance(inner, Mapping)
    return False


def groups_text(groups: Mapping[Any, Any], source: str = "groups") -> bytes:
    """A dict {run: group} as the groups reader's run<TAB>group lines, each entry checked as a dict
    entry, the error naming its key (never a line of a file the user did not write): names are
    non-empty strings without control characters (a TAB or line break would split or inject a
    line) and without surrounding spaces (the reader would drop them)."""
    lines = []
    for run, group in groups.items():
        for what, v in (("run name", run), ("group", group)):
            if not isinstance(v, str):
                raise TypeError(f"{source}[{run!r}]: the {what} must be a str, got {type(v).__name__}")
            bad = next((c for c in v if ord(c) < 0x20 or ord(c) == 0x7F), None)
            if not v.strip():
                raise _core.UsageError(f"{source}[{run!r}]: the {what} is empty")
            if bad is not None:
                raise _core.UsageError(
                    f"{source}[{run!r}]: the {what} {v!r} holds a control character "
                    f"(U+{ord(bad):04X}): names are one line of text"
                )
            if v != v.strip():
                raise _core.UsageError(f"{source}[{run!r}]: the {what} {v!r} starts or ends with a space")
        lines.append(f"{run}\t{group}\n")
    return "".join(lines).encode()
