"""The cross-check with the JavaScript API: node plays seeded random games of every variant through
the library's Position (js_games.mjs, on dist/ as `npm test` or `npm start` builds it); the
package, running the same core through Wasmtime, must read each position, list the same moves,
compute the same key and reach the same next position. The variant tables must agree too."""

import json
import shutil
import subprocess

import pytest

import bitdraughts as bd

GAMES, PLIES, SEED = 3, 120, 20261207


@pytest.fixture(scope="module")
def js(repo):
    node = shutil.which("node")
    assert node is not None, "the cross-check needs node on PATH"
    assert (repo / "dist" / "bindings" / "index.js").is_file(), "the cross-check needs dist/: run `npm start` (or `npm test`) at the repository's root first"
    out = subprocess.run([node, str(repo / "python" / "tests" / "js_games.mjs"), str(GAMES), str(PLIES), str(SEED)], check=True, capture_output=True, text=True, timeout=300)
    return json.loads(out.stdout)


def test_variant_tables_agree(js):
    assert sorted(js["variants"]) == sorted(bd.VARIANTS)
    for name, info in js["variants"].items():
        v = bd.variant(name)
        assert (v.id, v.size, v.all_squares, v.frisian, v.mirrored, v.first_to_move, v.default_duplicates, v.algebraic, v.men, v.ending) == (
            info["id"], info["size"], info["allSquares"], info["frisian"], info["mirrored"], info["firstToMove"], info["defaultDuplicates"],
            info["algebraic"], info["men"], info["ending"]), name
        assert bd.Position.initial(name).fen == info["start"], name


def test_random_games_agree(js):
    assert len(js["games"]) == GAMES * len(bd.VARIANTS)
    plies = 0
    for game in js["games"]:
        variant = game["variant"]
        position = bd.Position.initial(variant)
        for ply, step in enumerate(game["steps"]):
            where = f"{variant}, ply {ply}"
            assert position.fen == step["fen"], where
            assert bd.Position.from_fen(variant, step["fen"]) == position, where
            assert str(position.key()) == step["key"], where
            assert [m.notation for m in position.legal_moves()] == step["moves"], where
            if "played" in step:
                position = position.play(step["played"])
                plies += 1
    assert plies > GAMES * len(bd.VARIANTS) * 20
