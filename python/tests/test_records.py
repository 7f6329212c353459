"""Self-play records: Python's reader and writer against training's own (bench/train/records.ts
in dist/), both ways, on positions of random games; bad files refused by name."""

import json
import shutil
import subprocess

import numpy as np
import pytest

import bitdraughts as bd
from bitdraughts.records import PositionRecord, RecordFileError, decode, read_records, write_records


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
    assert node is not None and (repo / "dist" / "bench" / "train" / "records.js").is_file(), "needs node and dist/ (npm start)"
    return subprocess.run([node, str(repo / "python" / "tests" / "js_records.mjs"), *map(str, args)], input=stdin, check=True, capture_output=True, text=True, timeout=120).stdout


@pytest.mark.parametrize("variant", ["english", "international", "canadian", "turkish"])
def test_python_writes_what_training_reads_and_back(repo, tmp_path, variant):
    records = random_records(variant, 60, 1)
    info = bd.variant(variant)
    path = tmp_path / "py.bdsp"
    assert write_records(path, variant, records) == len(records)
    read = json.loads(node_records(repo, "read", path, info.id))
    clamp = lambda s: max(-3000, min(3000, s))  # noqa: E731
    assert [(r["white"], r["black"], r["kings"], r["whiteToMove"], r["result"], r["score"], r["ply"]) for r in read] == [
        (list(r.white), list(r.black), list(r.kings), r.white_to_move, r.result, clamp(r.score), r.ply) for r in records]
    back = tmp_path / "js.bdsp"
    node_records(repo, "write", back, info.id, info.squares, stdin=json.dumps(read))
    name, array = read_records(back, variant)
    assert name == variant and decode(array) == decode(read_records(path)[1])
    assert [r.position(variant) for r in decode(array)][:5] == [r.position(variant) for r in records][:5]


def test_bad_files_are_refused_by_name(tmp_path):
    path = tmp_path / "x.bdsp"
    write_records(path, "english", random_records("english", 5, 2))
    with pytest.raises(RecordFileError, match="not international"):
        read_records(path, "international")
    data = path.read_bytes()
    (tmp_path / "cut.bdsp").write_bytes(data[:-3])
    with pytest.raises(RecordFileError, match="truncated"):
        read_records(tmp_path / "cut.bdsp")
    (tmp_path / "no.bdsp").write_bytes(b"NOPE" + data[4:])
    with pytest.raises(RecordFileError, match="no BDSP header"):
        read_records(tmp_path / "no.bdsp")
    (tmp_path / "v9.bdsp").write_bytes(data[:4] + b"\x09\x00" + data[6:])
    with pytest.raises(RecordFileError, match="version 9"):
        read_records(tmp_path / "v9.bdsp")
    with pytest.raises(RecordFileError, match="cannot read"):
        read_records(tmp_path / "missing.bdsp")
    with pytest.raises(bd.ArgumentError, match="result"):
        write_records(tmp_path / "r.bdsp", "english", [PositionRecord((21,), (1,), (), True, 2, 0, 0)])
