"""The whole state of a game of Clash of Cultures, and the questions the rules ask of it.

Plain lists and dicts, so a state copies, saves and compares simply. A city is a dict
(hex, owner, mood 0 angry / 1 neutral / 2 happy, activations this turn, buildings by
kind with the colour that owns each, wonders); a unit is ``[owner, kind, hex, moved]``
(moved: during the current move action); the barbarians are owner -1. A face-down
region has no terrain yet: exploring it deals the next tile of the shuffled tile deck.
"""

from __future__ import annotations

from sys import intern
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.game import Game, Prompt, State
from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.core.text import DEFAULT_LANG, Arg, Message, Text
from meeple.games.clash.data import Board, load
from meeple.games.clash.tables import _ADVANCES, NO_ADVANCES, Advances, kept

DATA = load()
RULES = DATA.rules
BARBARIANS = -1
MOODS = ("angry", "neutral", "happy")
RESOURCES: tuple[str, ...] = tuple(RULES["resources"])
BASIC = ("food", "wood", "ore")

FIELDS = ("terrain", "revealed", "tiles", "cities", "units", "res", "adv", "action_hand",
          "objective_hand", "wonder_hand", "claimed", "action_deck", "objective_deck",
          "wonder_deck", "event_deck", "discard", "round", "turn", "order", "seat",
          "actions_left", "used", "phase", "pending", "stats", "outcome", "loaded",
          "battle", "advances_taken", "explored_by", "drawn", "homes")
# The fields a quiet clone shares with its original until a rule changes one (own_cards)
CARDS = ("action_hand", "objective_hand", "wonder_hand", "claimed", "drawn", "action_deck",
         "objective_deck", "wonder_deck", "event_deck", "discard")
# The fields a quiet clone shares with its original until a rule changes one (own_rare): the
# map (changed by exploring), the advances (by learning), the battle tallies, the dice
RARE = ("terrain", "revealed", "tiles", "explored_by", "adv", "advances_taken", "stats",
        "homes", "loaded")


# A search's quiet copy copies only each city's own dict (``d.copy()``) and shares its
# buildings and wonders: the rules never change a city's "bld" dict or "wonders" list in
# place, they put a new one in the city (build, influence, capture, wonder). A copy of a
# state that keeps its log shares nothing.
def _copy_city(d: dict[str, Any]) -> dict[str, Any]:
    e = d.copy()
    e["bld"] = d["bld"].copy()
    e["wonders"] = d["wonders"][:]
    return e


class ClashState(State):
    game: ClassVar[Game]
    # Declared here too: compiled, an attribute declared only on the interpreted State was
    # read through Python's generic getattr, and the rules ask ``s.log.quiet`` at most
    # steps (80 places, issue 19)
    log: Log
    # Units and cities by hex, set only while legal actions are listed (nothing moves
    # then; flow.legal asks where things stand tens of thousands of times a game, issue
    # 19): None otherwise, so every other question scans the lists as they are.
    _units_by_hex: dict[int, list[list[Any]]] | None = None
    _city_by_hex: dict[int, dict[str, Any]] | None = None
    # True while the card fields (CARDS) are shared with a clone or an original: a search's
    # quiet copies share them (most actions touch no card, and copying a state's twenty-odd
    # card lists was a third of a copy's lists, issue 19); a rule changing one of them first
    # calls own_cards(). Copies of a state that keeps its log never share.
    _cards_shared: bool = False
    # The same for the fields of RARE (a third of a copy's lists, changed by few actions):
    # a rule changing one of them first calls own_rare().
    _rare_shared: bool = False
    # The same for the units (the list and each unit's own list: a move changes units in
    # place; most actions change none, and a copy of each unit was a fifth of a copy's lists
    # and their freeing): a rule changing a unit or the list first calls own_units().
    _units_shared: bool = False
    # has()'s sets of advances by player: (the list each was made from, its length, what
    # the set holds and opens: Advances); shared by a search's quiet copies (each entry is
    # checked against the state's own list before it is used)
    _adv_sets: list[tuple[list[str], int, Advances] | None] | None = None
    # evaluate._worths' reading of each player's objective hand (evaluate._HandRead: the
    # cards as read, what the evaluation made of them); shared by a search's quiet copies
    # like _adv_sets, each entry checked card by card (by identity) against the state's hand
    _hands: list[Any] | None = None

    def __init__(self, n: int = 0, options: dict[str, Any] | None = None,
                 board: Board | None = None, rng: Rng | None = None) -> None:
        if options is None or board is None or rng is None:
            # An empty shell that clone() fills field by field, and that unpickling fills
            # from the saved fields: a class compiled by mypyc (docs/performance.md) cannot
            # be made by __new__ alone, and is unpickled by calling its constructor bare.
            return
        self.n = n
        self.options = options
        self.board = board
        self.rng = rng
        self.log = Log()
        self.terrain: list[str] = [""] * len(board.coords)
        self.revealed: list[bool] = [False] * board.regions
        self.tiles: list[int] = []
        self.cities: list[dict[str, Any]] = []
        self.units: list[list[Any]] = []
        self.res: list[dict[str, int]] = [dict.fromkeys(RESOURCES, 0) for _ in range(n)]
        self.adv: list[list[str]] = [[] for _ in range(n)]
        self.action_hand: list[list[str]] = [[] for _ in range(n)]
        self.objective_hand: list[list[str]] = [[] for _ in range(n)]
        self.wonder_hand: list[list[str]] = [[] for _ in range(n)]
        self.claimed: list[list[str]] = [[] for _ in range(n)]  # "card:peaceful|military"
        self.action_deck: list[str] = []
        self.objective_deck: list[str] = []
        self.wonder_deck: list[str] = []
        self.event_deck: list[str] = []
        self.discard: list[str] = []       # action cards played or bartered
        self.round = 1
        self.turn = 1
        self.order: list[int] = list(range(n))
        self.seat = 0
        self.actions_left = 0
        self.used: list[str] = []          # once-per-turn powers the player on turn used
        self.phase = "play"
        self.pending: list[dict[str, Any]] = []  # decisions, the first one asked now
        self.stats: list[dict[str, int]] = [{} for _ in range(n)]
        self.outcome: dict[str, Any] = {}
        self.loaded: list[int] = []        # die faces scenarios set for the next rolls
        self.battle: dict[str, Any] = {}
        self.advances_taken = [0] * n
        self.explored_by = [0] * n
        self.drawn: list[list[str]] = [[] for _ in range(n)]  # every card dealt to each
        self.homes: list[int] = []         # the home region each seat was dealt

    # ---- engine interface -------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def round(self) -> int:
        return self._round

    @round.setter
    def round(self, value: int) -> None:
        self._round = value

    def prompts(self) -> list[Prompt]:
        from meeple.games.clash.flow import prompts

        return prompts(self)

    def legal_actions(self, player: int) -> list[Action]:
        from meeple.games.clash.flow import legal

        return legal(self, player) if player in self.current_players() else []

    def current_players(self) -> list[int]:
        # prompts()'s players without their sentences (asked before every action)
        if self.phase == "over":
            return []
        if self.pending:
            return [int(self.pending[0]["player"])]
        return [self.player()]

    def random_action(self, player: int, rng: Rng) -> Action:
        # uniform over legal_actions without listing them all (draw.py says how)
        from meeple.games.clash.draw import random_action

        if player not in self.current_players():
            return rng.choice(self.legal_actions(player))
        return random_action(self, player, rng)

    def apply(self, player: int, action: Action | str) -> None:
        """As the engine's, with a typed pile in any order ("ore:1+food:2" is the
        listed "food:2+ore:1")."""
        from meeple.games.clash.flow import canonical

        a = canonical(Action.parse(action) if isinstance(action, str) else action)
        if any(isinstance(x, str) for x in a.args):
            # its names interned as the listed actions' are (data.interned): a parsed
            # building, unit or card name becomes a key or an entry of the state
            a = Action(a.kind, tuple(intern(x) if isinstance(x, str) else x for x in a.args))
        super().apply(player, a)

    def apply_unchecked(self, player: int, action: Action) -> None:
        from meeple.games.clash.flow import apply

        apply(self, player, action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        winners = self.outcome.get("winners", [])
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.n)]

    def result(self) -> dict[str, Any]:
        if not self.is_terminal():
            return {"winner": None, "reason": "playing"}
        from meeple.games.clash.status import reason_text

        out = dict(self.outcome)
        # the sentence the client shows, in the reader's language; "reason" stays as saved
        out["reason_text"] = reason_text(None if out.get("reason") == "six rounds played"
                                         else [p for p in self.order if not self.cities_of(p)],
                                         int(self.options.get("rounds") or 0))
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        from meeple.games.clash.view import view

        return view(self, player)

    def view_without_log(self, player: int | None) -> dict[str, Any]:
        from meeple.games.clash.view import view

        return view(self, player, log=False)

    def to_json(self) -> dict[str, Any]:
        from meeple.games.clash.saves import state_to_json

        return state_to_json(self)

    def clone(self) -> ClashState:
        c = ClashState()
        c.n, c.options, c.board = self.n, self.options, self.board
        # (the halves copied as they are: through ``state`` the 64-bit number was built as a
        # big integer and split again, 1% of a search's instructions, issue 19)
        c.rng = self.rng.copy()
        c.log = self.log.clone()
        # The fields the search copies most, written out as deep as they nest (the search
        # copies a state for each candidate it weighs, issue 19); the rest as copy_value.
        quiet = c.log.quiet
        c.cities = [d.copy() for d in self.cities] if quiet \
            else [_copy_city(d) for d in self.cities]
        c.res = [r.copy() for r in self.res]
        if quiet:
            self._units_shared = c._units_shared = True
            c.units = self.units
            # a search's throwaway copy: the cards and the fields of RARE shared until
            # either side changes them
            self._cards_shared = c._cards_shared = True
            self._rare_shared = c._rare_shared = True
            c.terrain, c.revealed, c.tiles = self.terrain, self.revealed, self.tiles
            c.explored_by, c.adv = self.explored_by, self.adv
            c.advances_taken, c.stats = self.advances_taken, self.stats
            c.homes, c.loaded = self.homes, self.loaded
            # the tables made here first, so that every copy of this state shares them
            if self._adv_sets is None:
                self._adv_sets = [None] * self.n
            if self._hands is None:
                self._hands = [None] * self.n
            c._adv_sets, c._hands = self._adv_sets, self._hands
            c.action_hand, c.objective_hand = self.action_hand, self.objective_hand
            c.wonder_hand, c.claimed, c.drawn = self.wonder_hand, self.claimed, self.drawn
            c.action_deck, c.objective_deck = self.action_deck, self.objective_deck
            c.wonder_deck, c.event_deck = self.wonder_deck, self.event_deck
            c.discard = self.discard
        else:
            c.units = [u[:] for u in self.units]
            c._copy_cards(self)
            c._copy_rare(self)
            # (the hands' readings are checked card by card: any copy may share them)
            c._hands = self._hands
        c.order, c.used = self.order[:], self.used[:]
        c._round, c.turn, c.seat = self._round, self.turn, self.seat
        c.actions_left, c.phase = self.actions_left, self.phase
        # the pending decisions, the battle and the outcome, mostly empty
        c.pending = copy_value(self.pending) if self.pending else []
        c.battle = copy_value(self.battle) if self.battle else {}
        c.outcome = copy_value(self.outcome) if self.outcome else {}
        return c

    def _copy_cards(self, other: ClashState) -> None:
        """The card fields (CARDS) copied from ``other`` (itself, to stop sharing them)."""
        self.action_hand = [h[:] for h in other.action_hand]
        self.objective_hand = [h[:] for h in other.objective_hand]
        self.wonder_hand = [h[:] for h in other.wonder_hand]
        self.claimed = [h[:] for h in other.claimed]
        self.drawn = [h[:] for h in other.drawn]
        self.action_deck, self.objective_deck = other.action_deck[:], other.objective_deck[:]
        self.wonder_deck, self.event_deck = other.wonder_deck[:], other.event_deck[:]
        self.discard = other.discard[:]

    def own_cards(self) -> None:
        """Called before changing a hand, a deck, the discard, ``claimed`` or ``drawn``:
        a quiet clone (or its original) then gets its own copies of them."""
        if self._cards_shared:
            self._cards_shared = False
            self._copy_cards(self)

    def _copy_rare(self, other: ClashState) -> None:
        """The fields of RARE copied from ``other`` (itself, to stop sharing them)."""
        self.terrain, self.revealed = other.terrain[:], other.revealed[:]
        self.tiles = other.tiles[:]
        old = other.adv
        adv = [a[:] for a in old]
        sets = other._adv_sets
        if sets is not None:
            # has()'s records carried over to the copied lists (the same names): a copy of
            # the rare fields no longer makes every player's set again (issue 19)
            carried: list[tuple[list[str], int, Advances] | None] = []
            for p, known in enumerate(sets):
                carried.append(None if known is None or known[0] is not old[p]
                               or known[1] != len(old[p]) else (adv[p], known[1], known[2]))
            self._adv_sets = carried
        self.explored_by, self.adv = other.explored_by[:], adv
        self.advances_taken, self.stats = other.advances_taken[:], [x.copy() for x in other.stats]
        self.homes, self.loaded = other.homes[:], other.loaded[:]

    def own_rare(self) -> None:
        """Called before changing a field of RARE (the map, an advance list, a battle
        tally, the dice): a quiet clone (or its original) then gets its own copies."""
        if self._rare_shared:
            self._rare_shared = False
            self._copy_rare(self)

    def own_units(self) -> None:
        """Called before changing a unit or the list of units (a rule must not keep a unit
        read before it): a quiet clone (or its original) then gets its own copies."""
        if self._units_shared:
            self._units_shared = False
            self.units = [u[:] for u in self.units]

    def __deepcopy__(self, memo: dict[int, Any]) -> ClashState:
        # A deep copy (OpenSpiel's clone) is a clone: the log's texts are immutable and
        # shared, the rest copied as clone() does.
        return self.clone()

    def describe(self, player: int, action: Action) -> Message:
        from meeple.games.clash.render import describe

        return describe(self, player, action)

    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        from meeple.games.clash.render import render

        return render(self, player, lang)

    # ---- questions the rules ask -------------------------------------------------
    def name(self, p: int) -> str:
        return "the barbarians" if p == BARBARIANS else f"P{p}"

    def who(self, p: int) -> Text:
        """The seat or the barbarians, as a term read in the reader's language."""
        from meeple.games.clash.texts import who

        return who(p)

    def hname(self, h: int) -> Text:
        """Hex ``h`` as a player finds it on the map (texts.place): never its coordinates."""
        from meeple.games.clash.texts import place

        return place(self, h)

    def player(self) -> int:
        """Whose turn it is in the play phase."""
        return self.order[self.seat]

    def has(self, p: int, advance: str) -> bool:
        if p < 0:
            return False
        # p's advances as a set, made again when p's list is another list or has grown
        # (the rules only append to a list or put a new one in its place): the rules ask
        # this tens of thousands of times a search, and a list of a dozen names is
        # compared name by name (issue 19; tests/test_clash_speed.py)
        adv = self.adv[p]
        sets = self._adv_sets
        if sets is None:
            sets = self._adv_sets = [None] * self.n
        known = sets[p]
        if known is None or known[0] is not adv or known[1] != len(adv):
            known = sets[p] = (adv, len(adv), kept(_ADVANCES, frozenset(adv), Advances, 8192))
        return advance in known[2].have

    def advances(self, p: int) -> Advances:
        """What p's advances hold and open, kept with the set (``has``'s, the same check
        against p's list); the barbarians hold none."""
        if p < 0:
            return NO_ADVANCES
        adv = self.adv[p]
        sets = self._adv_sets
        if sets is not None:
            known = sets[p]
            if known is not None and known[0] is adv and known[1] == len(adv):
                return known[2]
        self.has(p, "")
        sets = self._adv_sets
        assert sets is not None
        known = sets[p]
        assert known is not None
        return known[2]

    def region_of(self, h: int) -> int:
        return h // 4

    def known(self, h: int) -> bool:
        return self.revealed[h // 4]

    def index_hexes(self) -> None:
        """Index units and cities by hex until :meth:`drop_index` (in the lists' order)."""
        units: dict[int, list[list[Any]]] = {}
        for u in self.units:
            units.setdefault(u[2], []).append(u)
        cities: dict[int, dict[str, Any]] = {}
        for c in self.cities:
            cities.setdefault(c["hex"], c)
        self._units_by_hex, self._city_by_hex = units, cities

    def drop_index(self) -> None:
        self._units_by_hex = self._city_by_hex = None

    # (The questions below read a city's or a unit's numbers into typed locals: compiled,
    # a value read from a dict or a list is an object, and comparing it with an int as it
    # is went through Python's generic comparison, where a search ran 6% of its
    # instructions, issue 19.)
    def city_at(self, h: int) -> dict[str, Any] | None:
        if self._city_by_hex is not None:
            return self._city_by_hex.get(h)
        for c in self.cities:
            x: int = c["hex"]
            if x == h:
                return c
        return None

    def cities_of(self, p: int) -> list[dict[str, Any]]:
        out = []
        for c in self.cities:
            o: int = c["owner"]
            if o == p:
                out.append(c)
        return out

    def size(self, c: dict[str, Any]) -> int:
        return 1 + len(c["bld"])

    def out(self, p: int) -> bool:
        """With no city and no unit a player can never act again: its turns pass."""
        return not self.cities_of(p) and not any(_owner(u) == p for u in self.units)

    def units_at(self, h: int, owner: int | None = None) -> list[list[Any]]:
        if self._units_by_hex is not None:
            here = self._units_by_hex.get(h)
            if here is None:
                return []
            return here[:] if owner is None else [u for u in here if _owner(u) == owner]
        return [u for u in self.units if _hex(u) == h and (owner is None or _owner(u) == owner)]

    def count_units(self, p: int, kind: str) -> int:
        return sum(1 for u in self.units if _owner(u) == p and u[1] == kind)

    def army_at(self, h: int, owner: int) -> int:
        if self._units_by_hex is not None:
            here = self._units_by_hex.get(h)
            return 0 if here is None else sum(1 for u in here if _owner(u) == owner
                                              and u[1] == "infantry")
        return sum(1 for u in self.units if _hex(u) == h and _owner(u) == owner
                   and u[1] == "infantry")

    def enemies_at(self, h: int, p: int) -> list[list[Any]]:
        if self._units_by_hex is not None:
            here = self._units_by_hex.get(h)
            return [] if here is None else [u for u in here if _owner(u) != p]
        return [u for u in self.units if _hex(u) == h and _owner(u) != p]

    def enemy_at(self, h: int, p: int) -> bool:
        """Whether ``enemies_at(h, p)`` has anyone (without making the list)."""
        if self._units_by_hex is not None:
            # (get with no default: a list, iterated as one when compiled)
            here = self._units_by_hex.get(h)
            return here is not None and any(_owner(u) != p for u in here)
        return any(_hex(u) == h and _owner(u) != p for u in self.units)

    def is_water(self, h: int) -> bool:
        return self.terrain[h] == "water"

    def limit(self, p: int, r: str) -> int:
        if r == "food" and self.has(p, "Storage"):
            return int(RULES["storage_food_limit"])
        if r == "ideas" and self.has(p, "Dogma"):
            return int(RULES["dogma_ideas_limit"])
        return int(RULES["limits"][r])

    def gain(self, p: int, pile: dict[str, int], why: Message) -> None:
        """Add resources, capped at the limits, and say so in the log."""
        if self.log.quiet:
            # a search's copy keeps no lines: the same resources, no texts (issue 19)
            res = self.res[p]
            for r, k in pile.items():
                if k > 0:
                    res[r] = min(self.limit(p, r), res[r] + k)
            return
        from meeple.games.clash.texts import amount, comma, plus, t, who

        got: list[tuple[str, int]] = []
        lost: list[tuple[str, int]] = []
        for r, k in pile.items():
            if k <= 0:
                continue
            before = self.res[p][r]
            self.res[p][r] = min(self.limit(p, r), before + k)
            if self.res[p][r] > before:
                got.append((r, self.res[p][r] - before))
            if before + k > self.res[p][r]:
                lost.append((r, before + k - self.res[p][r]))
        if len(got) == 1 and not lost:
            # the usual case, one flat text (search bots apply thousands of actions a
            # second, issue 19): "P0: +1 food: Good Year."
            r, n = got[0]
            self.log.add(self.round, Text(f"clash.gain.{r}", who=who(p), n=n, why=why))
        elif got or lost:
            gains: list[Arg] = [plus(r, n) for r, n in got]
            line = t("gain", who=who(p), got=comma(gains) if gains else t("nothing"), why=why)
            if lost:
                over: list[Arg] = [t("over_limit", x=amount(r, n), limit=self.limit(p, r))
                                   for r, n in lost]
                line = t("gain.lost", who=who(p), got=comma(gains) if gains else t("nothing"),
                         why=why, lost=comma(over))
            self.log.add(self.round, line)

    def vp(self, p: int) -> float:
        from meeple.games.clash.status import score

        return score(self, p)

    def roll(self) -> int:
        if self.loaded:
            self.own_rare()
            return int(self.loaded.pop(0))
        return 1 + self.rng.below(6)


def _owner(u: list[Any]) -> int:
    """A unit's owner, as an int (see the note above city_at)."""
    o: int = u[0]
    return o


def _hex(u: list[Any]) -> int:
    h: int = u[2]
    return h


def copy_value(v: Any) -> Any:
    """A copy of a field as deep as its nesting (cities are dicts holding a dict and a list)."""
    if isinstance(v, list):
        if not v:
            return []
        first = v[0]
        if isinstance(first, list):
            return [x[:] for x in v]
        if isinstance(first, dict):
            return [{k: (x.copy() if isinstance(x, dict | list) else x) for k, x in d.items()}
                    for d in v]
        return v[:]
    if isinstance(v, dict):
        return {k: (x.copy() if isinstance(x, dict | list) else x) for k, x in v.items()}
    return v
