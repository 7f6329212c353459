"""Perft from each variant's start position against the published counts (tests/data/start-perft.json):
depth 5, or the deepest published depth when it is less, in each convention published."""

import pytest

import bitdraughts as bd
from conftest import published, published_rows

# Antidraughts and breakthrough play international's moves (RULES-more-variants.md 9): its counts
# hold for them. Frysk has no published table.
SAME_MOVES = {"antidraughts": "international", "breakthrough": "international"}

CASES = sorted({(row["variant"], row["duplicates"]) for row in published_rows() if row["fen"] is None})
CASES += [(v, d) for v, source in SAME_MOVES.items() for (s, d) in CASES if s == source]


def depth_of(variant: str, duplicates: str) -> int:
    depths = [row["depth"] for row in published_rows() if row["variant"] == variant and row["duplicates"] == duplicates and row["fen"] is None]
    return min(5, max(depths))


def test_every_variant_with_a_table_is_covered():
    covered = {v for v, _ in CASES}
    assert covered == set(bd.VARIANTS) - {"frysk"}


@pytest.mark.parametrize("variant,duplicates", CASES)
def test_start_perft_matches_the_published_counts(variant, duplicates):
    source = SAME_MOVES.get(variant, variant)
    position = bd.Position.initial(variant)
    for depth in range(1, depth_of(source, duplicates) + 1):
        assert position.perft(depth, duplicates) == published(source, depth, duplicates), (variant, depth, duplicates)


@pytest.mark.parametrize("variant", ["english", "international", "russian", "turkish", "frisian", "canadian"])
def test_divide_sums_to_perft(variant):
    position = bd.Position.initial(variant)
    divided = position.divide(3)
    assert len(divided) == len(position.legal_moves())
    assert sum(divided.values()) == position.perft(3)


def test_perft_function_and_depth_zero():
    assert bd.perft("english", 0) == 1
    assert bd.perft("international", 3) == published("international", 3, "drop")
