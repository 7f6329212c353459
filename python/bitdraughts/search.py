"""The core's search (alpha-beta with iterative deepening) from Python: depth, node and time
limits, several best lines, the game's earlier positions for repetitions."""

import time
from dataclasses import dataclass
from typing import Iterable, List, Optional, Tuple

import numpy as np

from . import _contract as c
from ._core import default_core
from .errors import ArgumentError
from .position import MAX_DEPTH, Move, Position
from .variants import ENDINGS

WIN_SCORE = c.SEARCH_WIN
"""A win in n plies scores WIN_SCORE − n."""


@dataclass(frozen=True)
class SearchLine:
    score: int
    """Centi-men (100 = a man) from the side to move; WIN_SCORE − n for a win in n plies."""
    win: Optional[int]
    """Plies to the end of the game: > 0 the side to move wins, < 0 it loses; None when no end is in sight."""
    pv: Tuple[Move, ...]
    """The line, each move as its position lists it."""


@dataclass(frozen=True)
class SearchResult:
    depth: int
    seldepth: int
    nodes: int
    lines: Tuple[SearchLine, ...]

    @property
    def best_move(self) -> Optional[Move]:
        """The first move of the best line; None when the side to move has no move."""
        return self.lines[0].pv[0] if self.lines and self.lines[0].pv else None


def search(position: Position, depth: int = 64, nodes: Optional[int] = None, seconds: Optional[float] = None,
           multipv: int = 1, history: Iterable[Position] = ()) -> SearchResult:
    """Searches `position` to `depth` plies, at most `nodes` nodes or `seconds` of time (the best
    move of the deepest finished iteration is kept), and returns the `multipv` best lines.
    `history`: the game's earlier positions that can still repeat, oldest first."""
    if not isinstance(position, Position):
        raise ArgumentError(f"search needs a Position, got {position!r}", "position", position)
    if not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
        raise ArgumentError(f"depth must be a whole number from 1 to {MAX_DEPTH}, got {depth!r}", "depth", depth)
    if not isinstance(multipv, int) or not 1 <= multipv <= c.SEARCH_MAX_LINES:
        raise ArgumentError(f"multipv must be a whole number from 1 to {c.SEARCH_MAX_LINES}, got {multipv!r}", "multipv", multipv)
    if nodes is not None and (not isinstance(nodes, int) or nodes < 1):
        raise ArgumentError(f"nodes must be a whole number of at least 1, got {nodes!r}", "nodes", nodes)
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
        raise ArgumentError(f"seconds must be a positive number, got {seconds!r}", "seconds", seconds)
    earlier = list(history)
    if len(earlier) > c.SEARCH_MAX_HISTORY:
        raise ArgumentError(f"a search takes at most {c.SEARCH_MAX_HISTORY} earlier positions, got {len(earlier)}", "history", len(earlier))
    core = position._core or default_core()
    variant_id = position._id
    core.call("searchHistoryClear")
    for before in earlier:
        core.load_board(before.board)
        core.call("searchHistoryPush", variant_id)
        core.check()
    core.load_board(position.board)
    deadline = None if seconds is None else time.monotonic() + seconds
    core.poll = None if deadline is None else (lambda _nodes: time.monotonic() >= deadline)
    try:
        core.call("search", variant_id, depth, float(nodes or 0), multipv, 0, 0, 0, ENDINGS[position.info.ending])
    finally:
        core.poll = None
    core.check()
    return _read_result(core, position)


def _read_result(core, position: Position) -> SearchResult:
    at = core.call("searchBuffer")
    fields = core.view(at, c.SEARCH_LINES_AT // 4, np.int32)
    count = int(fields[c.SEARCH_LINES // 4])
    searched = float(core.view(at + c.SEARCH_NODES, 1, np.float64)[0])
    raw = []
    for k in range(count):
        line = at + c.SEARCH_LINES_AT + k * c.SEARCH_LINE_BYTES
        score, length = (int(x) for x in core.view(line, 2, np.int32))
        records = [int(b) for b in core.view(line + 8, length * c.SEARCH_MOVE_BYTES)]
        moves = []
        for i in range(length):
            r = i * c.SEARCH_MOVE_BYTES
            taken = records[r + c.RECORD_TAKEN]
            moves.append((records[r + c.RECORD_FROM], records[r + c.RECORD_TO], tuple(records[r + c.RECORD_CAPTURED: r + c.RECORD_CAPTURED + taken])))
        raw.append((score, moves))
    depth, seldepth = int(fields[c.SEARCH_DEPTH // 4]), int(fields[c.SEARCH_SELDEPTH // 4])
    lines = []
    for score, moves in raw:
        # Each move of a line found among its position's legal moves (a line's records carry no path).
        pv: List[Move] = []
        walked = position
        for frm, to, captured in moves:
            match = [m for m in walked.legal_moves() if m.from_square == frm and m.to == to and m.captured == captured]
            if not match:
                break
            pv.append(match[0])
            walked = walked.play(match[0])
        bound = c.SEARCH_WIN_BOUND
        win = WIN_SCORE - score if score >= bound else -(WIN_SCORE + score) if score <= -bound else None
        lines.append(SearchLine(score, win, tuple(pv)))
    return SearchResult(depth, seldepth, int(searched), tuple(lines))
