"""The author's kit: what a new game is built from (docs/authoring.md).

A game package subclasses :class:`KitGame` and :class:`KitState`, keeps its numbers in
``data/*.yaml`` and its texts in ``data/texts.yaml``, and describes its table with
:mod:`meeple.kit.table`; the kit gives it saves, clones, hidden information dealt again,
scenarios, the terminal's board, and a table in the browser with no JavaScript of its own.
"""

from meeple.kit.game import KitGame
from meeple.kit.state import Hidden, KitState
from meeple.kit.table import Piece, Seat, Space, Stat, Table, Zone

__all__ = ["Hidden", "KitGame", "KitState", "Piece", "Seat", "Space", "Stat", "Table", "Zone"]
