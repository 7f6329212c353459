"""A minimal self-play loop over bitdraughts' batched environments: a uniform policy and PUCT
(AlphaZero's tree search) with random playouts in the core for values, every game of the batch
searched and stepped together, legal masks for the priors, and the games written as self-play
records. No network is needed: put one where `priors_and_values` is.

    pip install ./python          # after `npm install && npm start` at the repository's root
    python examples/env/selfplay.py --variant english --games 16 --simulations 32 --out selfplay.bdsr

Each decision (a capture's legs are decisions of their own) becomes a record of docs/env.md's
format: the position, the capture in progress, the visit distribution, the action chosen and the
game's result for the side to move; `bitdraughts.records.read_records` reads them back.
"""

import argparse
import math
import time

import numpy as np

from bitdraughts.env import Envs
from bitdraughts import _contract as c
from bitdraughts.records import Record, header_for, write_records

C_PUCT = 1.5


class Node:
    """A tree node: the side to move there, and per legal action its prior, visits and value sum."""

    __slots__ = ("to_move", "actions", "prior", "visits", "value", "children", "terminal")

    def __init__(self, to_move: int, actions: np.ndarray, prior: np.ndarray) -> None:
        self.to_move = to_move
        self.actions = actions
        self.prior = prior
        self.visits = np.zeros(len(actions))
        self.value = np.zeros(len(actions))
        self.children = {}
        self.terminal = None

    def select(self) -> int:
        """The index of the action PUCT picks: value plus the prior's bonus, scaled by the visits."""
        total = self.visits.sum()
        q = np.where(self.visits > 0, self.value / np.maximum(self.visits, 1), 0.0)
        u = C_PUCT * self.prior * math.sqrt(total + 1) / (1 + self.visits)
        return int(np.argmax(q + u))


def priors_and_values(envs: Envs, games, playouts: int, seed: int):
    """The uniform policy over each game's legal mask, and values from random playouts played in
    the core (wins minus losses for the side to move). A network would go here: it would read
    envs.observation (C × H × W planes from the side to move) and envs.legal_mask."""
    tallies = envs.playout(playouts, seed)
    out = []
    for g in games:
        mask = envs.legal_mask[g]
        actions = np.flatnonzero(mask).astype(np.int32)
        prior = np.full(len(actions), 1.0 / len(actions))
        wins, draws, losses, _ = tallies[g]
        out.append((actions, prior, (wins - losses) / max(1, wins + draws + losses)))
    return out


def search(envs: Envs, scratch: Envs, roots, simulations: int, playouts: int, seed: int) -> None:
    """`simulations` PUCT simulations in every unfinished game, all games descending together:
    each simulation copies the games into `scratch` and steps it one action a level for all."""
    live = [g for g in range(envs.count) if roots[g] is not None]
    actions = np.full(envs.count, -1, np.int32)
    for sim in range(simulations):
        for g in live:
            scratch.copy_game(g, envs, g)
        paths = {g: [] for g in live}
        nodes = {g: roots[g] for g in live}
        walking = set(live)
        leaves = {}
        while walking:
            actions.fill(-1)
            for g in walking:
                node = nodes[g]
                k = node.select()
                paths[g].append((node, k))
                actions[g] = node.actions[k]
            scratch.step(actions)
            for g in list(walking):
                node, k = paths[g][-1]
                child = node.children.get(k)
                if child is None or child.terminal is not None:
                    walking.discard(g)
                    leaves[g] = child
                else:
                    nodes[g] = child
        # Expand the new leaves; a finished game's value is its last step's reward, for the side that made it.
        fresh = [g for g in live if leaves[g] is None and not scratch.done[g]]
        evaluated = dict(zip(fresh, priors_and_values(scratch, fresh, playouts, seed + sim))) if fresh else {}
        for g in live:
            node, k = paths[g][-1]
            leaf = leaves[g]
            if leaf is None:
                if scratch.done[g]:
                    leaf = Node(int(scratch.to_move[g]), np.empty(0, np.int32), np.empty(0))
                    leaf.terminal = (node.to_move, float(scratch.reward[g]))
                else:
                    leaf_actions, prior, value = evaluated[g]
                    leaf = Node(int(scratch.to_move[g]), leaf_actions, prior)
                    leaf.terminal = None
                    leaf_value = (leaf.to_move, value)
                node.children[k] = leaf
            if leaf.terminal is not None:
                leaf_value = leaf.terminal
            player, value = leaf_value
            # Back up: each edge scores the value for the side that chose it (a capture's legs keep the same side).
            for parent, index in paths[g]:
                parent.visits[index] += 1
                parent.value[index] += value if parent.to_move == player else -value


def selfplay(variant: str, games: int, simulations: int, playouts: int, seed: int, max_plies: int):
    envs = Envs(variant, games, seed=seed, max_plies=max_plies)
    scratch = Envs(variant, games, seed=seed, max_plies=max_plies, core=envs.core)
    rng = np.random.default_rng(seed)
    squares = envs.action_factors[0]
    decisions = [[] for _ in range(games)]
    legs = [[] for _ in range(games)]
    steps = 0
    while not envs.done.all():
        roots = []
        for g in range(games):
            if envs.done[g]:
                roots.append(None)
                continue
            actions = np.array(envs.legal_list(g), np.int32)
            roots.append(Node(int(envs.to_move[g]), actions, np.full(len(actions), 1.0 / len(actions))))
        search(envs, scratch, roots, simulations, playouts, seed + steps)
        chosen = np.full(games, -1, np.int32)
        for g, root in enumerate(roots):
            if root is None:
                continue
            visits = root.visits
            # Sampled by visits in the opening, the most visited later: games differ, and still play well.
            k = int(rng.choice(len(visits), p=visits / visits.sum())) if envs.ply[g] < 10 else int(np.argmax(visits))
            chosen[g] = root.actions[k]
            board = envs.position(g).board
            decisions[g].append(dict(ply=int(envs.ply[g]), to_move=int(envs.to_move[g]), squares=board[1: 1 + squares],
                                     streaks=tuple(board[c.BOARD_STREAKS: c.BOARD_STREAKS + 4]), legs=tuple(legs[g]), action=int(chosen[g]),
                                     policy_actions=tuple(int(a) for a in root.actions), policy_probabilities=tuple(float(v) for v in visits / visits.sum())))
        envs.step(chosen)
        for g in range(games):
            # The capture in progress: the legs played since its turn began.
            legs[g] = legs[g] + [int(chosen[g])] if chosen[g] >= 0 and envs.legs[g] > 0 else []
        steps += 1
    records = []
    for g, (winner, _) in enumerate(envs.results()):
        for i, d in enumerate(decisions[g]):
            side = "white" if d["to_move"] == 0 else "black"
            result = 0 if winner in ("draw", None) else 1 if winner == side else -1
            records.append(Record(result=result, last=i == len(decisions[g]) - 1, **d))
    return header_for(variant, envs.num_actions), records, envs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="english")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--playouts", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--out", default="selfplay.bdsr")
    args = parser.parse_args()
    started = time.perf_counter()
    header, records, envs = selfplay(args.variant, args.games, args.simulations, args.playouts, args.seed, args.max_plies)
    write_records(args.out, header, records)
    results = envs.results()
    tally = {r: sum(1 for x in results if x[0] == r) for r in ("white", "black", "draw")}
    print(f"{args.games} games of {args.variant} in {time.perf_counter() - started:.1f} s: {len(records)} records to {args.out}; "
          f"white {tally['white']}, black {tally['black']}, draws {tally['draw']}")


if __name__ == "__main__":
    main()
