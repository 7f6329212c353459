"""Shared test data: the repository's published perft counts (tests/data, never our own output)."""

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def published_rows():
    return json.loads((REPO / "tests" / "data" / "start-perft.json").read_text())


def published(variant: str, depth: int, duplicates: str):
    """The published count from `variant`'s start position, or None."""
    for row in published_rows():
        if row["variant"] == variant and row["fen"] is None and row["depth"] == depth and row["duplicates"] == duplicates:
            return int(row["nodes_str"])
    return None


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO
