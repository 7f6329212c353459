"""The variants the core plays, and what the package needs to know of each. The rules themselves
live in the core; this is the same table as the JavaScript binding's (bindings/core/variant.ts),
and a test checks the two agree."""

from dataclasses import dataclass
from typing import Dict, Tuple

from . import _contract as c
from .errors import VariantError

VARIANTS: Tuple[str, ...] = (
    "english", "italian", "international", "brazilian", "russian", "spanish", "czech",
    "pool", "thai", "killer", "antidraughts", "breakthrough", "turkish", "frisian", "frysk", "canadian",
)
"""The names of the sixteen variants."""

ENDINGS = {"standard": c.ENDING_STANDARD, "antidraughts": c.ENDING_ANTIDRAUGHTS, "breakthrough": c.ENDING_BREAKTHROUGH}


@dataclass(frozen=True)
class Variant:
    """A variant: its board, numbering, first player, perft convention and how its games end."""

    name: str
    id: int
    """The core's id of its moves (antidraughts and breakthrough play international's, frysk frisian's)."""
    size: int
    all_squares: bool
    """Turkish: all N² squares are played; otherwise the N²/2 dark ones."""
    frisian: bool
    mirrored: bool
    first_to_move: str
    default_duplicates: str
    algebraic: bool
    men: int
    ending: str

    @property
    def squares(self) -> int:
        """Number of playable squares."""
        return self.size * self.size if self.all_squares else self.size * self.size // 2

    def core_id(self, optional_capture: bool = False) -> int:
        """The core's variant id, with the optional-capture house rule when asked."""
        return self.id + (c.OPTIONAL_CAPTURE if optional_capture else 0)

    def coordinates(self, square: int) -> Tuple[int, int]:
        """Row (from the top, as White sees the board) and column of a square."""
        if self.all_squares:
            return (square - 1) // self.size, (square - 1) % self.size
        half = self.size // 2
        row, k = divmod(square - 1, half)
        odd = 0 if self.mirrored else 1
        return row, 2 * k + (row + odd) % 2

    def square_at(self, row: int, column: int) -> "int | None":
        """The square at (row, column), or None off the board or on a light square."""
        n = self.size
        if not (0 <= row < n and 0 <= column < n):
            return None
        if self.all_squares:
            return row * n + column + 1
        if (row + column) % 2 != (0 if self.mirrored else 1):
            return None
        return row * (n // 2) + column // 2 + 1

    def square_name(self, square: int) -> str:
        """Algebraic name of a square, e.g. "c3"."""
        row, column = self.coordinates(square)
        return chr(97 + column) + str(self.size - row)

    def start_squares(self, white: bool) -> range:
        """The men's squares at the start (turkish: the second and third rows)."""
        skip = self.size if self.all_squares else 0
        first = self.squares - skip - self.men + 1 if white else skip + 1
        return range(first, first + self.men)


def _v(name, id, size, first, dup, algebraic, men, ending="standard", all_squares=False, frisian=False, mirrored=False):
    return Variant(name, id, size, all_squares, frisian, mirrored, first, dup, algebraic, men, ending)


_INFO: Dict[str, Variant] = {v.name: v for v in (
    _v("english", c.VARIANT_ENGLISH, 8, "black", "keep", False, 12),
    _v("italian", c.VARIANT_ITALIAN, 8, "white", "drop", False, 12, mirrored=True),
    _v("international", c.VARIANT_INTERNATIONAL, 10, "white", "drop", False, 20),
    _v("brazilian", c.VARIANT_BRAZILIAN, 8, "white", "drop", True, 12),
    _v("russian", c.VARIANT_RUSSIAN, 8, "white", "drop", True, 12),
    _v("spanish", c.VARIANT_SPANISH, 8, "white", "drop", False, 12, mirrored=True),
    _v("czech", c.VARIANT_CZECH, 8, "white", "drop", True, 12),
    _v("pool", c.VARIANT_POOL, 8, "black", "drop", False, 12),
    _v("thai", c.VARIANT_THAI, 8, "white", "drop", False, 8),
    _v("killer", c.VARIANT_KILLER, 10, "white", "drop", False, 20),
    _v("antidraughts", c.VARIANT_INTERNATIONAL, 10, "white", "drop", False, 20, ending="antidraughts"),
    _v("breakthrough", c.VARIANT_INTERNATIONAL, 10, "white", "drop", False, 20, ending="breakthrough"),
    _v("turkish", c.VARIANT_TURKISH, 8, "white", "keep", True, 16, all_squares=True),
    _v("frisian", c.VARIANT_FRISIAN, 10, "white", "drop", False, 20, frisian=True),
    _v("frysk", c.VARIANT_FRISIAN, 10, "white", "drop", False, 5, frisian=True),
    _v("canadian", c.VARIANT_CANADIAN, 12, "white", "drop", False, 30),
)}


def variant(name: "str | Variant") -> Variant:
    """The variant named `name`; VariantError for a name that is none of VARIANTS."""
    if isinstance(name, Variant):
        return name
    info = _INFO.get(name) if isinstance(name, str) else None
    if info is None:
        raise VariantError(f"unknown variant {name!r}: expected one of {', '.join(VARIANTS)}")
    return info
