"""Reinforcement-learning adapters over the engine contract: a PettingZoo AEC environment
(`env`) and parallel environment (`parallel_env`) for every game, a Gymnasium single-agent
environment against a fixed bot (`SingleAgentEnv`) and a batched vector environment
(`vector.GlyphHallVectorEnv`). Observations come from what the seat may see only: the game's
designed tensors (`State.observation_tensor`), or a feature-hashed view for games without them.
Actions are the game's fixed action ids (`Game.num_distinct_actions`) or positions in the legal
list. See the README's "Reinforcement learning" section."""

from .aec import GlyphHallAEC, env
from .encoding import action_mask, decode_action, encode_view
from .parallel import GlyphHallParallel, parallel_env
from .single import SingleAgentEnv
from .spaces import Encoding

__all__ = [
    "Encoding", "GlyphHallAEC", "GlyphHallParallel", "SingleAgentEnv", "action_mask", "decode_action", "encode_view",
    "env", "parallel_env",
]
