"""The PettingZoo AEC adapter: PettingZoo's own API test, and whole random games whose rewards
and ends agree with the environment that holds them."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import bitdraughts as bd
from bitdraughts.pettingzoo import env


@pytest.mark.parametrize("variant", ["english", "international", "frisian"])
def test_pettingzoo_api(variant):
    api_test(env(variant), num_cycles=300)


def test_a_random_game_to_its_end():
    game = env("english", render_mode="ansi")
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    steps, totals = 0, {"white": 0, "black": 0}
    for agent in game.agent_iter(max_iter=20000):
        observation, reward, termination, truncation, info = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0 and observation["observation"].shape == game.envs.observation_shape
        # The side not to move sees no legal action.
        other = "black" if agent == "white" else "white"
        assert game.observe(other)["action_mask"].sum() == 0
        game.step(int(rng.choice(legal)))
        steps += 1
    result, reason = game.envs.results()[0]
    assert reason is not None and steps > 10
    if result in ("white", "black"):
        assert totals[result] == 1 and totals["black" if result == "white" else "white"] == -1
    else:
        assert totals == {"white": 0, "black": 0}
    assert "to move" in game.render()


def test_an_illegal_action_is_refused():
    game = env("english")
    game.reset()
    observation = game.observe(game.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(bd.IllegalMoveError):
        game.step(illegal)
    assert game.envs.ply[0] == 0
