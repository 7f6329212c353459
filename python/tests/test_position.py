"""Position: FEN in and out, moves listed and played by the core, keys, search; bad input refused
by name, with nothing changed."""

import pytest

import bitdraughts as bd


def test_start_positions_and_first_player():
    english = bd.Position.initial("english")
    assert english.fen == "B:W21-32:B1-12" and english.turn == "black"
    # RULES.md: black's men on 9-12 step to 13-16.
    assert sorted(m.notation for m in english.legal_moves()) == sorted(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
    international = bd.Position.initial("international")
    assert international.fen == "W:W31-50:B1-20" and international.turn == "white"
    assert len(international.legal_moves()) == 9


def test_fen_round_trip_and_captures():
    # White man on 28 takes 23 and 14 (international, a two-piece capture).
    position = bd.Position.from_fen("international", "W:W28:B23,14,1")
    moves = position.legal_moves()
    assert [m.notation for m in moves] == ["28x10"]
    assert moves[0].captured == (14, 23) and moves[0].path == (28, 19, 10)
    after = position.play("28x10")
    assert after.fen == "B:W10:B1" and position.fen == "W:W28:B1,14,23"
    assert bd.Position.from_fen("international", after.fen) == after


def test_promotion_and_kings():
    position = bd.Position.from_fen("english", "B:W30:B27")
    after = position.play("27-31")
    assert after.piece_at(31) == ("black", True)
    assert after.fen == "W:W30:BK31"


def test_play_does_not_change_the_position_and_keys_differ():
    start = bd.Position.initial("russian")
    after = start.play(start.legal_moves()[0])
    assert start == bd.Position.initial("russian")
    assert after != start and after.key() != start.key()
    assert bd.Position.from_fen("russian", after.fen).key() == after.key()


def test_frisian_king_streak_in_fen():
    # White's king on 23 has made two quiet moves in a row (bindings/core/king-streak.ts).
    position = bd.Position.from_fen("frisian", "W:WK23,31:BK5,18:+0+223")
    assert position.fen == "W:WK23,31:BK5,18:+0+223"
    with pytest.raises(bd.FenError, match="no white king"):
        bd.Position.from_fen("frisian", "W:WK23,31:BK5,18:+0+231")
    with pytest.raises(bd.FenError, match="frisian"):
        bd.Position.from_fen("international", "W:WK23,31:BK5,18:+0+223")


def test_search_finds_a_forced_win():
    # English: White's man on 23 takes Black's last piece, on 18: the game ends a ply later.
    position = bd.Position.from_fen("english", "W:W23:B18")
    result = bd.search(position, depth=6)
    assert result.best_move is not None and result.best_move.notation == "23x14"
    assert result.lines[0].win == 1


@pytest.mark.parametrize("call,name", [
    (lambda: bd.Position.initial("chess"), "variant"),
    (lambda: bd.Position.from_fen("english", "X:W21:B1"), "side"),
    (lambda: bd.Position.from_fen("english", "W:W21,21:B1"), "two pieces"),
    (lambda: bd.Position.from_fen("english", "W:W33:B1"), "off the board"),
    (lambda: bd.Position.from_fen("english", "W:W1:B5"), "promotion row"),
])
def test_bad_setup_is_refused_by_name(call, name):
    with pytest.raises(bd.DraughtsError, match=name):
        call()


def test_bad_moves_and_depths_are_refused_and_change_nothing():
    position = bd.Position.initial("english")
    fen = position.fen
    with pytest.raises(bd.IllegalMoveError, match="not among the legal moves"):
        position.play("21-17")
    with pytest.raises(bd.NotationError, match="off the board"):
        position.play("9-99")
    with pytest.raises(bd.NotationError, match="mixes"):
        position.play("9-13x18")
    with pytest.raises(bd.ArgumentError, match="depth"):
        position.perft(-1)
    with pytest.raises(bd.ArgumentError, match="duplicates"):
        position.perft(2, "both")
    with pytest.raises(bd.ArgumentError, match="depth"):
        bd.search(position, depth=0)
    assert position.fen == fen and position.perft(2) == 49


def test_the_direct_call_answers_as_the_checked_call():
    core = bd.Core()
    position = bd.Position.initial("international")
    for name, args in (("perft", (2, 4, 0)), ("zobristKey", (2,)), ("legalMoves", (2,)), ("error", ())):
        core.load_board(position.board)
        direct = core.function(name)(*args)
        core.load_board(position.board)
        checked = core._exports[name](core._store, *args)
        assert direct == checked, name
    assert core.function("perft")(2, 4, 0) == 4265
    assert core._direct, "this Wasmtime's raw call is checked at the core's start and used"


@pytest.mark.parametrize("variant", ["antidraughts", "breakthrough", "frisian", "turkish", "canadian"])
def test_search_plays_every_end_and_board(variant):
    result = bd.search(bd.Position.initial(variant), depth=3)
    assert result.depth >= 1 and result.best_move in bd.Position.initial(variant).legal_moves()


def test_search_stops_on_time():
    import time
    started = time.monotonic()
    result = bd.search(bd.Position.initial("international"), depth=64, seconds=0.2)
    assert time.monotonic() - started < 5 and result.best_move is not None
