"""Type hints of irlens._core, the pybind11 module (python/bindings/). Internal: use irlens."""
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

class InputError(ValueError):
    file: str
    line: int
    problem: str

class UsageError(ValueError): ...

class Qrels:
    name: str
    plain: bool
    preferences: bool
    topics: List[str]
    judgments: int
    max_grade: int
    warnings: List[str]

class Run:
    name: str
    tag: str
    lines_read: int
    topics_answered: int
    ignored_lines: int
    ignored_topics: List[str]
    warnings: List[str]

class PrefsReader:
    def __init__(self, name: str, format: str) -> None: ...
    def feed(self, chunk: bytes) -> None: ...
    def feed_file(self, data: bytes, raw: bytes) -> None: ...
    def digest(self) -> Tuple[int, str]: ...
    def finish(self) -> Qrels: ...

class QrelsReader:
    def __init__(self, name: str, format: str = "plain") -> None: ...
    def feed(self, chunk: bytes) -> None: ...
    def feed_file(self, data: bytes, raw: bytes) -> None: ...
    def digest(self) -> Tuple[int, str]: ...
    def finish(self) -> Qrels: ...

class RunReader:
    def __init__(self, qrels: Qrels, name: str, order: str = "score") -> None: ...
    def feed(self, chunk: bytes) -> None: ...
    def feed_file(self, data: bytes, raw: bytes) -> None: ...
    def digest(self) -> Tuple[int, str]: ...
    def finish(self) -> Run: ...

class Evaluation:
    measures: List[str]
    full_names: List[str]
    text_valued: List[bool]
    num_runs: int
    warnings: List[str]
    missing: str
    def run(self, index: int) -> Dict[str, Any]: ...
    def json(
        self,
        per_topic: bool,
        qrels: str,
        typed: Sequence[str],
        provenance: str,
        input_warnings: Sequence[str],
        indent: int = -1,
    ) -> str: ...

FORMAT_VERSION: int  # the CLI's output format version (frontends/format_version.hpp)

def version() -> str: ...
def registry() -> List[Dict[str, Any]]: ...
def parse_measures(lists: Sequence[str]) -> List[Dict[str, Any]]: ...
def read_qrels_columns(
    source: str,
    format: str,
    topics: np.ndarray,
    topic_ids: np.ndarray,
    docs: np.ndarray,
    doc_ids: np.ndarray,
    relevance: np.ndarray,
    digest: bool = True,
) -> Tuple[Qrels, int, str]: ...

class TrecDictParser:
    def __init__(self, out: dict, fields: int) -> None: ...
    def feed(self, chunk: str) -> None: ...
    def finish(self) -> None: ...

def dict_columns(
    d: dict, source: str, integers: bool
) -> Optional[Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]: ...
def read_dict_qrels(source: str, format: str, d: dict) -> Optional[Qrels]: ...
def read_dict_run(qrels: Qrels, name: str, order: str, d: dict, source: str, tag: str) -> Optional[Run]: ...
def read_run_columns(
    qrels: Qrels,
    name: str,
    order: str,
    topics: np.ndarray,
    topic_ids: np.ndarray,
    docs: np.ndarray,
    doc_ids: np.ndarray,
    scores: np.ndarray,
    ranks: Optional[np.ndarray],
    tag: str,
    digest: bool = True,
) -> Tuple[Run, int, str]: ...
def qrels_text(
    source: str, topics: np.ndarray, topic_ids: np.ndarray, docs: np.ndarray, doc_ids: np.ndarray, relevance: np.ndarray
) -> bytes: ...
def run_text(
    source: str,
    topics: np.ndarray,
    topic_ids: np.ndarray,
    docs: np.ndarray,
    doc_ids: np.ndarray,
    scores: np.ndarray,
    ranks: Optional[np.ndarray],
    tag: str,
) -> bytes: ...

class SideInputs:
    """Doc lengths, sessions, run groups, intents: each (name, bytes) or None."""

    def __init__(
        self,
        doc_lengths: Optional[Tuple[str, bytes]] = None,
        sessions: Optional[Tuple[str, bytes]] = None,
        groups: Optional[Tuple[str, bytes]] = None,
        intents: Optional[Tuple[str, bytes]] = None,
        intent_types: Optional[Tuple[str, bytes]] = None,
    ) -> None: ...

def evaluate(
    qrels: Qrels, runs: Sequence[Run], measures: Sequence[str], missing: str, side: Optional[SideInputs] = None
) -> Evaluation: ...
def join_evaluations(parts: Sequence[Evaluation]) -> Evaluation: ...
def stream_obstacle(lists: Sequence[str]) -> str: ...
def compare(
    qrels: Qrels,
    runs: Sequence[Run],
    measures: Sequence[str],
    args: Sequence[str],
    missing: str,
    side: Optional[SideInputs] = None,
) -> str: ...
def meta(
    analysis: str,
    qrels: Qrels,
    runs: Sequence[Run],
    measures: Sequence[str],
    args: Sequence[str],
    missing: str,
    preferences: Optional[Tuple[str, str]],
    side: Optional[SideInputs] = None,
) -> str: ...
def meta_seed(analysis: str, args: Sequence[str]) -> int: ...
def judgments(
    qrels_a: Qrels,
    qrels_b: Qrels,
    runs: Sequence[Run],
    measures: Sequence[str],
    args: Sequence[str],
    side: Optional[SideInputs] = None,
) -> str: ...
def judgments_seed(args: Sequence[str]) -> int: ...
def explain(
    qrels: Qrels, run: Run, topic: str, measure: str, runs: Sequence[Run], side: Optional[SideInputs] = None
) -> str: ...
def check(
    name: str,
    data: bytes,
    qrels: Optional[Qrels],
    topics: Optional[Tuple[str, bytes]],
    docs: Optional[Tuple[str, bytes]],
    max_docs: int,
    tag: str,
) -> str: ...
def axioms(measures: Sequence[str], seed: int) -> str: ...
def compare_rankings(
    run_a: Run, run_b: Run, persistence: float, depth: int, cutoffs: Sequence[int], per_topic: bool
) -> str: ...
def reproducibility(
    runs: Sequence[Run],
    measures: Sequence[str],
    cutoffs: Sequence[int],
    persistence: float,
    rbo_depth: int,
    run_length: int,
    replicability: bool,
) -> str: ...
def trec_eval(qrels: Qrels, run: Run, args: Sequence[str]) -> str: ...
def trec_eval_values(
    qrels: Qrels, run: Run, measures: Sequence[str], rel_level: int, judged_only: bool, complete: bool = ...
) -> Tuple[List[str], List[str], List[str], np.ndarray]: ...
def trec_eval_names(measures: Sequence[str]) -> List[Tuple[str, str]]: ...
def trec_eval_measures() -> Dict[str, Any]: ...
