"""The exceptions of the ngola package.

Every error the package raises on purpose is an :class:`NgolaError`. Bad
input raises one of the subclasses, which are also :class:`ValueError`; the
message is the one the ``ngola`` command line prints for the same input.
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "NetworkError",
    "NgolaError",
    "PositionError",
    "RuleError",
    "RunError",
    "SpecError",
]


class NgolaError(Exception):
    """Base class of every error of the ngola package."""


class IllegalMoveError(NgolaError, ValueError):
    """A move that cannot be read, or is not legal in the position."""


class PositionError(NgolaError, ValueError):
    """A position text that cannot be read, or a state that cannot be used."""


class NetworkError(NgolaError, ValueError):
    """A network file that cannot be read, is of another game or rules, or
    does not fit the documented layout."""


class RuleError(NgolaError, ValueError):
    """An unknown game, an unknown rule option or a bad rule value."""


class SpecError(NgolaError, ValueError):
    """An agent spec (or search parameter) that cannot be read."""


class RunError(NgolaError, ValueError):
    """A bad tournament or self-play setting, or a folder without a usable run."""
