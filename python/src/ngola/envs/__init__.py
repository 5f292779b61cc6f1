"""ngola's games where reinforcement-learning code already is: PettingZoo,
Gymnasium (a single environment and a batched one) and OpenSpiel.

- :func:`pettingzoo_env`: a PettingZoo AEC environment, agents ``"south"``
  and ``"north"`` (needs ``pettingzoo``);
- ``gymnasium.make("ngola/Mangola-v0", opponent="mcts:sims=200", **rules)``
  (and ``ngola/UmElBagara-v0``, ``ngola/Kalah-v0``, ``ngola/Oware-v0``),
  registered when this module is imported: :class:`NgolaEnv`;
- :class:`VectorEnv`: ``n`` games stepped together in Rust, Gymnasium's
  vector API;
- :mod:`ngola.envs.openspiel`: ``register()`` adds the four games to
  OpenSpiel as ``python_ngola_<game>`` (needs ``open_spiel``).

All of them are thin adapters over :class:`ngola.State` (the Rust rules):
the same action ids (``State.legal_actions()``), the same observation
vector (``State.observation()``), the same ends and winners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    import gymnasium as _gymnasium  # noqa: F401
except ImportError as error:  # pragma: no cover
    raise ImportError(
        "ngola.envs needs gymnasium (and pettingzoo for pettingzoo_env): "
        "pip install gymnasium pettingzoo"
    ) from error

from ngola.envs._gymnasium import ENV_IDS, NgolaEnv, register_all
from ngola.envs._vector import VectorEnv

if TYPE_CHECKING:
    from ngola.envs._pettingzoo import NgolaAECEnv, pettingzoo_env

__all__ = ["ENV_IDS", "NgolaAECEnv", "NgolaEnv", "VectorEnv", "pettingzoo_env"]

register_all()


def __getattr__(name: str) -> Any:
    # PettingZoo is imported only when its environment is asked for.
    if name in ("pettingzoo_env", "NgolaAECEnv"):
        from ngola.envs import _pettingzoo

        return getattr(_pettingzoo, name)
    raise AttributeError(f"module 'ngola.envs' has no attribute {name!r}")
