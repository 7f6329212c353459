"""Self-play records in Python: the reader and writer of the files training writes and reads
(bench/train/records.ts, "BDSP"), as NumPy structured arrays, so millions load in one read.

File: "BDSP", u16 version, u16 variant id (the core's), then records, little-endian:

- version 1 (boards of at most 64 squares), 32 bytes: u32 × 2 white pieces, u32 × 2 black
  pieces, u32 × 2 kings (bit s−1 for square s, low word first), u8 side to move (1 White,
  0 Black), i8 result for White (1 win, 0 draw, −1 loss), i16 search score for White
  (centi-men, clamped to ±3000), u16 ply, u16 reserved;
- version 2, the same with four u32 a set (56 bytes), for canadian's 72 squares.
"""

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from . import _contract as c
from .errors import ArgumentError, DraughtsError
from .position import Position
from .variants import VARIANTS, Variant, variant as variant_of

MAGIC = b"BDSP"
HEADER_BYTES = 8
SCORE_CLAMP = 3000


def _dtype(words: int) -> np.dtype:
    return np.dtype([("white", "<u4", (words,)), ("black", "<u4", (words,)), ("kings", "<u4", (words,)), ("white_to_move", "u1"),
                     ("result", "i1"), ("score", "<i2"), ("ply", "<u2"), ("reserved", "<u2")])


DTYPES = {1: _dtype(2), 2: _dtype(4)}
"""The records' NumPy dtypes by version (32 and 56 bytes)."""


class RecordFileError(DraughtsError, ValueError):
    """A file that is no record file, of another variant, of an unknown version, or truncated."""


@dataclass(frozen=True)
class PositionRecord:
    """One record: a position (squares of each kind of piece, the side to move), the game's result
    for White (1, 0, −1), the search's score for White in centi-men, and the ply."""

    white: Tuple[int, ...]
    black: Tuple[int, ...]
    kings: Tuple[int, ...]
    white_to_move: bool
    result: int
    score: int
    ply: int

    def position(self, variant: Union[str, Variant]) -> Position:
        """The record's position."""
        v = variant_of(variant)
        board = bytearray(c.BOARD_BYTES)
        board[c.BOARD_SIDE] = 0 if self.white_to_move else 1
        for squares, man, king in ((self.white, c.PIECE_WHITE_MAN, c.PIECE_WHITE_KING), (self.black, c.PIECE_BLACK_MAN, c.PIECE_BLACK_KING)):
            for s in squares:
                if not 1 <= s <= v.squares:
                    raise RecordFileError(f"square {s} is off the {v.name} board")
                board[s] = king if s in self.kings else man
        return Position(v, bytes(board))

    @classmethod
    def of(cls, position: Position, result: int, score: int = 0, ply: int = 0) -> "PositionRecord":
        """A record of `position` with the game's result for White and a score."""
        squares = range(1, position.info.squares + 1)
        pieces = [position.piece_at(s) for s in squares]
        return cls(tuple(s for s, p in zip(squares, pieces) if p and p[0] == "white"), tuple(s for s, p in zip(squares, pieces) if p and p[0] == "black"),
                   tuple(s for s, p in zip(squares, pieces) if p and p[1]), position.turn == "white", result, score, ply)


def version_for(variant: Union[str, Variant]) -> int:
    """The version a variant's records are written in: 2 above 64 squares (canadian), else 1."""
    return 2 if variant_of(variant).squares > 64 else 1


def _bits(squares: Iterable[int], words: int) -> np.ndarray:
    out = np.zeros(words, np.uint32)
    for s in squares:
        if not 1 <= s <= 32 * words:
            raise ArgumentError(f"square {s} does not fit a record of {32 * words} squares", "square", s)
        out[(s - 1) >> 5] |= np.uint32(1 << ((s - 1) & 31))
    return out


def _squares(words: np.ndarray) -> Tuple[int, ...]:
    return tuple(32 * w + i + 1 for w, word in enumerate(words.tolist()) for i in range(32) if (word >> i) & 1)


def encode(records: Iterable[PositionRecord], version: int) -> np.ndarray:
    """PositionRecords as a structured array of `version`'s dtype."""
    dtype = DTYPES[version]
    words = dtype["white"].shape[0]
    items = list(records)
    out = np.zeros(len(items), dtype)
    for i, r in enumerate(items):
        if r.result not in (-1, 0, 1):
            raise ArgumentError(f"a result is 1, 0 or -1 (for White), got {r.result!r}", "result", r.result)
        out[i] = (_bits(r.white, words), _bits(r.black, words), _bits(r.kings, words), 1 if r.white_to_move else 0, r.result,
                  max(-SCORE_CLAMP, min(SCORE_CLAMP, int(round(r.score)))), min(int(r.ply), 0xFFFF), 0)
    return out


def decode(array: np.ndarray) -> list:
    """A structured array's records as PositionRecords."""
    return [PositionRecord(_squares(r["white"]), _squares(r["black"]), _squares(r["kings"]), bool(r["white_to_move"]), int(r["result"]), int(r["score"]), int(r["ply"])) for r in array]


def write_records(path: "str | os.PathLike[str]", variant: Union[str, Variant], records: Union[np.ndarray, Iterable[PositionRecord]]) -> int:
    """Writes a record file of `variant`: its header, then the records (PositionRecords or a
    structured array of the variant's dtype). Returns the number written."""
    v = variant_of(variant)
    version = version_for(v)
    array = records if isinstance(records, np.ndarray) else encode(records, version)
    if array.dtype != DTYPES[version]:
        raise ArgumentError(f"{v.name}'s records are version {version}, dtype {DTYPES[version]}; got {array.dtype}", "records", array.dtype)
    with open(path, "wb") as out:
        out.write(MAGIC + np.array([version, v.id], "<u2").tobytes())
        out.write(array.tobytes())
    return len(array)


def read_records(path: "str | os.PathLike[str]", variant: Union[str, Variant, None] = None) -> Tuple[Optional[str], np.ndarray]:
    """A record file's variant (its name, or None for an id several variants share and no
    `variant` given) and its records as a structured array; RecordFileError names what is wrong
    (not a record file, another variant than `variant`, an unknown version, a truncated file)."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordFileError(f"{name}: cannot read it ({error.strerror})") from None
    if len(data) < HEADER_BYTES or data[:4] != MAGIC:
        raise RecordFileError(f"{name}: not a self-play record file (no BDSP header)")
    version, variant_id = (int(x) for x in np.frombuffer(data[4:8], "<u2"))
    if version not in DTYPES:
        raise RecordFileError(f"{name}: record version {version}, this package reads {', '.join(map(str, DTYPES))}")
    if variant is not None:
        v = variant_of(variant)
        if v.id != variant_id:
            raise RecordFileError(f"{name}: holds variant id {variant_id}, not {v.name}'s {v.id}")
        found: Optional[str] = v.name
    else:
        named = [n for n in VARIANTS if variant_of(n).id == variant_id]
        if not named:
            raise RecordFileError(f"{name}: holds variant id {variant_id}, which is no variant")
        found = named[0] if len(named) == 1 else None
    dtype = DTYPES[version]
    body = len(data) - HEADER_BYTES
    if body % dtype.itemsize:
        raise RecordFileError(f"{name}: truncated: {body} bytes of records is not a multiple of {dtype.itemsize}")
    return found, np.frombuffer(data, dtype, offset=HEADER_BYTES)
