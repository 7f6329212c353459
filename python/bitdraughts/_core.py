"""Loading the WebAssembly core with Wasmtime and talking to it, as the JavaScript binding does
(bindings/core/engine.ts): positions go in and moves come out through the core's fixed buffers,
read here as NumPy views of its memory. Op codes, errors and the buffers' layout are the core's
contract (_contract.py, generated from assembly/contract/contract.ts)."""

import os
from pathlib import Path
from typing import Callable, Dict, Optional

import numpy as np
import wasmtime

from . import _contract as c
from .errors import EngineError

CORE_FILE = "bitdraughts.wasm"

_ERRORS = {
    c.ERROR_BAD_BOARD: "the core could not read the board",
    c.ERROR_TOO_MANY_MOVES: "the position has more moves than the core's move buffer holds",
    c.ERROR_UNKNOWN_VARIANT: "the core does not know this variant id",
    c.ERROR_NO_MEMORY: "the core could not grow its memory",
    c.ERROR_NO_TABLE: "perft's table has no size yet",
    c.ERROR_NOT_SEARCHED: "the core's evaluation and search do not play this variant",
}


def core_path(path: "str | os.PathLike[str] | None" = None) -> Path:
    """The core's file: `path`, else $BITDRAUGHTS_WASM, else the one the package carries, else
    (a source checkout, an editable install) the repository's build/bitdraughts.wasm."""
    if path is not None:
        found = Path(path)
        if not found.is_file():
            raise EngineError(f"no core at {found}")
        return found
    named = os.environ.get("BITDRAUGHTS_WASM")
    if named:
        found = Path(named)
        if not found.is_file():
            raise EngineError(f"BITDRAUGHTS_WASM names {found}, which is no file")
        return found
    here = Path(__file__).resolve().parent
    for candidate in (here / CORE_FILE, here.parent.parent / "build" / CORE_FILE):
        if candidate.is_file():
            return candidate
    raise EngineError(
        f"the core {CORE_FILE} is missing: build it at the repository's root (`npm install && npm start`, "
        "or `node scripts/build.mjs`, which writes build/bitdraughts.wasm) and reinstall the package "
        "(`pip install ./python`), or set BITDRAUGHTS_WASM to a built core"
    )


_engine: Optional[wasmtime.Engine] = None
_modules: Dict[Path, wasmtime.Module] = {}


def _module(path: Path) -> wasmtime.Module:
    global _engine
    if _engine is None:
        _engine = wasmtime.Engine()
    key = path.resolve()
    module = _modules.get(key)
    if module is None:
        try:
            module = wasmtime.Module.from_file(_engine, str(key))
        except wasmtime.WasmtimeError as error:
            raise EngineError(f"could not load the core {key}: {error}") from None
        _modules[key] = module
    return module


class Core:
    """One instance of the core: its own memory, buffers, search table and games. Instances share
    nothing; the functions of the package use one default instance (`default_core()`)."""

    def __init__(self, path: "str | os.PathLike[str] | None" = None) -> None:
        self.path = core_path(path)
        module = _module(self.path)
        assert _engine is not None
        store = wasmtime.Store(_engine)
        self._store = store
        #: Called about every 1024 nodes of a search with the nodes so far; True stops it.
        self.poll: Optional[Callable[[float], bool]] = None
        #: Called after each search iteration (kind 0) or new best root move (kind 1); True stops it.
        self.report: Optional[Callable[[int], bool]] = None
        hosts = {
            "abort": self._abort,
            "searchPoll": lambda nodes: 1 if self.poll is not None and self.poll(nodes) else 0,
            "searchReport": lambda kind: 1 if self.report is not None and self.report(kind) else 0,
        }
        imports = []
        for imported in module.imports:
            host = hosts.get(imported.name) if imported.module == "env" else None
            if host is None or not isinstance(imported.type, wasmtime.FuncType):
                raise EngineError(f"the core {self.path} imports {imported.module}.{imported.name}, which this package does not provide")
            imports.append(wasmtime.Func(store, imported.type, host))
        try:
            instance = wasmtime.Instance(store, module, imports)
        except (wasmtime.WasmtimeError, wasmtime.Trap) as error:
            raise EngineError(f"could not start the core {self.path}: {error}") from None
        exports = instance.exports(store)
        self._exports = exports
        self._calls: Dict[str, Callable] = {}
        self._direct = _RAW is not None and self._direct_call_works()
        self._memory = exports["memory"]
        self._bytes: Optional[np.ndarray] = None
        self._length = -1
        self._address = -1
        self.board_at = self.call("boardBuffer")
        self.moves_at = self.call("movesBuffer")
        self.counts_at = self.call("countsBuffer")

    def _direct_call_works(self) -> bool:
        """Whether this Wasmtime's raw call answers as its checked call (else the checked call is used throughout)."""
        try:
            checked = self._exports["boardBuffer"](self._store)
            direct = _unchecked(self._store, self._exports["boardBuffer"])
            return direct is not None and direct() == checked
        except Exception:  # noqa: BLE001 - any failure of the raw path means: do not use it
            return False

    def _abort(self, message: int, file: int, line: int, column: int) -> None:
        raise EngineError(f"the core aborted (line {line}, column {column})")

    def has(self, name: str) -> bool:
        """Whether the core exports `name` (a core built before an export lacks it)."""
        return name in self._exports

    def function(self, name: str) -> Callable:
        """The export `name` as a Python callable bound to this instance's store: a direct call
        of its raw values where this Wasmtime allows it (a few microseconds, against tens for
        the checked call, which converts every value through its type each time), else the
        checked call."""
        try:
            func = self._exports[name]
        except KeyError:
            raise EngineError(f"this core has no export {name!r} (build the core again: node scripts/build.mjs)") from None
        store = self._store
        fast = _unchecked(store, func) if self._direct else None
        if fast is not None:
            return fast

        def call(*args):
            return func(store, *args)

        return call

    def call(self, name: str, *args):
        """Calls the export `name` (each export's callable made once)."""
        func = self._calls.get(name)
        if func is None:
            func = self._calls[name] = self.function(name)
        return func(*args)

    def check(self) -> None:
        """Raises EngineError when the last call failed."""
        code = self.call("error")
        if code != 0:
            raise EngineError(_ERRORS.get(code, f"the core failed with code {code}"))

    @property
    def memory(self) -> np.ndarray:
        """The core's whole memory as bytes (a new view after the memory grew)."""
        length = self._memory.data_len(self._store)
        if length != self._length:
            pointer = self._memory.data_ptr(self._store)
            self._bytes = np.ctypeslib.as_array(pointer, (length,))
            self._length = length
        assert self._bytes is not None
        return self._bytes

    def view(self, at: int, count: int, dtype=np.uint8) -> np.ndarray:
        """`count` items of `dtype` at byte `at` of the core's memory: a live view, valid until the memory grows."""
        size = np.dtype(dtype).itemsize
        return self.memory[at: at + count * size].view(dtype)

    def load_board(self, board: bytes) -> None:
        """Writes a position (BOARD_BYTES bytes, the core's layout) to BOARD."""
        self.memory[self.board_at: self.board_at + c.BOARD_BYTES] = np.frombuffer(board, dtype=np.uint8)

    def read_board(self) -> bytes:
        return self.memory[self.board_at: self.board_at + c.BOARD_BYTES].tobytes()


# The direct call: Wasmtime's C API call of raw values (wasmtime_func_call_unchecked), reached
# through the ctypes bindings wasmtime-py is built on. Where a version of it lacks a name this
# needs, every export is called the checked way; the tests compare the two.
try:
    from wasmtime import _bindings as _ffi
    from wasmtime._func import maybe_raise_last_exn as _raise_host_error

    _RAW = (_ffi._wasmtime_func_call_unchecked, _ffi.wasmtime_val_raw_t, _ffi.wasm_trap_t)
except (ImportError, AttributeError):  # pragma: no cover - another wasmtime-py
    _RAW = None

_FIELDS = {"i32": "i32", "i64": "i64", "f64": "f64", "f32": "f32"}


def _unchecked(store: wasmtime.Store, func: wasmtime.Func) -> Optional[Callable]:
    """A direct call of `func` on raw values, or None when its signature is not plain numbers."""
    import ctypes

    call, raw_t, trap_t = _RAW  # type: ignore[misc]
    kind = func.type(store)
    params = [_FIELDS.get(str(t)) for t in kind.params]
    results = [_FIELDS.get(str(t)) for t in kind.results]
    if None in params or None in results or len(results) > 1:
        return None
    slots = (raw_t * max(1, len(params), len(results)))()
    context = store._context()
    pointer = ctypes.byref(func._func)
    count = len(slots)
    result = results[0] if results else None
    setters = list(enumerate(params))

    def direct(*args):
        if len(args) != len(setters):
            raise TypeError(f"expected {len(setters)} arguments, got {len(args)}")
        for (i, field), value in zip(setters, args):
            setattr(slots[i], field, value)
        trap = ctypes.POINTER(trap_t)()
        error = call(context, pointer, slots, count, ctypes.byref(trap))
        if error or trap:
            _raise_host_error()
            if trap:
                raise wasmtime.Trap._from_ptr(trap)
            raise wasmtime.WasmtimeError._from_ptr(error)
        return getattr(slots[0], result) if result is not None else None

    return direct


_default: Optional[Core] = None


def default_core() -> Core:
    """The instance the package's positions, perft and search use, made on first use."""
    global _default
    if _default is None:
        _default = Core()
    return _default
