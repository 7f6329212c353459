"""bitdraughts: fast, faithful draughts rules in sixteen variants, from Python.

The package runs the same WebAssembly core as the JavaScript library, through Wasmtime: no
second implementation of the rules. `Position`, `perft` and `search` for the basic uses;
`bitdraughts.env` for batched game environments over NumPy views of the core's memory.
"""

from ._core import Core, default_core
from .errors import ArgumentError, DraughtsError, EngineError, FenError, IllegalActionError, IllegalMoveError, NotationError, VariantError
from .position import Move, Position, perft
from .search import SearchLine, SearchResult, search
from .variants import VARIANTS, Variant, variant

__all__ = [
    "ArgumentError", "Core", "DraughtsError", "EngineError", "FenError", "IllegalActionError", "IllegalMoveError", "Move", "NotationError",
    "Position", "SearchLine", "SearchResult", "VARIANTS", "Variant", "VariantError", "default_core", "perft", "search", "variant",
]
__version__ = "0.1.0"
