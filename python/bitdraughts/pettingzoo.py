"""An adapter to PettingZoo's AEC interface (the multi-agent standard): one game of any variant,
stepped leg by leg through the core's environment, for libraries that train on `AECEnv`s.

    from bitdraughts.pettingzoo import env
    game = env("international")
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None
        else:
            action = int(np.flatnonzero(observation["action_mask"])[0])
        game.step(action)

Agents are "white" and "black". A capture of several legs is several steps of the same agent.
Observations are the core's planes (C × H × W, uint8) seen from the observing agent's side, and
the action mask (1 where legal; all 0 for the agent not to move). The winner is rewarded 1 and
the loser -1 at the end; a game cut at max_plies is truncated with no reward.
"""

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _contract as c
from .env import DEFAULT_MAX_PLIES, Envs
from .errors import ArgumentError

AGENTS = ["white", "black"]


class DraughtsEnv(AECEnv):
    """One game of `variant` as a PettingZoo AEC environment."""

    metadata = {"name": "bitdraughts_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant: str = "international", draw_rules: bool = True, max_plies: int = DEFAULT_MAX_PLIES, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f'render_mode must be None or "ansi", got {render_mode!r}', "render_mode", render_mode)
        self.render_mode = render_mode
        self._envs = Envs(variant, 1, draw_rules=draw_rules, max_plies=max_plies, mask=True, observation=True)
        shape = self._envs.observation_shape
        actions = self._envs.num_actions
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0, 255, shape, np.uint8),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(actions) for a in AGENTS}
        self.metadata = dict(self.metadata, name=f"bitdraughts_{self._envs.variant}_v0")

    @property
    def envs(self) -> Envs:
        """The core's environment that holds the game (one game)."""
        return self._envs

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._envs.rng = np.random.default_rng(seed)
            self._envs.seed = seed
        self._envs.reset()
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[int(self._envs.to_move[0])]

    def observe(self, agent):
        envs = self._envs
        planes = envs.observation[0].copy()
        if agent != AGENTS[int(envs.to_move[0])]:
            # The other side's view: the board turned half a turn, own and opponent's pieces swapped.
            planes = planes[:, ::-1, ::-1].copy()
            planes[[c.ENV_PLANE_OWN_MEN, c.ENV_PLANE_OWN_KINGS, c.ENV_PLANE_THEIR_MEN, c.ENV_PLANE_THEIR_KINGS]] = planes[
                [c.ENV_PLANE_THEIR_MEN, c.ENV_PLANE_THEIR_KINGS, c.ENV_PLANE_OWN_MEN, c.ENV_PLANE_OWN_KINGS]]
        mask = envs.legal_mask[0].astype(np.int8) if agent == self.agent_selection and not envs.done[0] else np.zeros(envs.num_actions, np.int8)
        return {"observation": planes, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        envs = self._envs
        envs.step(np.array([action], np.int32))
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0
        if envs.done[0]:
            result = int(envs.result[0])
            if int(envs.reason[0]) == c.ENV_END_MAX_PLIES:
                self.truncations = {a: True for a in AGENTS}
            else:
                self.terminations = {a: True for a in AGENTS}
                if result in (c.ENV_RESULT_WHITE, c.ENV_RESULT_BLACK):
                    winner = AGENTS[result - c.ENV_RESULT_WHITE]
                    for a in AGENTS:
                        self.rewards[a] = 1 if a == winner else -1
            self.infos = {a: {"result": envs.results()[0]} for a in AGENTS}
        self.agent_selection = AGENTS[int(envs.to_move[0])]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        return f"{self._envs.position(0).fen} ({AGENTS[int(self._envs.to_move[0])]} to move, {int(self._envs.legs[0])} legs of a capture played)"

    def close(self) -> None:
        pass


def env(variant: str = "international", **options) -> DraughtsEnv:
    """A PettingZoo AEC environment of one game of `variant` (options: draw_rules, max_plies, render_mode)."""
    return DraughtsEnv(variant, **options)


raw_env = env
