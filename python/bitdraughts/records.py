"""Self-play records in Python, the same files as the JavaScript library's:

- "BDSR" (docs/env.md "Self-play records", bindings/env/records.ts): one record a decision of a
  game played over the environments: the position, the capture in progress, the action chosen
  and the search's visit distribution, the game's result for the side to move.
  `write_records` / `read_records`.
- "BDSP" (tools/train/records.ts), what training's self-play writes for the evaluation's
  weights: positions, results and scores, as NumPy structured arrays, so millions load in one
  read. `write_position_records` / `read_position_records`.

BDSR, little-endian: a header of 16 bytes: "BDSR", u16 version (1), u16 core variant id, u16
squares N, u16 actions A, u32 0. Then records, each a multiple of 4 bytes: u16 size, u16 ply,
u8 side to move (0 White, 1 Black), u8 legs of the capture in progress L, i8 result for the side
to move, u8 flags (1: the last record of its game), i32 the action chosen, u16 policy entries K,
u16 0; N bytes of piece codes (square 1 … N), 4 bytes of frisian's king streaks; L × u16 the
capture's actions; then at a multiple of 4, K × u16 actions (padded to 4 bytes) and K × f32
their probabilities.

BDSP: "BDSP", u16 version, u16 variant id (the core's), then records, little-endian:

- version 1 (boards of at most 64 squares), 32 bytes: u32 × 2 white pieces, u32 × 2 black
  pieces, u32 × 2 kings (bit s−1 for square s, low word first), u8 side to move (1 White,
  0 Black), i8 result for White (1 win, 0 draw, −1 loss), i16 search score for White
  (centi-men, clamped to ±3000), u16 ply, u16 reserved;
- version 2, the same with four u32 a set (56 bytes), for canadian's 72 squares.
"""

import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, List, Optional, Tuple, Union

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


def write_position_records(path: "str | os.PathLike[str]", variant: Union[str, Variant], records: Union[np.ndarray, Iterable[PositionRecord]]) -> int:
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


def read_position_records(path: "str | os.PathLike[str]", variant: Union[str, Variant, None] = None) -> Tuple[Optional[str], np.ndarray]:
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


# BDSR: the self-play records of the environments.

RECORD_MAGIC = b"BDSR"
RECORD_VERSION = 1
RECORD_HEADER_BYTES = 16


@dataclass(frozen=True)
class RecordHeader:
    """What a record file holds before its records: the core's variant id, squares N, actions A."""

    variant_id: int
    squares: int
    actions: int


@dataclass(frozen=True)
class Record:
    """One decision of a self-play game."""

    ply: int
    """Whole moves played before it."""
    to_move: int
    """0 White, 1 Black."""
    squares: bytes
    """Square 1 … N's piece code (PIECE_*) at index 0 … N−1."""
    action: int
    """The action chosen."""
    result: int
    """The game's result for the side to move: 1 won, 0 draw, −1 lost."""
    legs: Tuple[int, ...] = ()
    """The actions of the capture in progress, played before this decision."""
    policy_actions: Tuple[int, ...] = ()
    """The visit distribution's actions (empty when only the action is kept)…"""
    policy_probabilities: Tuple[float, ...] = ()
    """…and their probabilities."""
    streaks: Tuple[int, int, int, int] = (0, 0, 0, 0)
    """Frisian's king streaks (White's count and square, Black's); zeros elsewhere."""
    last: bool = False
    """Whether this is the last record of its game."""

    def position(self, variant: Union[str, Variant], optional_capture: bool = False) -> Position:
        """The position at the start of the turn (the capture in progress, `legs`, not played)."""
        board = bytearray(c.BOARD_BYTES)
        board[c.BOARD_SIDE] = self.to_move
        board[1: 1 + len(self.squares)] = self.squares
        board[c.BOARD_STREAKS: c.BOARD_STREAKS + 4] = bytes(self.streaks)
        return Position(variant, bytes(board), optional_capture)


def header_for(variant: Union[str, Variant], actions: int, optional_capture: bool = False) -> RecordHeader:
    """The header of a variant's record file (`actions`: the environments' num_actions)."""
    v = variant_of(variant)
    return RecordHeader(v.core_id(optional_capture), v.squares, actions)


def _record_bytes(squares: int, legs: int, entries: int) -> int:
    head = 20 + squares + 2 * legs
    return ((head + 3) & ~3) + ((2 * entries + 3) & ~3) + 4 * entries


def encode_records(header: RecordHeader, records: Iterable[Record]) -> bytes:
    """A record file's bytes: the header, then each record; ArgumentError names a record that does not fit."""
    out = bytearray(RECORD_MAGIC + struct.pack("<HHHHI", RECORD_VERSION, header.variant_id, header.squares, header.actions, 0))
    n = header.squares
    for i, r in enumerate(records):
        k = len(r.policy_actions)
        if len(r.squares) != n:
            raise ArgumentError(f"record {i} has {len(r.squares)} squares, the file {n}", "squares", len(r.squares))
        if len(r.policy_probabilities) != k:
            raise ArgumentError(f"record {i}'s policy has {k} actions and {len(r.policy_probabilities)} probabilities", "policy_probabilities", r.policy_probabilities)
        if r.result not in (-1, 0, 1) or r.to_move not in (0, 1):
            raise ArgumentError(f"record {i}: a result is 1, 0 or -1 and a side to move 0 or 1, got {r.result!r} and {r.to_move!r}", "result", r.result)
        for a in (r.action, *r.legs, *r.policy_actions):
            if not 0 <= a < header.actions:
                raise ArgumentError(f"record {i}: action {a} is out of the variant's range 0 … {header.actions - 1}", "action", a)
        size = _record_bytes(n, len(r.legs), k)
        record = bytearray(size)
        struct.pack_into("<HHBBbBiHH", record, 0, size, min(int(r.ply), 0xFFFF), r.to_move, len(r.legs), r.result, 1 if r.last else 0, int(r.action), k, 0)
        record[16: 16 + n] = r.squares
        record[16 + n: 20 + n] = bytes(r.streaks)
        struct.pack_into(f"<{len(r.legs)}H", record, 20 + n, *r.legs)
        policy = (20 + n + 2 * len(r.legs) + 3) & ~3
        struct.pack_into(f"<{k}H", record, policy, *r.policy_actions)
        struct.pack_into(f"<{k}f", record, policy + ((2 * k + 3) & ~3), *r.policy_probabilities)
        out += record
    return bytes(out)


def decode_records(data: bytes, name: str = "the records") -> Tuple[RecordHeader, List[Record]]:
    """A record file's header and records; RecordFileError names the byte where it goes wrong."""
    if len(data) < RECORD_HEADER_BYTES:
        raise RecordFileError(f"{name}: a record file has a {RECORD_HEADER_BYTES}-byte header; this one has {len(data)} bytes")
    if data[:4] != RECORD_MAGIC:
        raise RecordFileError(f"{name}: not a self-play record file (no BDSR at its start)")
    version, variant_id, n, actions, _ = struct.unpack_from("<HHHHI", data, 4)
    if version != RECORD_VERSION:
        raise RecordFileError(f"{name}: record version {version} is not known (this reader reads {RECORD_VERSION})")
    header = RecordHeader(variant_id, n, actions)
    records = []
    at = RECORD_HEADER_BYTES
    while at < len(data):
        if at + 20 + n > len(data):
            raise RecordFileError(f"{name}: byte {at}: a record is cut short")
        size, ply, to_move, legs, result, flags, action, k, _ = struct.unpack_from("<HHBBbBiHH", data, at)
        if size != _record_bytes(n, legs, k) or at + size > len(data):
            raise RecordFileError(f"{name}: byte {at}: the record's size {size} does not match its contents or the file")
        if result not in (-1, 0, 1) or to_move not in (0, 1):
            raise RecordFileError(f"{name}: byte {at}: a result of {result} or a side to move of {to_move}")
        policy = at + ((20 + n + 2 * legs + 3) & ~3)
        records.append(Record(
            ply=ply, to_move=to_move, squares=bytes(data[at + 16: at + 16 + n]), action=action, result=result,
            legs=struct.unpack_from(f"<{legs}H", data, at + 20 + n), policy_actions=struct.unpack_from(f"<{k}H", data, policy),
            policy_probabilities=struct.unpack_from(f"<{k}f", data, policy + ((2 * k + 3) & ~3)),
            streaks=tuple(data[at + 16 + n: at + 20 + n]), last=bool(flags & 1)))
        at += size
    return header, records


def write_records(path: "str | os.PathLike[str]", header: RecordHeader, records: Iterable[Record]) -> int:
    """Writes a BDSR record file; returns the number of records."""
    items = list(records)
    Path(path).write_bytes(encode_records(header, items))
    return len(items)


def read_records(path: "str | os.PathLike[str]") -> Tuple[RecordHeader, List[Record]]:
    """Reads a BDSR record file: its header and records; RecordFileError names what is wrong."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordFileError(f"{path}: cannot read it ({error.strerror})") from None
    return decode_records(data, str(path))
