"""What the table shows of a kit game, described by the game and drawn by the shared
components of the web client (``js/kit.js``, ``js/ui/zones.js``): no JavaScript per game.

A game's ``table(viewer)`` returns a :class:`Table`: the board as zones (a track, a
grid, a market row, a supply of tokens, decks and discard piles with their counts), one
:class:`Seat` per player (the counts of the player's panel and the player's tableau), the
viewer's own area (``mine``: a hand only its owner sees) and a few lines of rules. Each
:class:`Piece` has a label, an icon or a card face, and the help a hover shows; the
``actions`` of a piece, a space or a zone are the choices a click on it makes (in the
text form of actions) — the table offers the ones that are legal now, so a game lists
them without asking the rules. Labels and help are texts (``meeple.core.text``): each
reader reads them in the reader's language.

The table is part of the player's view, so the conformance suite's check that a view
holds nothing hidden covers it too. docs/authoring.md describes every field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from meeple.core.text import Message

# The icons the client draws (js/ui/icons.js); tests/test_kit.py checks both lists agree.
ICONS = ("gem", "coin", "disc", "cube", "card", "meeple", "pawn", "figure", "star", "crown",
         "camel", "carrot", "lettuce", "hedgehog", "hare", "seal", "token", "flag", "heart",
         "shield", "scroll", "hourglass", "die", "check")
# Named colours (or a seat's index: that seat's colour; or "#rrggbb").
COLOURS = ("red", "blue", "green", "white", "black", "gold", "yellow", "brown", "purple",
           "orange", "grey", "pink", "teal")
ZONES = ("row", "track", "grid", "supply", "deck", "hand", "stack")
PIECES = ("card", "token", "chip", "meeple", "pawn", "figure", "cube", "disc")
Colour = str | int | None


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    if value is None or value == [] or value is False:
        return
    out[key] = value


@dataclass(slots=True)
class Stat:
    """A count shown as an icon and a number (a player's coins, a pile's size)."""

    icon: str
    value: int | str
    label: Message
    help: Message | None = None
    colour: Colour = None
    id: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"icon": self.icon, "value": self.value, "label": self.label}
        _put(out, "help", self.help)
        _put(out, "colour", self.colour)
        _put(out, "id", self.id)
        return out


@dataclass(slots=True)
class Piece:
    """A card, token or figure. ``id`` is unique on the table: the client compares pieces
    by it to show what changed."""

    id: str
    label: Message
    kind: Literal["card", "token", "chip", "meeple", "pawn", "figure", "cube", "disc"] = "token"
    icon: str | None = None
    colour: Colour = None
    value: int | str | None = None  # a number written on it: points, a level
    count: int | None = None  # a stack of this many
    text: Message | None = None  # a card's whole text
    cost: list[Stat] = field(default_factory=list)  # a card's price, as icons with numbers
    tag: Message | None = None  # a short line under the title (a bonus, a kind)
    help: Message | None = None  # the whole explanation, shown on hover or long press
    actions: list[str] = field(default_factory=list)
    face_down: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "label": self.label}
        for key in ("icon", "colour", "value", "count", "text", "tag", "help"):
            _put(out, key, getattr(self, key))
        _put(out, "cost", [c.to_json() for c in self.cost])
        _put(out, "actions", list(self.actions))
        _put(out, "face_down", self.face_down)
        return out


@dataclass(slots=True)
class Space:
    """One place of a track (a numbered space and what stands on it)."""

    id: str
    label: Message
    icon: str | None = None
    colour: Colour = None
    pieces: list[Piece] = field(default_factory=list)
    help: Message | None = None
    actions: list[str] = field(default_factory=list)
    # What the space shows when its label is too long for a small square (its number):
    # the label stays its name for a screen reader and its help's heading.
    mark: Message | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label}
        for key in ("icon", "colour", "help", "mark"):
            _put(out, key, getattr(self, key))
        _put(out, "pieces", [p.to_json() for p in self.pieces])
        _put(out, "actions", list(self.actions))
        return out


@dataclass(slots=True)
class Zone:
    """A part of the table. Kinds: ``row`` (a market, a tableau: pieces side by side),
    ``grid`` (pieces in ``cols`` columns), ``track`` (``spaces`` in order), ``supply``
    (token piles with their counts), ``deck`` (a face-down pile of ``count``, with its top
    piece when it is face up: a discard pile), ``hand`` (cards held), ``stack`` (pieces
    piled up). ``count`` beside a row is the deck it is dealt from."""

    id: str
    kind: Literal["row", "track", "grid", "supply", "deck", "hand", "stack"]
    label: Message
    pieces: list[Piece] = field(default_factory=list)
    spaces: list[Space] = field(default_factory=list)
    count: int | None = None
    cols: int | None = None
    help: Message | None = None
    actions: list[str] = field(default_factory=list)
    owner: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "label": self.label}
        _put(out, "pieces", [p.to_json() for p in self.pieces])
        _put(out, "spaces", [s.to_json() for s in self.spaces])
        for key in ("count", "cols", "help", "owner"):
            _put(out, key, getattr(self, key))
        _put(out, "actions", list(self.actions))
        return out


@dataclass(slots=True)
class Seat:
    """A player's panel: counts as icons, the player's public zones, the score."""

    stats: list[Stat] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    score: int | None = None
    faction: Message | None = None
    passed: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"stats": [s.to_json() for s in self.stats]}
        _put(out, "zones", [z.to_json() for z in self.zones])
        _put(out, "score", self.score)
        _put(out, "faction", self.faction)
        _put(out, "passed", self.passed)
        return out


@dataclass(slots=True)
class Table:
    zones: list[Zone]
    seats: list[Seat]
    mine: list[Zone] = field(default_factory=list)
    rules: list[Message] = field(default_factory=list)
    score_label: Message | None = None  # what the seats' scores count ("points", "rupees")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"zones": [z.to_json() for z in self.zones],
                               "seats": [s.to_json() for s in self.seats]}
        _put(out, "mine", [z.to_json() for z in self.mine])
        _put(out, "rules", list(self.rules))
        _put(out, "score_label", self.score_label)
        return out


def check_table(table: dict[str, Any]) -> list[str]:
    """What is wrong with a table's JSON (unknown kinds, icons or colours, ids used twice),
    for the conformance suite: an author learns of a typo before a player sees it."""
    problems: list[str] = []
    seen: set[str] = set()

    def colour(where: str, c: Any) -> None:
        ok = (c is None or isinstance(c, int) or c in COLOURS
              or (isinstance(c, str) and len(c) == 7 and c.startswith("#")))
        if not ok:
            problems.append(f"{where}: unknown colour {c!r} (known: {', '.join(COLOURS)})")

    def ident(where: str, i: Any) -> None:
        if not isinstance(i, str) or not i:
            problems.append(f"{where}: an id is a non-empty text")
        elif i in seen:
            problems.append(f"{where}: id {i!r} is used twice")
        seen.add(str(i))

    def icon(where: str, name: Any) -> None:
        if name is not None and name not in ICONS:
            problems.append(f"{where}: unknown icon {name!r} (known: {', '.join(ICONS)})")

    def piece(where: str, p: dict[str, Any]) -> None:
        ident(where, p.get("id"))
        if p.get("kind") not in PIECES:
            problems.append(f"{where}: unknown piece kind {p.get('kind')!r}")
        icon(where, p.get("icon"))
        colour(where, p.get("colour"))
        for c in p.get("cost", []):
            icon(f"{where}.cost", c.get("icon"))
            colour(f"{where}.cost", c.get("colour"))

    def zone(where: str, z: dict[str, Any]) -> None:
        ident(where, z.get("id"))
        if z.get("kind") not in ZONES:
            problems.append(f"{where}: unknown zone kind {z.get('kind')!r}")
        for i, p in enumerate(z.get("pieces", [])):
            piece(f"{where}.pieces.{i}", p)
        for i, s in enumerate(z.get("spaces", [])):
            ident(f"{where}.spaces.{i}", s.get("id"))
            icon(f"{where}.spaces.{i}", s.get("icon"))
            colour(f"{where}.spaces.{i}", s.get("colour"))
            for j, p in enumerate(s.get("pieces", [])):
                piece(f"{where}.spaces.{i}.pieces.{j}", p)

    for i, z in enumerate(table.get("zones", [])):
        zone(f"zones.{i}", z)
    for i, z in enumerate(table.get("mine", [])):
        zone(f"mine.{i}", z)
    for i, s in enumerate(table.get("seats", [])):
        for j, st in enumerate(s.get("stats", [])):
            icon(f"seats.{i}.stats.{j}", st.get("icon"))
            colour(f"seats.{i}.stats.{j}", st.get("colour"))
        for j, z in enumerate(s.get("zones", [])):
            zone(f"seats.{i}.zones.{j}", z)
    return problems
