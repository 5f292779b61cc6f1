"""The board as an RGB image (``render_mode="rgb_array"``), drawn with NumPy
alone so that recording videos of many games costs little.

The picture follows the terminal board (``ngola play``, ``render_mode="ansi"``)
from the viewer's side: the viewer's rows at the bottom, the opponent's at the
top, the same columns left to right; Kalah's, Oware's and Um el-Bagara's
stores (taken, captured) at the ends, the top side's on the left. Each hole
shows its count in white digits; South's holes are brown, North's grey-blue,
and a yellow band runs along the edge of the side to move. Everything is read
from the position text (docs/src/rules.md "Position text"), so nothing here knows a
rule.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ngola._ngola import State

__all__ = ["board_rgb"]

CELL = 64
"""Pixels per hole (square)."""
_MARGIN = 12
_BAND = 10
_GAP = 12
_BANK = 76
_INSET = 5

_BOARD = (196, 154, 98)
_EDGE = (120, 84, 44)
_HOLE = {"S": (112, 66, 28), "N": (62, 78, 104)}
_MOVER = (250, 204, 40)
_DIGIT = (255, 255, 255)

# 3 x 5 pixel digits, row by row.
_FONT = {
    "0": ("111", "101", "101", "101", "111"),
    "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"),
    "3": ("111", "001", "111", "001", "111"),
    "4": ("101", "101", "111", "001", "001"),
    "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"),
    "7": ("111", "001", "010", "010", "010"),
    "8": ("111", "101", "111", "101", "111"),
    "9": ("111", "101", "111", "001", "111"),
}
_GLYPHS = {
    digit: np.array([[c == "1" for c in row] for row in rows], dtype=np.bool_)
    for digit, rows in _FONT.items()
}


def _disc(size: int) -> npt.NDArray[np.bool_]:
    """A filled circle in a ``size`` x ``size`` square."""
    centre = (size - 1) / 2
    y, x = np.ogrid[:size, :size]
    inside: npt.NDArray[np.bool_] = (x - centre) ** 2 + (y - centre) ** 2 <= (size / 2) ** 2
    return inside


_HOLE_DISC = _disc(CELL - 2 * _INSET)


def _number(
    image: npt.NDArray[np.uint8], text: str, centre_y: int, centre_x: int, width: int
) -> None:
    """Draws ``text`` (digits) centred on the point, as large as fits ``width``."""
    for scale in (4, 3, 2, 1):
        if len(text) * 4 * scale - scale <= width:
            break
    total = len(text) * 4 * scale - scale
    top = centre_y - 5 * scale // 2
    left = centre_x - total // 2
    for k, char in enumerate(text):
        glyph = np.kron(_GLYPHS[char], np.ones((scale, scale), dtype=np.bool_))
        x = left + k * 4 * scale
        area = image[top : top + 5 * scale, x : x + 3 * scale]
        area[glyph[: area.shape[0], : area.shape[1]]] = _DIGIT


def board_rgb(state: State, viewer: str = "S") -> npt.NDArray[np.uint8]:
    """``state``'s board seen from ``viewer``'s side (``"S"`` or ``"N"``), as
    an H x W x 3 uint8 array (64 pixels per hole)."""
    fields = str(state).split()
    rows = [[int(count) for count in row.split(",")] for row in fields[1].split("/")]
    to_move = fields[2]
    banks = [int(count) for count in fields[4].split(",")] if len(fields) > 4 else None
    half = len(rows) // 2  # South's rows come first in the position text
    columns = len(rows[0])
    # Display rows top to bottom, as (side, counts left to right).
    if viewer == "N":
        shown = [("S" if i < half else "N", row[::-1]) for i, row in enumerate(rows)]
    else:
        shown = [("S" if i < half else "N", row) for i, row in reversed(list(enumerate(rows)))]
    top_side, bottom_side = shown[0][0], shown[-1][0]

    bank = _BANK if banks is not None else 0
    height = 2 * _MARGIN + 2 * _BAND + len(rows) * CELL + _GAP
    width = 2 * _MARGIN + 2 * bank + columns * CELL
    image = np.empty((height, width, 3), dtype=np.uint8)
    image[:] = _EDGE
    image[_MARGIN:-_MARGIN, _MARGIN:-_MARGIN] = _BOARD
    band_colour = {side: _MOVER if side == to_move else _EDGE for side in ("S", "N")}
    image[_MARGIN : _MARGIN + _BAND, _MARGIN:-_MARGIN] = band_colour[top_side]
    image[-_MARGIN - _BAND : -_MARGIN, _MARGIN:-_MARGIN] = band_colour[bottom_side]

    def row_top(k: int) -> int:
        return _MARGIN + _BAND + k * CELL + (_GAP if k >= half else 0)

    for k, (side, counts) in enumerate(shown):
        y = row_top(k)
        for c, count in enumerate(counts):
            x = _MARGIN + bank + c * CELL
            hole = image[y + _INSET : y + CELL - _INSET, x + _INSET : x + CELL - _INSET]
            hole[_HOLE_DISC] = _HOLE[side]
            _number(image, str(count), y + CELL // 2, x + CELL // 2, CELL - 2 * _INSET - 8)
    if banks is not None:
        stores = {"S": banks[0], "N": banks[1]}
        top, bottom = row_top(0) + _INSET, row_top(len(rows)) - _INSET
        for side, x in ((top_side, _MARGIN), (bottom_side, width - _MARGIN - bank)):
            image[top:bottom, x + _INSET : x + bank - _INSET] = _HOLE[side]
            _number(image, str(stores[side]), (top + bottom) // 2, x + bank // 2, bank - 20)
    return image
