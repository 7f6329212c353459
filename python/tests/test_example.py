"""The self-play example (examples/env/selfplay.py) runs: its games end, its records read back with
the positions, captures in progress and visit distributions of the games it played."""

import importlib.util

import numpy as np

import bitdraughts as bd
from bitdraughts.env import Envs
from bitdraughts.records import read_records, write_records


def test_selfplay_example(repo, tmp_path):
    spec = importlib.util.spec_from_file_location("selfplay_example", repo / "examples" / "env" / "selfplay.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    header, records, envs = example.selfplay("russian", games=3, simulations=8, playouts=2, seed=3, max_plies=120)
    assert envs.done.all() and sum(r.last for r in records) == 3
    write_records(tmp_path / "r.bdsr", header, records)
    again_header, again = read_records(tmp_path / "r.bdsr")
    assert again_header == header and len(again) == len(records)
    game = Envs("russian", 1)
    for r in again:
        assert r.action in r.policy_actions and abs(sum(r.policy_probabilities) - 1) < 1e-4
        # The action chosen is legal where it was chosen: the capture's legs replayed from the record's position.
        game.load(0, r.position("russian"))
        for leg in r.legs:
            game.step(np.array([leg], np.int32))
        assert r.action in game.legal_list(0)
    assert records[0].position("russian") == bd.Position.initial("russian")
