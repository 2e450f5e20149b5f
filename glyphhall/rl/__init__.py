"""Reinforcement-learning adapters over the engine contract: a PettingZoo AEC environment for
every game (`env`) and a Gymnasium single-agent environment against a fixed bot
(`SingleAgentEnv`). Observations come from `State.view(seat)` only."""

from .aec import GlyphHallAEC, env
from .encoding import action_mask, decode_action, encode_view
from .single import SingleAgentEnv

__all__ = ["GlyphHallAEC", "SingleAgentEnv", "action_mask", "decode_action", "encode_view", "env"]
