"""Self-play records: Python's readers and writers against the library's own (the environments'
BDSR, bindings/env/records.ts; training's BDSP, tools/train/records.ts; both in dist/), both
ways, on games played over the environments; bad files refused by name."""

import json
import shutil
import subprocess

import numpy as np
import pytest

import bitdraughts as bd
from bitdraughts import _contract as c
from bitdraughts.env import Envs
from bitdraughts.records import PositionRecord, Record, RecordFileError, decode, header_for, read_position_records, read_records, write_position_records, write_records


def random_records(variant, count, seed):
    rng = np.random.default_rng(seed)
    position, out = bd.Position.initial(variant), []
    for ply in range(count):
        moves = position.legal_moves()
        if not moves:
            position = bd.Position.initial(variant)
            continue
        out.append(PositionRecord.of(position, int(rng.integers(-1, 2)), int(rng.integers(-4000, 4000)), ply))
        position = position.play(moves[rng.integers(len(moves))])
    return out


def node_records(repo, *args, stdin=None):
    node = shutil.which("node")
    assert node is not None and (repo / "dist" / "tools" / "train" / "records.js").is_file(), "needs node and dist/ (npm start)"
    return subprocess.run([node, str(repo / "python" / "tests" / "js_records.mjs"), *map(str, args)], input=stdin, check=True, capture_output=True, text=True, timeout=120).stdout


@pytest.mark.parametrize("variant", ["english", "international", "canadian", "turkish"])
def test_python_writes_what_training_reads_and_back(repo, tmp_path, variant):
    records = random_records(variant, 60, 1)
    info = bd.variant(variant)
    path = tmp_path / "py.bdsp"
    assert write_position_records(path, variant, records) == len(records)
    read = json.loads(node_records(repo, "read", path, info.id))
    clamp = lambda s: max(-3000, min(3000, s))  # noqa: E731
    assert [(r["white"], r["black"], r["kings"], r["whiteToMove"], r["result"], r["score"], r["ply"]) for r in read] == [
        (list(r.white), list(r.black), list(r.kings), r.white_to_move, r.result, clamp(r.score), r.ply) for r in records]
    back = tmp_path / "js.bdsp"
    node_records(repo, "write", back, info.id, info.squares, stdin=json.dumps(read))
    name, array = read_position_records(back, variant)
    assert name == variant and decode(array) == decode(read_position_records(path)[1])
    assert [r.position(variant) for r in decode(array)][:5] == [r.position(variant) for r in records][:5]


def test_bad_files_are_refused_by_name(tmp_path):
    path = tmp_path / "x.bdsp"
    write_position_records(path, "english", random_records("english", 5, 2))
    with pytest.raises(RecordFileError, match="not international"):
        read_position_records(path, "international")
    data = path.read_bytes()
    (tmp_path / "cut.bdsp").write_bytes(data[:-3])
    with pytest.raises(RecordFileError, match="truncated"):
        read_position_records(tmp_path / "cut.bdsp")
    (tmp_path / "no.bdsp").write_bytes(b"NOPE" + data[4:])
    with pytest.raises(RecordFileError, match="no BDSP header"):
        read_position_records(tmp_path / "no.bdsp")
    (tmp_path / "v9.bdsp").write_bytes(data[:4] + b"\x09\x00" + data[6:])
    with pytest.raises(RecordFileError, match="version 9"):
        read_position_records(tmp_path / "v9.bdsp")
    with pytest.raises(RecordFileError, match="cannot read"):
        read_position_records(tmp_path / "missing.bdsp")
    with pytest.raises(bd.ArgumentError, match="result"):
        write_position_records(tmp_path / "r.bdsp", "english", [PositionRecord((21,), (1,), (), True, 2, 0, 0)])


def played_records(variant, games, seed):
    """Records of random games over the environments, a decision a step, captures leg by leg, with made-up visit distributions."""
    envs = Envs(variant, games, seed=seed, max_plies=60)
    rng = np.random.default_rng(seed)
    games_records = [[] for _ in range(games)]
    legs = [[] for _ in range(games)]
    while not envs.done.all():
        actions = envs.random_actions(rng)
        for g in range(games):
            if envs.done[g]:
                continue
            legal = envs.legal_list(g)
            visits = rng.random(len(legal)).astype(np.float32)
            board = envs.position(g).board
            games_records[g].append(dict(ply=int(envs.ply[g]), to_move=int(envs.to_move[g]), squares=board[1: 1 + bd.variant(variant).squares],
                                         streaks=tuple(board[c.BOARD_STREAKS: c.BOARD_STREAKS + 4]), action=int(actions[g]), legs=tuple(legs[g]),
                                         policy_actions=tuple(legal), policy_probabilities=tuple(float(x) for x in visits / visits.sum())))
        envs.step(actions)
        for g in range(games):
            legs[g] = legs[g] + [int(actions[g])] if envs.legs[g] > 0 else []
    out = []
    for g, made in enumerate(games_records):
        winner = envs.results()[g][0]
        for i, r in enumerate(made):
            side = "white" if r["to_move"] == 0 else "black"
            out.append(Record(result=0 if winner in ("draw", None) else 1 if winner == side else -1, last=i == len(made) - 1, **r))
    return header_for(variant, envs.num_actions), out, envs


@pytest.mark.parametrize("variant", ["international", "frisian", "canadian"])
def test_self_play_records_both_ways(repo, tmp_path, variant):
    header, records, envs = played_records(variant, 3, 5)
    assert any(r.legs for r in records) or variant == "canadian"
    path = tmp_path / "py.bdsr"
    assert write_records(path, header, records) == len(records)
    read = json.loads(node_records(repo, "read-bdsr", path))
    assert read["header"] == {"variantId": header.variant_id, "squares": header.squares, "actions": header.actions}
    assert len(read["records"]) == len(records)
    for mine, theirs in zip(records, read["records"]):
        assert (list(mine.squares), mine.to_move, mine.ply, list(mine.legs), mine.action, mine.result, mine.last, list(mine.streaks)) == (
            theirs["squares"], theirs["toMove"], theirs["ply"], theirs["legs"], theirs["action"], theirs["result"], theirs["last"], theirs["streaks"])
        assert list(mine.policy_actions) == theirs["policy"]["actions"]
        assert np.allclose(mine.policy_probabilities, theirs["policy"]["probabilities"])
    back = tmp_path / "js.bdsr"
    node_records(repo, "write-bdsr", back, stdin=json.dumps(read))
    assert back.read_bytes() == path.read_bytes()
    again_header, again = read_records(back)
    assert again_header == header and again == records
    # Each record's position is a position of the game: the first is the start.
    assert records[0].position(variant) == bd.Position.initial(variant)


def test_bad_self_play_files_are_refused_by_name(tmp_path):
    header, records, _ = played_records("english", 1, 3)
    good = tmp_path / "g.bdsr"
    write_records(good, header, records)
    data = good.read_bytes()
    for name, content, why in (("short", data[:10], "16-byte header"), ("magic", b"XXXX" + data[4:], "no BDSR"),
                               ("version", data[:4] + b"\x02\x00" + data[6:], "version 2"), ("cut", data[:-4], "does not match"),
                               ("size", data[:16] + b"\x09\x00" + data[18:], "does not match")):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(RecordFileError, match=why):
            read_records(tmp_path / name)
    bad = records[0]
    for broken, why in ((dict(result=2), "result"), (dict(action=header.actions), "out of the variant's range"), (dict(squares=b"\x00"), "squares"),
                        (dict(policy_probabilities=(1.0,) * (len(bad.policy_actions) + 1)), "probabilities")):
        with pytest.raises(bd.ArgumentError, match=why):
            write_records(tmp_path / "x.bdsr", header, [Record(**{**bad.__dict__, **broken})])
    assert good.read_bytes() == data
