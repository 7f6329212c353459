"""Batched game environments: many games held in the core's memory and stepped in one call, with
a fixed action index per variant, legal-action masks and lists, observation planes from the side
to move, rewards, done flags, keys, the real draw rules, clone, undo and random playouts.

Everything a game does is done by the core (docs/env.md, "The core interface"); this module
writes the host's buffers (actions, reset mask) and hands out NumPy views of the core's:

    from bitdraughts.env import Envs
    envs = Envs("english", count=1024, seed=1)
    while not envs.done.all():
        envs.step(envs.random_actions())

The arrays (`legal_mask`, `legal_actions`, `observation`, `reward`, `done`, …) are live views:
the next step or reset writes them again, so copy what must be kept.
"""

from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

import numpy as np

from . import _contract as c
from ._core import Core
from .errors import ArgumentError, EngineError, IllegalActionError
from .position import Move, Position, _read_records
from .variants import ENDINGS, Variant, variant as variant_of

RESULTS = {c.ENV_RESULT_ONGOING: None, c.ENV_RESULT_WHITE: "white", c.ENV_RESULT_BLACK: "black", c.ENV_RESULT_DRAW: "draw"}
"""ENV_BUF_RESULT's codes: the winner, "draw", or None while the game goes on."""

REASONS = {0: None, c.ENV_END_NO_MOVES: "no-moves", c.ENV_END_BREAKTHROUGH: "breakthrough", c.ENV_END_REPETITION: "threefold-repetition", c.ENV_END_MAX_PLIES: "max-plies"}

RULES = {
    c.ENV_RULE_25_MOVE_KINGS: "25-move-kings", c.ENV_RULE_16_MOVE_ENDGAME: "16-move-endgame", c.ENV_RULE_5_MOVE_ENDGAME: "5-move-endgame",
    c.ENV_RULE_15_MOVE_KINGS: "15-move-kings", c.ENV_RULE_15_MOVE_ENDGAME: "15-move-endgame", c.ENV_RULE_LONG_DIAGONAL: "long-diagonal-endgame",
    c.ENV_RULE_30_MOVE_ENDGAME: "30-move-endgame", c.ENV_RULE_60_MOVE_ENDGAME: "60-move-endgame", c.ENV_RULE_20_MOVE_KINGS: "20-move-kings",
    c.ENV_RULE_BRAZILIAN_5: "5-move-endgame", c.ENV_RULE_40_MOVE_KINGS: "40-move", c.ENV_RULE_40_MOVE: "40-move", c.ENV_RULE_20_MOVE: "20-move",
    c.ENV_RULE_12_MOVE_ENDGAME: "12-move-endgame", c.ENV_RULE_15_MOVE: "15-move", c.ENV_RULE_7_MOVE_ENDGAME: "7-move-endgame",
    c.ENV_RULE_2_MOVE_ENDGAME: "2-move-endgame",
}
"""The counting rules' names (as bindings/game/draw-rules.ts names them), by ENV_RULE_* id."""

_ENV_ERRORS = {
    c.ERROR_ENV_ACTION: "an action out of range or not legal in its game",
    c.ERROR_ENV_GAME_OVER: "an action for a game that is over",
    c.ERROR_ENV_NO_GAME: "no such game (or environments of other rules)",
    c.ERROR_ENV_ARGUMENT: "a count, maxPlies or flags the core cannot take",
    c.ERROR_ENV_NOTHING_TO_UNDO: "nothing to undo: the game is at its first position",
    c.ERROR_BAD_BOARD: "the core could not read the board",
    c.ERROR_NO_MEMORY: "the core could not grow its memory for the games",
    c.ERROR_UNKNOWN_VARIANT: "the core does not play this variant",
}

DEFAULT_MAX_PLIES = 1000
"""Whole moves a game plays before it is cut (a draw for the result, a truncation for a learner)."""


@dataclass(frozen=True)
class LegalMove:
    """A legal move of a game in the whole-move form: the move as a Position lists it, and its legs' actions."""

    move: Move
    actions: Tuple[int, ...]


class Envs:
    """`count` games of one variant held in the core, stepped together.

    The options are the JavaScript createEnvs' (bindings/env/env.ts). variant: a name of
    bitdraughts.VARIANTS. seed: the default seed of `playout` and of `random_actions`' generator
    (default 1). draw_rules: "standard" (the variant's counting rules and the threefold
    repetition end games in a draw at once, as `Game` with repetition "automatic"), "none", or
    a dict of `counting`, `repetition` (bools) and `brazilian_rules` ("cbd" or "russian").
    max_plies: whole moves after which a game is cut (1 000 by default). mask, observation:
    whether every step writes the dense mask and the planes (default False each: then they are
    written when read after a change). The legal action lists are always written. core: the
    core instance that holds the games (default: a new one; environments made on one core can
    copy games between them, and `clone` makes its copy there). Views read before another
    environment is made on the same core should be read again.
    """

    def __init__(self, variant: Union[str, Variant] = "english", count: int = 1, seed: int = 1, draw_rules: Union[str, dict, bool] = "standard",
                 max_plies: int = DEFAULT_MAX_PLIES, mask: bool = False, observation: bool = False, optional_capture: bool = False,
                 core: Optional[Core] = None, _flags: Optional[int] = None) -> None:
        v = variant_of(variant)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= c.ENV_MAX_COUNT:
            raise ArgumentError(f"count must be a whole number from 1 to {c.ENV_MAX_COUNT}, got {count!r}", "count", count)
        if not isinstance(max_plies, int) or isinstance(max_plies, bool) or not 1 <= max_plies <= c.ENV_MAX_PLIES:
            raise ArgumentError(f"max_plies must be a whole number from 1 to {c.ENV_MAX_PLIES}, got {max_plies!r}", "max_plies", max_plies)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ArgumentError(f"seed must be a whole number of at least 0, got {seed!r}", "seed", seed)
        flags = _flags
        if flags is None:
            flags = ENDINGS[v.ending]
            flags |= c.ENV_FRYSK if v.name == "frysk" else 0
            flags |= _draw_flags(draw_rules)
            flags |= (c.ENV_WRITE_MASK if mask else 0) | (c.ENV_WRITE_OBSERVATION if observation else 0)
        self._variant = v
        self._optional = bool(optional_capture)
        self._core = core if core is not None else Core()
        self._id_variant = v.core_id(self._optional)
        fns = self._core
        self._create = fns.function("envCreate")
        self._env = -1
        env = self._create(self._id_variant, flags, count, max_plies)
        if env < 0:
            raise EngineError(f"could not make {count} games of {v.name}: {_ENV_ERRORS.get(env, f'code {env}')}")
        self._env = env
        self._step = fns.function("envStep")
        self._reset = fns.function("envReset")
        self._info = fns.function("envInfo")
        self._buffer = fns.function("envBuffer")
        self._failed = fns.function("envFailedGame")
        self.count = count
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        info = lambda field: self._info(env, field)  # noqa: E731
        self.num_actions = info(c.ENV_INFO_ACTIONS)
        self.observation_shape = (info(c.ENV_INFO_PLANES), info(c.ENV_INFO_HEIGHT), info(c.ENV_INFO_WIDTH))
        self.action_factors = (info(c.ENV_INFO_SQUARES), info(c.ENV_INFO_DIRECTIONS), info(c.ENV_INFO_DISTANCES))
        """N, D, L: an action is square × D × L + direction × L + distance − 1."""
        self.max_plies = info(c.ENV_INFO_MAX_PLIES)
        self.flags = info(c.ENV_INFO_FLAGS)
        self.rules = tuple(RULES.get(info(c.ENV_INFO_RULE_0 + k), f"rule {info(c.ENV_INFO_RULE_0 + k)}") for k in range(info(c.ENV_INFO_RULES)))
        """The counting rules in play, in the order of their planes and counters."""
        self._symmetries = info(c.ENV_INFO_SYMMETRIES)
        self._views_at = -1
        self._views: dict = {}
        # Outputs a step does not write are written when read after a change.
        self._mask_stale = not flags & c.ENV_WRITE_MASK
        self._observation_stale = not flags & c.ENV_WRITE_OBSERVATION

    def _changed(self) -> None:
        self._mask_stale = not self.flags & c.ENV_WRITE_MASK
        self._observation_stale = not self.flags & c.ENV_WRITE_OBSERVATION

    def close(self) -> None:
        """Gives the games' memory back to the core (done when the Envs is collected otherwise); the Envs cannot be used after."""
        if self._env >= 0 and self._core.has("envFree"):
            self._core.call("envFree", self._env)
        self._env = -1
        self._views = {}

    def __enter__(self) -> "Envs":
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - the core may be gone at interpreter exit
            pass

    def __len__(self) -> int:
        return self.count

    def __repr__(self) -> str:
        return f"Envs({self.variant!r}, count={self.count}, actions={self.num_actions}, planes={self.observation_shape})"

    # The core's buffers as NumPy views, made again whenever the core's memory grew.

    def _view(self, which: int, dtype, shape: Tuple[int, ...]) -> np.ndarray:
        if self._env < 0:
            raise ArgumentError("these environments were closed", "envs", self)
        memory = self._core.memory
        if self._views_at != memory.shape[0]:
            self._views = {}
            self._views_at = memory.shape[0]
        view = self._views.get(which)
        if view is None:
            at = self._buffer(self._env, which)
            size = int(np.prod(shape)) * np.dtype(dtype).itemsize
            view = memory[at: at + size].view(dtype).reshape(shape)
            self._views[which] = view
        return view

    @property
    def variant(self) -> str:
        return self._variant.name

    @property
    def core(self) -> Core:
        return self._core

    @property
    def actions(self) -> np.ndarray:
        """The host's actions for the next step (int32 a game; -1 leaves the game as it is)."""
        return self._view(c.ENV_BUF_ACTIONS, np.int32, (self.count,))

    @property
    def legal_mask(self) -> np.ndarray:
        """(count, num_actions) uint8: 1 where the action is legal (written by every step with mask=True, else when read after a change)."""
        if self._mask_stale:
            return self.write_mask()
        return self._view(c.ENV_BUF_MASK, np.uint8, (self.count, self.num_actions))

    @property
    def legal_actions(self) -> np.ndarray:
        """(count, ENV_MAX_LEGAL) int32: each game's legal actions, ascending, the first legal_counts[g] of its row."""
        return self._view(c.ENV_BUF_LEGAL, np.int32, (self.count, c.ENV_MAX_LEGAL))

    @property
    def legal_counts(self) -> np.ndarray:
        """(count,) int32: how many legal actions each game has (0 once it is over)."""
        return self._view(c.ENV_BUF_LEGAL_COUNT, np.int32, (self.count,))

    @property
    def observation(self) -> np.ndarray:
        """(count, C, H, W) uint8 planes from the side to move (docs/env.md "The observation"), written as `legal_mask` is."""
        if self._observation_stale:
            return self.observe()
        return self._view(c.ENV_BUF_OBSERVATION, np.uint8, (self.count, *self.observation_shape))

    def observation_float(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The planes as float32 (a copy, into `out` when given)."""
        if out is None:
            return self.observation.astype(np.float32)
        np.copyto(out, self.observation, casting="unsafe")
        return out

    @property
    def reward(self) -> np.ndarray:
        """(count,) float32: the last step's reward for the side that made it: 1 won, -1 lost, else 0."""
        return self._view(c.ENV_BUF_REWARD, np.float32, (self.count,))

    @property
    def done(self) -> np.ndarray:
        """(count,) bool: the game is over (won, drawn, or cut at max_plies)."""
        return self._view(c.ENV_BUF_DONE, np.bool_, (self.count,))

    @property
    def to_move(self) -> np.ndarray:
        """(count,) uint8: 0 White, 1 Black (the same between the legs of a capture)."""
        return self._view(c.ENV_BUF_TO_MOVE, np.uint8, (self.count,))

    @property
    def key(self) -> np.ndarray:
        """(count,) uint64: the Zobrist key of each game's position at the start of its turn."""
        return self._view(c.ENV_BUF_KEY, np.uint64, (self.count,))

    @property
    def result(self) -> np.ndarray:
        """(count,) uint8: ENV_RESULT_* (0 ongoing, 1 White won, 2 Black won, 3 draw or cut)."""
        return self._view(c.ENV_BUF_RESULT, np.uint8, (self.count,))

    @property
    def reason(self) -> np.ndarray:
        """(count,) uint8: how each game ended (ENV_END_*; 0 while it goes on)."""
        return self._view(c.ENV_BUF_REASON, np.uint8, (self.count,))

    @property
    def ply(self) -> np.ndarray:
        """(count,) int32: whole moves played since the start."""
        return self._view(c.ENV_BUF_PLY, np.int32, (self.count,))

    @property
    def legs(self) -> np.ndarray:
        """(count,) int32: legs of the capture in progress played so far (0 at the start of a turn)."""
        return self._view(c.ENV_BUF_LEGS, np.int32, (self.count,))

    @property
    def counters(self) -> np.ndarray:
        """(count, ENV_COUNTERS) uint16: the counting rules' plies (in `rules` order), at ENV_COUNTER_REPETITIONS the repetitions."""
        return self._view(c.ENV_BUF_COUNTERS, np.uint16, (self.count, c.ENV_COUNTERS))

    @property
    def symmetries(self) -> List[str]:
        """The board symmetries that keep the rules besides the colour swap (turkish: ["mirror"])."""
        return ["mirror"] if self._symmetries & c.ENV_SYM_MIRROR else []

    # Stepping

    def _check(self, code: int, what: str) -> None:
        if code >= 0:
            return
        if code in (c.ERROR_ENV_ACTION, c.ERROR_ENV_GAME_OVER):
            game = self._failed(self._env)
            action = int(self.actions[game]) if 0 <= game < self.count else None
            if code == c.ERROR_ENV_GAME_OVER:
                raise IllegalActionError(f"{what}: game {game} is over, it takes no action (got {action}; give -1 to leave it); no game was changed", game, action)
            raise IllegalActionError(f"{what}: action {action} of game {game} is not legal there (legal: {self.legal_list(game)[:16]}); no game was changed", game, action)
        raise EngineError(f"{what}: {_ENV_ERRORS.get(code, f'the core failed with code {code}')}")

    def step(self, actions=None) -> None:
        """One action a game (a sequence or array of `count` ints; -1 leaves a game as it is;
        None: the actions already written into `envs.actions`), all checked before any is
        played: an illegal action, or one for a finished game, is refused by name and no game
        changes. Writes each stepped game's outputs."""
        held = self.actions
        if actions is None:
            pass
        elif isinstance(actions, np.ndarray) and actions.dtype == np.int32 and actions.shape == held.shape:
            held[:] = actions
        else:
            given = np.asarray(actions)
            if given.shape != held.shape:
                raise ArgumentError(f"step needs one action a game: an array of shape ({self.count},), got shape {given.shape}", "actions", given.shape)
            if given.size and (given.dtype.kind not in "iu" or given.min() < -1 or given.max() >= self.num_actions):
                bad = np.flatnonzero((given < -1) | (given >= self.num_actions)) if given.dtype.kind in "iuf" else [0]
                g = int(bad[0]) if len(bad) else 0
                raise IllegalActionError(f"step: action {given[g]!r} of game {g} is out of range (actions are 0 to {self.num_actions - 1}, -1 for none); no game was changed", g, None)
            held[:] = given
        self._check(self._step(self._env), "step")
        self._changed()

    def reset(self, mask=None) -> None:
        """Every game back to its start, or the games where `mask` (count bools) is true."""
        if mask is None:
            code = self._reset(self._env, 0)
        else:
            given = np.asarray(mask)
            if given.shape != (self.count,):
                raise ArgumentError(f"reset's mask needs one flag a game: shape ({self.count},), got {given.shape}", "mask", given.shape)
            self._view(c.ENV_BUF_RESET, np.uint8, (self.count,))[:] = given.astype(bool)
            code = self._reset(self._env, 1)
        self._check(code, "reset")
        self._changed()

    def random_actions(self, rng: Optional[np.random.Generator] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
        """A uniformly random legal action for each game from its legal action list (-1 for a game over)."""
        rng = rng or self.rng
        counts = self.legal_counts
        pick = (rng.random(self.count) * counts).astype(np.int32)
        chosen = self.legal_actions[np.arange(self.count), pick]
        if out is None:
            out = np.empty(self.count, np.int32)
        np.copyto(out, np.where(counts > 0, chosen, -1))
        return out

    def legal_list(self, game: int) -> List[int]:
        """Game `game`'s legal actions, ascending."""
        g = self._game(game)
        return [int(a) for a in self.legal_actions[g, : self.legal_counts[g]]]

    def write_mask(self) -> np.ndarray:
        """Writes every game's dense mask now (for environments made with mask=False); returns it."""
        self._check(self._core.call("envWriteMask", self._env), "write_mask")
        self._mask_stale = False
        return self._view(c.ENV_BUF_MASK, np.uint8, (self.count, self.num_actions))

    def observe(self) -> np.ndarray:
        """Writes every game's planes now (for environments made with observation=False); returns them."""
        self._check(self._core.call("envObserve", self._env), "observe")
        self._observation_stale = False
        return self._view(c.ENV_BUF_OBSERVATION, np.uint8, (self.count, *self.observation_shape))

    def set_outputs(self, mask: bool, observation: bool) -> None:
        """Which outputs steps and resets write from now on."""
        flags = (c.ENV_WRITE_MASK if mask else 0) | (c.ENV_WRITE_OBSERVATION if observation else 0)
        self._check(self._core.call("envSetOutputs", self._env, flags), "set_outputs")
        self.flags = self._info(self._env, c.ENV_INFO_FLAGS)
        self._changed()

    # One game at a time

    def _game(self, game) -> int:
        if isinstance(game, (bool, np.bool_)) or not isinstance(game, (int, np.integer)) or not 0 <= game < self.count:
            raise ArgumentError(f"game must be a whole number from 0 to {self.count - 1}, got {game!r}", "game", game)
        return int(game)

    def undo(self, game: int) -> None:
        """Takes back the game's last step: the last leg of a capture in progress, else the last whole move."""
        g = self._game(game)
        self._check(self._core.call("envUndo", self._env, g), f"undo of game {g}")
        self._changed()

    def copy_game(self, to: int, source: "Envs", game: int) -> None:
        """Game `game` of `source` (the same core and rules) copied over game `to` of these."""
        if not isinstance(source, Envs) or source._core is not self._core:
            raise ArgumentError("copy_game copies from environments of the same core (make them with core=envs.core)", "source", source)
        t, g = self._game(to), source._game(game)
        self._check(self._core.call("envCopyGame", self._env, t, source._env, g), f"copy of game {g} to game {t}")
        self._changed()

    def clone(self) -> "Envs":
        """New environments in the same core holding copies of these games (history, capture in progress and outputs too)."""
        twin = Envs(self._variant, self.count, self.seed, max_plies=self.max_plies, optional_capture=self._optional, core=self._core, _flags=self.flags)
        for g in range(self.count):
            twin.copy_game(g, self, g)
        return twin

    def load(self, game: int, position: Position) -> None:
        """The position becomes game `game`'s start (no history, counters 0)."""
        g = self._game(game)
        if not isinstance(position, Position) or position.info.id != self._variant.id:
            raise ArgumentError(f"load needs a Position of {self._variant.name}, got {position!r}", "position", position)
        self._core.load_board(position.board)
        self._check(self._core.call("envLoad", self._env, g), f"load of game {g}")
        self._changed()

    def from_fen(self, game: int, fen: str) -> None:
        """The position `fen` describes becomes game `game`'s start; FenError names what is wrong, and the game is unchanged."""
        self.load(game, Position.from_fen(self._variant, fen, self._optional))

    def position(self, game: int) -> Position:
        """Game `game`'s position at the start of its turn."""
        g = self._game(game)
        self._check(self._core.call("envStore", self._env, g), f"position of game {g}")
        return Position(self._variant, self._core.read_board(), self._optional)

    def _move_table(self, game: int) -> np.ndarray:
        g = self._game(game)
        n = self._core.call("envMoves", self._env, g)
        self._check(n, f"moves of game {g}")
        width = c.ENV_MOVE_BYTES // 4
        return self._core.view(self._buffer(self._env, c.ENV_BUF_MOVES), n * width, np.int32).reshape(n, width)

    def move_actions(self, game: int) -> List[Tuple[int, ...]]:
        """Each legal move's legs' actions, in the core's order (the whole-move form without the moves); at a turn's start only."""
        return [tuple(int(a) for a in row[1: 1 + row[0]]) for row in self._move_table(game)]

    def moves(self, game: int) -> List[LegalMove]:
        """The game's legal moves in the whole-move form (each with its legs' actions), as Position lists them; at a turn's start only."""
        table = self._move_table(game)
        core = self._core
        listed = _read_records(core.view(core.moves_at, len(table) * c.RECORD_BYTES), len(table), self._variant, self._variant.algebraic)
        return [LegalMove(m, tuple(int(a) for a in table[m.index, 1: 1 + table[m.index, 0]])) for m in listed]

    def canonical(self, game: int) -> Tuple[Position, bool, bool]:
        """The game's position seen from the side to move (colours swapped for Black, White to
        move; in turkish the smaller of it and its mirror by key): (position, swapped, mirrored)."""
        g = self._game(game)
        code = self._core.call("envCanonical", self._env, g)
        self._check(code, f"canonical of game {g}")
        return Position(self._variant, self._core.read_board(), self._optional), bool(code & 1), bool(code & 2)

    def mirror_action(self, action: int) -> int:
        """The action mirrored left to right (turkish, where the mirror keeps the rules)."""
        if not self._symmetries & c.ENV_SYM_MIRROR:
            raise ArgumentError(f"{self._variant.name} has no mirror symmetry (only turkish does)", "action", action)
        n, d, l = self.action_factors
        if not isinstance(action, (int, np.integer)) or not 0 <= action < self.num_actions:
            raise ArgumentError(f"action must be from 0 to {self.num_actions - 1}, got {action!r}", "action", action)
        square, rest = divmod(int(action), d * l)
        direction, distance = divmod(rest, l)
        size = self._variant.size
        row, column = divmod(square, size)
        # Turkish's directions: 0 up, 1 down, 2 left, 3 right; the mirror swaps left and right.
        direction = {2: 3, 3: 2}.get(direction, direction)
        return (row * size + size - 1 - column) * d * l + direction * l + distance

    def playout(self, count: int, seed: Optional[int] = None) -> np.ndarray:
        """From each unfinished game, `count` games played to their end by random legal actions
        in the core (the games themselves do not change): (count_games, 4) int32 tallies of
        wins, draws and losses for the side to move, and plies played."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ArgumentError(f"count must be a whole number of at least 0, got {count!r}", "count", count)
        chosen = self.seed if seed is None else seed
        if not isinstance(chosen, int) or chosen < 0 or chosen >= 2 ** 53:
            raise ArgumentError(f"seed must be a whole number from 0 to 2**53 - 1, got {chosen!r}", "seed", chosen)
        self._check(self._core.call("envPlayout", self._env, count, float(chosen)), "playout")
        return self._view(c.ENV_BUF_PLAYOUT, np.int32, (self.count, 4)).copy()

    def results(self) -> List[Tuple[Optional[str], Optional[str]]]:
        """Each game's (result, reason) by name: ("white" | "black" | "draw" | None, the rule that ended it)."""
        out = []
        for r, why in zip(self.result, self.reason):
            reason = REASONS.get(int(why)) if why < c.ENV_END_RULE else RULES.get(int(why) - c.ENV_END_RULE)
            out.append((RESULTS[int(r)], reason))
        return out


def _draw_flags(rules) -> int:
    """envCreate's draw flags for `draw_rules` (see Envs)."""
    if rules is True or rules == "standard":
        return c.ENV_DRAW_COUNTING | c.ENV_DRAW_REPETITION
    if rules is False or rules == "none":
        return 0
    if not isinstance(rules, dict) or set(rules) - {"counting", "repetition", "brazilian_rules"}:
        raise ArgumentError(f'draw_rules must be "standard", "none" or a dict of counting, repetition and brazilian_rules, got {rules!r}', "draw_rules", rules)
    brazilian = rules.get("brazilian_rules", "cbd")
    if brazilian not in ("cbd", "russian"):
        raise ArgumentError(f'draw_rules["brazilian_rules"] must be "cbd" or "russian", got {brazilian!r}', "draw_rules", rules)
    return ((c.ENV_DRAW_COUNTING if rules.get("counting", True) else 0) | (c.ENV_DRAW_REPETITION if rules.get("repetition", True) else 0)
            | (c.ENV_DRAW_RUSSIAN_SET if brazilian == "russian" else 0))


def stepped_perft(variant: Union[str, Variant], depth: int, duplicates: Optional[str] = None, fen: Optional[str] = None, chunk: int = 1024) -> int:
    """Perft counted by stepping the core's environments to every leaf, `chunk` games at a time:
    "drop" plays each legal move of the whole-move form (routes over the same pieces to the same
    square once), "keep" every leg sequence (each capture route). A check of the stepping against
    the published counts; `Position.perft` is the fast way to count."""
    v = variant_of(variant)
    chosen = v.default_duplicates if duplicates is None else duplicates
    if chosen not in ("keep", "drop"):
        raise ArgumentError(f'duplicates must be "keep" or "drop", got {duplicates!r}', "duplicates", duplicates)
    if not isinstance(depth, int) or not 0 <= depth <= 12:
        raise ArgumentError(f"depth must be a whole number from 0 to 12, got {depth!r}", "depth", depth)
    core = Core()
    made = lambda count: Envs(v, count, draw_rules="none", max_plies=depth + 1, mask=False, observation=False, core=core)  # noqa: E731
    root = made(1)
    if fen is not None:
        root.from_fen(0, fen)
    levels = [root] + [made(chunk) for _ in range(depth)]
    scratch = made(1)
    one = np.zeros(1, np.int32)

    def routes(envs: Envs, game: int) -> List[Tuple[int, ...]]:
        """Every leg sequence of the game's turn, walked in a scratch game with step and undo."""
        scratch.copy_game(0, envs, game)
        found: List[Tuple[int, ...]] = []

        def walk(legs: Tuple[int, ...]) -> None:
            for action in scratch.legal_list(0):
                one[0] = action
                scratch.step(one)
                if scratch.legs[0] > 0:
                    walk(legs + (action,))
                else:
                    found.append(legs + (action,))
                scratch.undo(0)

        walk(())
        return found

    def count(level: int, games: int) -> int:
        if level == depth:
            return games
        here = levels[level]
        children = [(g, seq) for g in range(games) for seq in (routes(here, g) if chosen == "keep" else here.move_actions(g))]
        below = levels[level + 1]
        total = 0
        actions = np.empty(chunk, np.int32)
        for start in range(0, len(children), chunk):
            part = children[start: start + chunk]
            for i, (g, _) in enumerate(part):
                below.copy_game(i, here, g)
            for leg in range(max(len(seq) for _, seq in part)):
                actions.fill(-1)
                for i, (_, seq) in enumerate(part):
                    if leg < len(seq):
                        actions[i] = seq[leg]
                below.step(actions)
            total += count(level + 1, len(part))
        return total

    return count(0, 1)


def create_envs(variant: Union[str, Variant] = "english", count: int = 1, seed: int = 1, draw_rules: Union[str, dict, bool] = "standard", max_plies: int = DEFAULT_MAX_PLIES, **options) -> Envs:
    """Envs(...) by the JavaScript API's name (createEnvs)."""
    return Envs(variant, count, seed, draw_rules, max_plies, **options)
