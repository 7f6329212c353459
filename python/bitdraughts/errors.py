"""The package's errors. Each names the input that was wrong and why; the game or position it was
given is left as it was. They mirror the JavaScript binding's (bindings/core/errors.ts)."""


class DraughtsError(Exception):
    """Base class of the package's errors."""


class VariantError(DraughtsError, ValueError):
    """An unknown variant name, or an operation that does not fit the variant."""


class FenError(DraughtsError, ValueError):
    """A FEN that cannot be read; `fen` is the text, `token` the part that is wrong (if known)."""

    def __init__(self, message: str, fen: str, token: "str | None" = None) -> None:
        super().__init__(message)
        self.fen = fen
        self.token = token


class NotationError(DraughtsError, ValueError):
    """Move text that cannot be read, or that fits several legal moves."""


class IllegalMoveError(DraughtsError, ValueError):
    """A move (or an action) that is not legal where it was played."""


class ArgumentError(DraughtsError, ValueError):
    """A bad argument: `name` is the argument, `value` what was given."""

    def __init__(self, message: str, name: str, value: object = None) -> None:
        super().__init__(message)
        self.name = name
        self.value = value


class EngineError(DraughtsError, RuntimeError):
    """The core could not be loaded, or refused a call."""


class IllegalActionError(IllegalMoveError):
    """An action refused by an environment's step: out of range, not legal in its game, or for a
    game that is over; `game` and `action` name it. No game was stepped."""

    def __init__(self, message: str, game: int, action: "int | None") -> None:
        super().__init__(message)
        self.game = game
        self.action = action
