"""Positions, their moves, perft and search, played by the core: a Position is an immutable value
(the board as the core reads it), each question about it one call into the core. The API follows
the JavaScript binding's Position (bindings/core/position.ts) with Python's names."""

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple, Union

import numpy as np

from . import _contract as c
from ._core import Core, default_core
from .errors import ArgumentError, FenError, IllegalMoveError, NotationError
from .variants import Variant, variant as variant_of

MAX_DEPTH = 64
"""Deepest perft and search asked of the core."""

_PIECES = {c.PIECE_WHITE_MAN: ("white", False), c.PIECE_WHITE_KING: ("white", True), c.PIECE_BLACK_MAN: ("black", False), c.PIECE_BLACK_KING: ("black", True)}


@dataclass(frozen=True)
class Move:
    """A legal move, in square numbers: from, to, the squares it stands on, the squares it takes."""

    from_square: int
    to: int
    path: Tuple[int, ...]
    captured: Tuple[int, ...]
    king: bool
    """The piece that moved is a king."""
    promotes: bool
    notation: str
    """The shortest text that names this move among the position's legal moves."""
    index: int = field(compare=False)
    """The move's index in the core's list (the order of the core's generator)."""

    @property
    def is_capture(self) -> bool:
        return len(self.captured) > 0

    def __str__(self) -> str:
        return self.notation


def _read_records(records: np.ndarray, count: int, v: Variant, algebraic: bool) -> List[Move]:
    raw = []
    for i in range(count):
        at = i * c.RECORD_BYTES
        taken = int(records[at + c.RECORD_TAKEN])
        flags = int(records[at + c.RECORD_FLAGS])
        frm = int(records[at + c.RECORD_FROM])
        to = int(records[at + c.RECORD_TO])
        captured = tuple(int(s) for s in records[at + c.RECORD_CAPTURED: at + c.RECORD_CAPTURED + taken])
        path = tuple(int(s) for s in records[at + c.RECORD_PATH: at + c.RECORD_PATH + taken + 1]) if taken else (frm, to)
        raw.append((frm, to, path, captured, bool(flags & c.RECORD_KING), bool(flags & c.RECORD_PROMOTES), i))
    moves = []
    for frm, to, path, captured, king, promotes, i in raw:
        sharing = sum(1 for m in raw if m[0] == frm and m[1] == to)
        squares = path if sharing > 1 and captured else (frm, to)
        text = ("x" if captured else "-").join(v.square_name(s) if algebraic else str(s) for s in squares)
        moves.append(Move(frm, to, path, captured, king, promotes, text, i))
    # The order positions list moves in: by origin, destination, captured squares, path.
    moves.sort(key=lambda m: (m.from_square, m.to, m.captured, m.path))
    return moves


class Position:
    """A position of a variant: the pieces, the side to move, and frisian's king streaks."""

    __slots__ = ("_variant", "_board", "_optional", "_core", "_moves")

    def __init__(self, variant: Union[str, Variant], board: bytes, optional_capture: bool = False, core: Optional[Core] = None) -> None:
        """A position from the core's BOARD bytes; use `initial`, `from_fen` or `play` instead."""
        self._variant = variant_of(variant)
        if len(board) != c.BOARD_BYTES:
            raise ArgumentError(f"a board is {c.BOARD_BYTES} bytes, got {len(board)}", "board", board)
        self._board = bytes(board)
        self._optional = bool(optional_capture)
        self._core = core
        self._moves: Optional[List[Move]] = None

    # Making positions

    @classmethod
    def initial(cls, variant: Union[str, Variant], optional_capture: bool = False) -> "Position":
        """The variant's start position."""
        v = variant_of(variant)
        board = bytearray(c.BOARD_BYTES)
        board[c.BOARD_SIDE] = 0 if v.first_to_move == "white" else 1
        for s in v.start_squares(False):
            board[s] = c.PIECE_BLACK_MAN
        for s in v.start_squares(True):
            board[s] = c.PIECE_WHITE_MAN
        return cls(v, bytes(board), optional_capture)

    @classmethod
    def from_fen(cls, variant: Union[str, Variant], fen: str, optional_capture: bool = False) -> "Position":
        """The position a PDN FEN describes (`W:W31-50:B1-20`); FenError names what is wrong."""
        v = variant_of(variant)
        return cls(v, _parse_fen(v, fen), optional_capture)

    # What it holds

    @property
    def variant(self) -> str:
        return self._variant.name

    @property
    def info(self) -> Variant:
        return self._variant

    @property
    def turn(self) -> str:
        """"white" or "black"."""
        return "white" if self._board[c.BOARD_SIDE] == 0 else "black"

    @property
    def optional_capture(self) -> bool:
        return self._optional

    @property
    def board(self) -> bytes:
        """The position as the core reads it (BOARD_BYTES bytes: side, squares 1…, king streaks)."""
        return self._board

    def piece_at(self, square: int) -> Optional[Tuple[str, bool]]:
        """(colour, is_king) of the piece on `square`, or None when it is empty."""
        if not isinstance(square, int) or not 1 <= square <= self._variant.squares:
            raise ArgumentError(f"square must be a whole number from 1 to {self._variant.squares}, got {square!r}", "square", square)
        return _PIECES.get(self._board[square])

    @property
    def fen(self) -> str:
        """The canonical FEN: White's list first, squares ascending, runs of three men as ranges."""
        squares = self._board[1: self._variant.squares + 1]

        def listed(man: int, king: int) -> str:
            parts, s, n = [], 0, len(squares)
            while s < n:
                if squares[s] == king:
                    parts.append(f"K{s + 1}")
                elif squares[s] == man:
                    end = s
                    while end + 1 < n and squares[end + 1] == man:
                        end += 1
                    if end - s >= 2:
                        parts.append(f"{s + 1}-{end + 1}")
                        s = end
                    else:
                        parts.append(str(s + 1))
                s += 1
            return ",".join(parts)

        text = f"{'W' if self.turn == 'white' else 'B'}:W{listed(c.PIECE_WHITE_MAN, c.PIECE_WHITE_KING)}:B{listed(c.PIECE_BLACK_MAN, c.PIECE_BLACK_KING)}"
        streaks = self._board[c.BOARD_STREAKS: c.BOARD_STREAKS + 4]
        if self._variant.frisian and (streaks[0] or streaks[2]):
            one = lambda n, s: f"+{n}{s}" if n else "+0"  # noqa: E731
            text += f":{one(streaks[2], streaks[3])}{one(streaks[0], streaks[1])}"
        return text

    def __repr__(self) -> str:
        return f"Position({self.variant!r}, {self.fen!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other._variant == self._variant and other._board == self._board and other._optional == self._optional

    def __hash__(self) -> int:
        return hash((self._variant.name, self._board, self._optional))

    # Asking the core

    @property
    def _id(self) -> int:
        return self._variant.core_id(self._optional)

    def _loaded(self) -> Core:
        core = self._core or default_core()
        core.load_board(self._board)
        return core

    def legal_moves(self) -> List[Move]:
        """The legal moves, by origin, destination, captured squares and path."""
        if self._moves is None:
            core = self._loaded()
            count = core.call("legalMoves", self._id)
            core.check()
            self._moves = _read_records(core.view(core.moves_at, count * c.RECORD_BYTES), count, self._variant, self._variant.algebraic)
        return list(self._moves)

    def is_game_over(self) -> bool:
        """Whether the side to move has no move (the game's end by the rules; draws are the Game's)."""
        return len(self.legal_moves()) == 0

    def parse_move(self, text: str) -> Move:
        """The legal move `text` names (`32-28`, `28x19`, `28x17x26`, `c3-d4`); NotationError or IllegalMoveError."""
        if not isinstance(text, str):
            raise NotationError(f"move text must be a string, got {text!r}")
        trimmed = text.strip()
        if not trimmed:
            raise NotationError("the move text is empty")
        parts = re.split(r"([-xX:×])", trimmed)
        separators = {("-" if p == "-" else "x") for p in parts[1::2]}
        if len(separators) > 1:
            raise NotationError(f"the move text {trimmed!r} mixes '-' and 'x' separators")
        squares = [_square(self._variant, p, lambda m: NotationError(f"{m} in {trimmed!r}")) for p in parts[0::2]]
        if len(squares) < 2:
            raise NotationError(f"a move needs two squares, like 32-28 or 28x19: {trimmed!r}")
        capture = separators == {"x"}
        moves = self.legal_moves()
        candidates = [m for m in moves if m.from_square == squares[0] and m.to == squares[-1] and m.is_capture == capture]
        if len(squares) > 2:
            candidates = [m for m in candidates if _subsequence(squares, m.path)]
        if len(candidates) > 1:
            exact = [m for m in candidates if m.path == tuple(squares)]
            if len(exact) == 1:
                return exact[0]
            raise NotationError(f"{trimmed} fits {len(candidates)} legal moves ({', '.join(m.notation for m in candidates)}): give the landing squares")
        if not candidates:
            listed = ", ".join(m.notation for m in moves) or "none"
            raise IllegalMoveError(f"illegal move {trimmed}: it is not among the legal moves ({listed})")
        return candidates[0]

    def play(self, move: Union[Move, str]) -> "Position":
        """The position after `move` (a listed Move or move text), made by the core; this one is unchanged."""
        legal = self.parse_move(move) if isinstance(move, str) else self._listed(move)
        core = self._loaded()
        core.call("stateLoad", self._id)
        core.check()
        count = core.call("stateMoveCount", self._id)
        core.check()
        if legal.index >= count or core.call("stateMake", self._id, legal.index) != 0:
            raise IllegalMoveError(f"the core could not play {legal.notation}")
        core.call("stateStore", self._id)
        return Position(self._variant, core.read_board(), self._optional, self._core)

    def _listed(self, move: Move) -> Move:
        if not isinstance(move, Move):
            raise ArgumentError(f"a move must be a Move or move text, got {move!r}", "move", move)
        for m in self.legal_moves():
            if m == move:
                return m
        raise IllegalMoveError(f"illegal move {move.notation}: it is not among this position's legal moves")

    def _keep(self, depth: int, duplicates: Optional[str]) -> bool:
        if not isinstance(depth, int) or isinstance(depth, bool) or not 0 <= depth <= MAX_DEPTH:
            raise ArgumentError(f"depth must be a whole number from 0 to {MAX_DEPTH}, got {depth!r}", "depth", depth)
        chosen = self._variant.default_duplicates if duplicates is None else duplicates
        if chosen not in ("keep", "drop"):
            raise ArgumentError(f'duplicates must be "keep" or "drop", got {duplicates!r}', "duplicates", duplicates)
        return chosen == "keep"

    def perft(self, depth: int, duplicates: Optional[str] = None) -> int:
        """Leaf nodes of the legal-move tree `depth` plies deep; `duplicates` "keep" counts each
        capture route, "drop" each move (default: the variant's published convention)."""
        keep = self._keep(depth, duplicates)
        core = self._loaded()
        nodes = core.call("perft", self._id, depth, 1 if keep else 0)
        core.check()
        return nodes & 0xFFFFFFFFFFFFFFFF

    def divide(self, depth: int, duplicates: Optional[str] = None) -> Dict[str, int]:
        """Perft(depth − 1) below each legal move, by its notation."""
        keep = self._keep(depth, duplicates)
        if depth == 0:
            return {}
        core = self._loaded()
        count = core.call("perftDivide", self._id, depth, 1 if keep else 0)
        core.check()
        counts = core.view(core.counts_at, count, np.uint64).copy()
        moves = _read_records(core.view(core.moves_at, count * c.RECORD_BYTES), count, self._variant, self._variant.algebraic)
        return {m.notation: int(counts[m.index]) for m in moves}

    def key(self) -> int:
        """The position's 64-bit Zobrist key (the core's)."""
        core = self._loaded()
        key = core.call("zobristKey", self._id)
        core.check()
        return key & 0xFFFFFFFFFFFFFFFF


def _subsequence(squares: List[int], path: Tuple[int, ...]) -> bool:
    it = iter(path)
    return all(s in it for s in squares)


def _square(v: Variant, text: str, error) -> int:
    """The square `text` names, numeric or algebraic; `error(message)` makes the exception."""
    if re.fullmatch(r"\d{1,3}", text):
        square = int(text)
        if 1 <= square <= v.squares:
            return square
        raise error(f"square {text} is off the board (squares are 1 to {v.squares})")
    match = re.fullmatch(r"([a-zA-Z])(\d{1,2})", text)
    if match:
        square = v.square_at(v.size - int(match.group(2)), ord(match.group(1).lower()) - 97)
        if square is not None:
            return square
        raise error(f"{text} is not a playable square of the {v.size}×{v.size} board")
    raise error(f"cannot read {text!r} as a square")


def _parse_fen(v: Variant, fen: str) -> bytes:
    """BOARD bytes of a FEN, read as the JavaScript binding reads it (bindings/core/fen.ts)."""
    if not isinstance(fen, str):
        raise FenError("a FEN must be a string", str(fen))
    text = re.sub(r"\s+", "", fen)
    text = text[:-1] if text.endswith(".") else text
    if not text:
        raise FenError("the FEN is empty", fen)
    if len(text) > 1000:
        raise FenError(f"the FEN is too long ({len(text)} characters)", fen)
    fields = text.split(":")
    side = fields[0].upper()
    if side not in ("W", "B"):
        raise FenError(f"the FEN must start with the side to move, W or B, not {fields[0]!r}", fen, fields[0])
    board = bytearray(c.BOARD_BYTES)
    board[c.BOARD_SIDE] = 0 if side == "W" else 1
    seen = set()
    streaks = None
    for part in fields[1:]:
        tag = part[:1].upper()
        if tag == "+":
            if not v.frisian:
                raise FenError(f"{part!r}: a king-move field belongs to frisian's FEN, not {v.name}'s", fen, part)
            match = re.fullmatch(r"\+(\d)(\d*)\+(\d)(\d*)", part)
            if not match or streaks is not None:
                raise FenError(f"bad king-move field {part!r}: expected +<count><square>+<count><square> (Black's, then White's), once", fen, part)
            streaks = (match.group(3, 4), match.group(1, 2))
            continue
        if tag in ("H", "F"):
            if not part[1:].isdigit():
                raise FenError(f"bad move counter {part!r}", fen, part)
            continue
        if tag not in ("W", "B"):
            raise FenError(f"expected a piece list starting with W or B, found {part!r}", fen, part)
        if tag in seen:
            raise FenError(f"the {'white' if tag == 'W' else 'black'} pieces are listed twice", fen, part)
        seen.add(tag)
        white = tag == "W"
        if len(part) == 1:
            continue
        for token in part[1:].split(","):
            _read_token(v, fen, token, white, board)
    if streaks is not None:
        for at, (color, (count, square)) in zip((c.BOARD_STREAKS, c.BOARD_STREAKS + 2), zip(("white", "black"), streaks)):
            n = int(count)
            if n > 3 or (n == 0) != (square == ""):
                raise FenError(f"{color}'s king-move count {n} and square {square!r} do not fit", fen)
            if n:
                s = int(square)
                king = c.PIECE_WHITE_KING if color == "white" else c.PIECE_BLACK_KING
                if not 1 <= s <= v.squares or board[s] != king:
                    raise FenError(f"{color}'s king-move field names square {s}, where no {color} king stands", fen)
                board[at], board[at + 1] = n, s
    return bytes(board)


def _read_token(v: Variant, fen: str, token: str, white: bool, board: bytearray) -> None:
    if not token:
        raise FenError("empty square in a piece list (two commas in a row?)", fen, token)
    king = token[0] in "Kk"
    body = token[1:] if king else token
    error = lambda m: FenError(m, fen, token)  # noqa: E731
    match = re.fullmatch(r"(\d+)-(\d+)", body)
    if match:
        first, last = _square(v, match.group(1), error), _square(v, match.group(2), error)
        if last < first:
            raise FenError(f"range {token} runs backwards", fen, token)
    else:
        first = last = _square(v, body, error)
    for square in range(first, last + 1):
        if board[square] != c.PIECE_EMPTY:
            raise FenError(f"square {square} holds two pieces", fen, token)
        if not king and v.coordinates(square)[0] == (0 if white else v.size - 1):
            raise FenError(f"a {'white' if white else 'black'} man cannot stand on square {square}, its own promotion row", fen, token)
        board[square] = (c.PIECE_WHITE_KING if king else c.PIECE_WHITE_MAN) if white else (c.PIECE_BLACK_KING if king else c.PIECE_BLACK_MAN)


def perft(variant: Union[str, Variant], depth: int, fen: Optional[str] = None, duplicates: Optional[str] = None, optional_capture: bool = False) -> int:
    """Perft of a variant's start position (or of `fen`)."""
    position = Position.initial(variant, optional_capture) if fen is None else Position.from_fen(variant, fen, optional_capture)
    return position.perft(depth, duplicates)
