"""The batched environments (bitdraughts.env) over the core's interface (docs/env.md): perft by
stepping against the published counts, the action index and the planes against the positions
they describe, clone, undo, resets, playouts, game ends against the JavaScript Game, and bad
input refused by name with every game left as it was."""

import json
import shutil
import subprocess

import numpy as np
import pytest

import bitdraughts as bd
from bitdraughts import _contract as c
from bitdraughts.env import Envs, stepped_perft
from conftest import published, published_rows
from test_perft import SAME_MOVES

CASES = sorted({(row["variant"], row["duplicates"]) for row in published_rows() if row["fen"] is None})
CASES += [(v, "drop") for v in SAME_MOVES]


@pytest.mark.parametrize("variant,duplicates", CASES)
def test_perft_by_stepping_reaches_the_published_counts(variant, duplicates):
    source = SAME_MOVES.get(variant, variant)
    depths = [row["depth"] for row in published_rows() if row["variant"] == source and row["duplicates"] == duplicates and row["fen"] is None]
    depth = min(5, max(depths))
    assert stepped_perft(variant, depth, duplicates) == published(source, depth, duplicates)


def cell_of(info, square, white_to_move):
    """The square's cell in the planes, as the side to move sees the board (docs/env.md)."""
    row, column = info.coordinates(square)
    return (row, column) if white_to_move else (info.size - 1 - row, info.size - 1 - column)


def random_turns(envs, rng, plies):
    """Plays `plies` whole moves in every game, a random legal move's legs at a time; returns the notations played per game."""
    played = [[] for _ in range(envs.count)]
    for _ in range(plies):
        actions = np.full(envs.count, -1, np.int32)
        sequences = {}
        for g in range(envs.count):
            if envs.done[g]:
                continue
            moves = envs.moves(g)
            chosen = moves[rng.integers(len(moves))]
            sequences[g] = chosen.actions
            played[g].append(chosen.move.notation)
        for leg in range(max((len(s) for s in sequences.values()), default=0)):
            actions.fill(-1)
            for g, seq in sequences.items():
                if leg < len(seq):
                    actions[g] = seq[leg]
            envs.step(actions)
    return played


@pytest.mark.parametrize("variant", ["english", "international", "russian", "turkish", "frisian", "canadian", "thai", "killer"])
def test_games_agree_with_positions_moves_keys_and_planes(variant):
    envs = Envs(variant, 4, seed=3)
    info = bd.variant(variant)
    positions = [bd.Position.initial(variant)] * envs.count
    rng = np.random.default_rng(7)
    for _ in range(30):
        for g in range(envs.count):
            if envs.done[g]:
                continue
            position = envs.position(g)
            assert position == positions[g]
            assert int(envs.key[g]) == position.key()
            assert envs.to_move[g] == (0 if position.turn == "white" else 1)
            moves = envs.moves(g)
            assert [m.move.notation for m in moves] == [m.notation for m in position.legal_moves()]
            # Every move its own index sequence; the first legs are the legal actions.
            assert len({m.actions for m in moves}) == len(moves)
            assert {m.actions[0] for m in moves} == set(envs.legal_list(g))
            assert envs.legal_mask[g].sum() == envs.legal_counts[g]
            assert all(envs.legal_mask[g, a] for a in envs.legal_list(g))
            white = position.turn == "white"
            planes = envs.observation[g]
            for square in range(1, info.squares + 1):
                piece = position.piece_at(square)
                cell = cell_of(info, square, white)
                expected = [0, 0, 0, 0]
                if piece is not None:
                    expected[(0 if piece[0] == position.turn else 2) + (1 if piece[1] else 0)] = 1
                assert [int(planes[p][cell]) for p in range(4)] == expected, (variant, square)
            n, d, l = envs.action_factors
            for m in moves:
                square = m.actions[0] // (d * l)
                assert square == (m.move.from_square - 1 if white else info.squares - m.move.from_square)
        played = random_turns(envs, rng, 1)
        positions = [p.play(moves[0]) if moves else p for p, moves in zip(positions, played)]


def test_undo_clone_and_reset_mask():
    envs = Envs("international", 3, seed=1)
    start = envs.key.copy()
    random_turns(envs, np.random.default_rng(1), 6)
    after = envs.key.copy()
    twin = envs.clone()
    assert (twin.key == after).all() and (twin.ply == envs.ply).all()
    random_turns(twin, np.random.default_rng(2), 2)
    assert (envs.key == after).all(), "stepping a clone leaves the original as it was"
    assert not (twin.key == after).all()
    for _ in range(6):
        envs.undo(1)
    assert envs.key[1] == start[1] and envs.ply[1] == 0
    assert envs.key[0] == after[0]
    envs.reset(np.array([True, False, False]))
    assert envs.key[0] == start[0] and envs.key[2] == after[2]
    envs.reset()
    assert (envs.key == start).all() and (envs.ply == 0).all() and not envs.done.any()


def test_capture_legs_and_their_undo():
    # International: White's man on 28 takes 23 and 14 in two legs, the same player moving again.
    envs = Envs("international", 1)
    envs.from_fen(0, "W:W28:B23,14,1")
    (only,) = envs.moves(0)
    assert only.move.notation == "28x10" and len(only.actions) == 2
    envs.actions[0] = only.actions[0]
    envs.step()
    assert envs.legs[0] == 1 and envs.to_move[0] == 0 and envs.legal_list(0) == [only.actions[1]]
    assert envs.observation[0][c.ENV_PLANE_CAPTURER].sum() == 1 and envs.observation[0][c.ENV_PLANE_TAKEN].sum() == 1
    envs.undo(0)
    assert envs.legs[0] == 0 and envs.legal_list(0) == [only.actions[0]]
    envs.step([only.actions[0]])
    envs.step([only.actions[1]])
    assert envs.legs[0] == 0 and envs.to_move[0] == 1
    assert envs.position(0).fen == "B:W10:B1"


def test_playouts_tally_and_leave_the_games_alone():
    envs = Envs("english", 2, seed=5)
    keys = envs.key.copy()
    tallies = envs.playout(50, seed=9)
    assert tallies.shape == (2, 4)
    assert (tallies[:, :3].sum(axis=1) == 50).all() and (tallies[:, 3] > 0).all()
    assert (envs.playout(50, seed=9) == tallies).all()
    assert (envs.key == keys).all() and (envs.ply == 0).all()


def test_symmetries():
    assert Envs("turkish", 1).symmetries == ["mirror"]
    for variant in ("english", "international", "frisian", "canadian"):
        assert Envs(variant, 1).symmetries == []
    turkish = Envs("turkish", 1)
    for a in turkish.legal_list(0):
        assert turkish.mirror_action(turkish.mirror_action(a)) == a
        assert turkish.legal_mask[0, turkish.mirror_action(a)] == 1, "the start is symmetric: a mirrored legal action is legal"
    with pytest.raises(bd.ArgumentError, match="no mirror"):
        Envs("english", 1).mirror_action(0)


@pytest.mark.parametrize("variant", ["english", "international", "russian", "brazilian", "frisian", "antidraughts", "breakthrough", "spanish"])
def test_random_games_end_by_the_rule_game_reports(repo, variant):
    node = shutil.which("node")
    assert node is not None and (repo / "dist" / "bindings" / "index.js").is_file(), "needs node and dist/ (npm start)"
    envs = Envs(variant, 6, seed=11, max_plies=c.ENV_MAX_PLIES)
    rng = np.random.default_rng(13)
    played = [[] for _ in range(envs.count)]
    while not envs.done.all():
        for g, moves in enumerate(random_turns(envs, rng, 1)):
            played[g] += moves
    rewards_seen = envs.results()
    out = subprocess.run([node, str(repo / "python" / "tests" / "js_game_ends.mjs")], input=json.dumps([{"variant": variant, "moves": m} for m in played]),
                         check=True, capture_output=True, text=True, timeout=300)
    for g, ended in enumerate(json.loads(out.stdout)):
        result, reason = rewards_seen[g]
        assert reason == ended["reason"], (variant, g)
        assert result == (ended["winner"] if ended["status"] == "win" else "draw"), (variant, g)


def test_rewards_go_to_the_side_that_made_the_last_step():
    # English: White takes Black's last piece and wins at once.
    envs = Envs("english", 1)
    envs.from_fen(0, "W:W23:B18")
    envs.step(envs.random_actions())
    assert envs.done[0] and envs.reward[0] == 1 and envs.results()[0] == ("white", "no-moves")


class TestBadInput:
    """Refused by name, and every game as it was."""

    def snapshot(self, envs):
        return envs.key.copy(), envs.ply.copy(), envs.legs.copy(), envs.legal_counts.copy(), envs.done.copy()

    def unchanged(self, envs, before):
        for a, b in zip(before, self.snapshot(envs)):
            assert (a == b).all()

    def test_wrong_sized_actions(self):
        envs = Envs("english", 4)
        before = self.snapshot(envs)
        with pytest.raises(bd.ArgumentError, match=r"one action a game.*\(4,\)"):
            envs.step(np.zeros(3, np.int32))
        with pytest.raises(bd.ArgumentError, match="mask"):
            envs.reset(np.ones(5, bool))
        self.unchanged(envs, before)

    def test_out_of_range_and_illegal_actions(self):
        envs = Envs("english", 4)
        random_turns(envs, np.random.default_rng(3), 3)
        before = self.snapshot(envs)
        good = envs.random_actions()
        for bad in (envs.num_actions, -2, 10 ** 12):
            actions = good.astype(np.int64)
            actions[2] = bad
            with pytest.raises(bd.IllegalMoveError, match="game 2"):
                envs.step(actions)
            self.unchanged(envs, before)
        illegal = good.copy()
        illegal[1] = next(a for a in range(envs.num_actions) if not envs.legal_mask[1, a])
        with pytest.raises(bd.IllegalActionError, match="game 1") as refused:
            envs.step(illegal)
        assert refused.value.game == 1 and refused.value.action == illegal[1]
        self.unchanged(envs, before)
        envs.step(good)

    def test_a_finished_game_stepped(self):
        envs = Envs("english", 2)
        envs.from_fen(0, "W:W23:B18")
        envs.step([envs.legal_list(0)[0], -1])
        assert envs.done[0]
        before = self.snapshot(envs)
        with pytest.raises(bd.IllegalActionError, match="game 0 is over") as refused:
            envs.step([0, envs.legal_list(1)[0]])
        assert refused.value.game == 0 and refused.value.action == 0
        self.unchanged(envs, before)

    def test_bad_fen_games_and_undo(self):
        envs = Envs("english", 2)
        before = self.snapshot(envs)
        with pytest.raises(bd.FenError):
            envs.from_fen(0, "W:W33:B1")
        with pytest.raises(bd.ArgumentError, match="game"):
            envs.undo(2)
        with pytest.raises(bd.DraughtsError, match="nothing to undo"):
            envs.undo(0)
        with pytest.raises(bd.ArgumentError, match="count"):
            Envs("english", 0)
        with pytest.raises(bd.ArgumentError, match="draw_rules"):
            Envs("english", 1, draw_rules="some")
        with pytest.raises(bd.VariantError):
            Envs("chess", 1)
        self.unchanged(envs, before)


@pytest.mark.parametrize("variant", ["english", "international", "frisian", "turkish"])
def test_the_javascript_api_reads_the_same_games(repo, variant):
    """The same actions stepped through the JavaScript createEnvs read the same keys, sides to move,
    rewards, ends, legal actions, masks, planes and results as through this package."""
    node = shutil.which("node")
    assert node is not None and (repo / "dist" / "bindings" / "env" / "env.js").is_file(), "needs node and dist/ (npm start)"
    envs = Envs(variant, 5, max_plies=40)
    rng = np.random.default_rng(21)
    steps, seen = [], []
    while not envs.done.all() and len(steps) < 200:
        actions = envs.random_actions(rng)
        envs.step(actions)
        steps.append([int(a) for a in actions])
        planes = 0
        for i, value in enumerate(envs.observation.reshape(-1).tolist()):
            planes = (planes * 31 + value * (1 + i % 7)) % 1000000007
        seen.append(dict(key=[str(k) for k in envs.key.tolist()], toMove=envs.to_move.tolist(), reward=envs.reward.tolist(), done=[int(d) for d in envs.done],
                         legal=[envs.legal_list(g) for g in range(envs.count)], mask=[int(envs.legal_mask.sum())], planes=planes, results=envs.results()))
    out = subprocess.run([node, str(repo / "python" / "tests" / "js_envs.mjs")], input=json.dumps(dict(variant=variant, count=5, maxPlies=40, steps=steps)),
                         check=True, capture_output=True, text=True, timeout=300)
    theirs = json.loads(out.stdout)
    assert len(theirs) == len(seen) > 10
    for ply, (mine, js) in enumerate(zip(seen, theirs)):
        for field in ("key", "toMove", "reward", "done", "legal", "mask", "planes"):
            assert mine[field] == js[field], (variant, ply, field)
        for (result, reason), ended in zip(mine["results"], js["result"]):
            assert reason == ended.get("reason") and result == (ended.get("winner") if ended["status"] == "win" else "draw" if ended["status"] == "draw" else None), (variant, ply)


@pytest.mark.parametrize("variant", ["english", "international", "russian", "turkish"])
def test_canonical_form_is_the_position_from_the_side_to_move(variant):
    info = bd.variant(variant)
    envs = Envs(variant, 6, seed=2)
    random_turns(envs, np.random.default_rng(8), 7)
    swap = {c.PIECE_WHITE_MAN: c.PIECE_BLACK_MAN, c.PIECE_WHITE_KING: c.PIECE_BLACK_KING, c.PIECE_BLACK_MAN: c.PIECE_WHITE_MAN, c.PIECE_BLACK_KING: c.PIECE_WHITE_KING, 0: 0}
    for g in range(envs.count):
        if envs.done[g]:
            continue
        position = envs.position(g)
        canonical, swapped, mirrored = envs.canonical(g)
        assert canonical.turn == "white" and swapped == (position.turn == "black")
        assert mirrored is False or variant == "turkish"
        n = info.squares
        expected = bytearray(position.board)
        expected[0] = 0
        if swapped:
            # Turned half a turn: square s is seen as square N + 1 − s, its piece of the other colour.
            for s in range(1, n + 1):
                expected[s] = swap[position.board[n + 1 - s]]
        if mirrored:
            # Turkish's left-right mirror, applied after the turn.
            flipped = bytearray(expected)
            for s in range(1, n + 1):
                row, column = info.coordinates(s)
                flipped[info.square_at(row, info.size - 1 - column)] = expected[s]
            expected = flipped
        assert canonical.board[: n + 1] == bytes(expected[: n + 1]), (variant, g)
        # The same game from either side: as many moves, the same perft.
        assert canonical.perft(3) == position.perft(3)


def test_closed_environments_give_their_room_back():
    core = bd.Core()
    for _ in range(100):
        with Envs("international", 64, core=core) as envs:
            envs.step(envs.random_actions())
    envs = Envs("english", 2, core=core)
    envs.close()
    with pytest.raises(bd.ArgumentError, match="closed"):
        envs.step([-1, -1])
