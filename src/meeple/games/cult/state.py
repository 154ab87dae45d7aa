"""The Cult state: the engine interface over the rules in flow, services, cards and cults."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final

from meeple.core.actions import Action
from meeple.core.game import Game, Prompt, State
from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.core.text import DEFAULT_LANG, Text
from meeple.games.cult import board as B
from meeple.games.cult import cards, flow, responses, services, shared
from meeple.games.cult import texts as T
from meeple.games.cult.choices import describe
from meeple.games.cult.cults import apply_pay, pay_actions
from meeple.games.cult.model import NOBODY, NOT_LENT, Frame, Player, Priest
from meeple.games.cult.view import view, views


class CultState(State):
    game: ClassVar[Game]
    # Declared here too: compiled, an attribute declared only on the (interpreted) base
    # class is looked up by name at every use, and the rules write to the log at most steps.
    log: Log
    __slots__ = (
        "altars", "board", "conspiracies", "district", "first", "g_holder", "g_lender", "g_up",
        "known", "last_winner", "licence_deck", "log", "miracles", "n", "options", "palace",
        "players", "reason", "rng", "round_no", "seized", "smile", "stack", "winner",
    )

    def __init__(self, shell: bool = False) -> None:
        if shell:
            # An empty shell that clone() fills field by field: a class compiled by mypyc
            # cannot be made by __new__ alone, and building every field only to replace it
            # was a third of a compiled clone's time.
            return
        self.n = 0
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Player] = []
        # A district's priests and its altars' owners are tuples, replaced whole when they
        # change (helpers in model.py): a clone then copies two lists of 13, not 26 lists
        # (a search copies a state for every candidate it weighs, issue 41)
        self.board: list[tuple[Priest, ...]] = [()] * 13
        self.altars: list[tuple[int, ...]] = [()] * 13
        self.seized = [NOBODY] * 13
        self.smile = [0] * 13
        self.miracles: list[int] = []
        self.conspiracies: list[int] = []
        self.licence_deck: list[int] = []
        self.known = [0, 0, 0]  # publicly known cards at the bottom of each deck
        self.palace: list[int] = []
        self.g_holder = NOBODY
        self.g_up = True
        self.g_lender = NOT_LENT
        self.round_no = 0
        self.first = 0
        self.last_winner = NOBODY
        self.district = 0
        self.stack: list[Frame] = []
        self.winner = NOBODY
        self.reason = ""
        self.log = Log()

    # --- engine interface -------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def round(self) -> int:
        return self.round_no

    def name(self, p: int) -> str:
        """The seat's name in English with its cult ("Player 1 (Anubis)", seats counted
        from 1 as people count them); texts use :func:`texts.seat`."""
        return f"Player {p + 1} ({B.DATA.cults[self.players[p].cult].name})"

    def prompts(self) -> list[Prompt]:
        if not self.stack:
            return []
        f = self.stack[-1]
        return [Prompt(f[1], f[0], prompt_text(self, f))]

    def current_players(self) -> list[int]:
        return [self.stack[-1][1]] if self.stack else []

    def legal_actions(self, player: int) -> list[Action]:
        if not self.stack:
            return []
        f = self.stack[-1]
        # Typed: compiled, a frame's members are objects, and comparing them as such is
        # Python's generic comparison (4% of random play), as strings and ints it is not.
        kind: str = f[0]
        asked: int = f[1]
        if asked != player:
            return []
        # The frequent decisions called directly (compiled, a call through the table is
        # Python's generic call)
        if kind == "act":
            return flow.act_actions(self, player, f[2])
        if kind == "place":
            return flow.place_actions(self, player)
        if kind == "service":
            return services.service_actions(self, player, f[2])
        if kind == "deal":
            return flow.deal_actions(self, player)
        return LEGAL[kind](self, f)

    def random_action(self, player: int, rng: Rng) -> Action:
        # A placement is drawn without listing every (district, level) pair; other
        # decisions are short lists.
        if self.stack:
            f = self.stack[-1]
            kind: str = f[0]
            asked: int = f[1]
            if kind == "place" and asked == player:
                return flow.random_place(self, player, rng)
        return rng.choice(self.legal_actions(player))

    def apply_unchecked(self, player: int, action: Action) -> None:
        kind: str = self.stack[-1][0]
        if kind == "place":
            flow.apply_place(self, player, action)
        elif kind == "act":
            flow.apply_act(self, player, action)
        elif kind == "service":
            services.apply_service(self, player, action)
        elif kind == "deal":
            flow.apply_deal(self, player, action)
        else:
            APPLY[kind](self, player, action)
        flow.advance(self)

    def is_terminal(self) -> bool:
        return self.winner != NOBODY

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.n)]

    def result(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner if self.winner != NOBODY else None,
                               "reason": self.reason or None, "rounds": self.round_no}
        if self.winner != NOBODY:
            # The sentence the log ends with, for readers ("text" is read in their language).
            out["text"] = shared.finish_text(self)
        return out

    def clone(self) -> CultState:
        c = CultState(True)
        c.n = self.n
        c.options = self.options
        c.rng = self.rng.copy()
        c.players = [p.clone() for p in self.players]
        c.board = self.board[:]
        c.altars = self.altars[:]
        c.seized = self.seized[:]
        c.smile = self.smile[:]
        c.miracles = self.miracles[:]
        c.conspiracies = self.conspiracies[:]
        c.licence_deck = self.licence_deck[:]
        c.known = self.known[:]
        c.palace = self.palace[:]
        c.g_holder = self.g_holder
        c.g_up = self.g_up
        c.g_lender = self.g_lender
        c.round_no = self.round_no
        c.first = self.first
        c.last_winner = self.last_winner
        c.district = self.district
        c.stack = self.stack[:]
        c.winner = self.winner
        c.reason = self.reason
        c.log = self.log.clone()
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> CultState:
        # A deep copy (OpenSpiel's clone) is a clone: the log's texts are immutable and
        # shared (they refuse to be copied attribute by attribute).
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        from meeple.games.cult.saves import state_to_json

        return state_to_json(self)

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def view_without_log(self, player: int | None) -> dict[str, Any]:
        return view(self, player, log=False)

    def views_without_log(self, players: Sequence[int | None],
                          options: Mapping[int, list[str]] | None = None
                          ) -> dict[int | None, dict[str, Any]]:
        return views(self, players, options=options)

    def describe(self, player: int, action: Action) -> Text | str:
        return describe(self, player, action)

    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        from meeple.games.cult.render import render

        return render(self, player, lang)


def prompt_text(s: CultState, f: Frame) -> Text:
    """What the prompt of frame ``f`` asks. Here, compiled with the rules, not beside the
    text board: a server asks it twice a move (the view's pending prompts and the asked
    seat's payload), and the interpreted call with its import was 5% of a Cult move's
    server time (docs/performance.md, issue 41)."""
    kind, p = f[0], f[1]
    who = T.seat(s, p)
    if kind == "place":
        why = flow.only_pass(s, p)
        if why is not None:
            return T.t(f"ask.place.{why[0]}", who=who, n=why[1])
    if kind in ("place", "deal", "keep", "drawn"):
        return T.t(f"ask.{kind}", who=who)
    if kind in ("act", "service"):
        return T.t(f"ask.{kind}", who=who, where=T.district(f[2]))
    if kind == "pay":
        return T.t("ask.pay", who=who, n=f[2], ability=T.ability(f[4]))
    if kind == "give":
        return T.t("ask.give", who=who, other=T.seat(s, f[2]), n=f[3])
    if kind == "ransom":
        return T.t("ask.ransom", who=who, other=T.seat(s, f[2]))
    return T.t("ask.other", who=who, kind=str(kind))


def _act(s: CultState, f: Frame) -> list[Action]:
    return flow.act_actions(s, f[1], f[2])


LEGAL: Final[dict[str, Callable[[CultState, Frame], list[Action]]]] = {
    "place": lambda s, f: flow.place_actions(s, f[1]),
    "deal": lambda s, f: flow.deal_actions(s, f[1]),
    "act": _act,
    "service": lambda s, f: services.service_actions(s, f[1], f[2]),
    "pay": lambda s, f: pay_actions(s, f[1]),
    "give": responses.give_actions,
    "ransom": responses.ransom_actions,
    "keep": cards.keep_actions,
    "drawn": lambda s, f: cards.drawn_actions(s, f[1], f[2], f[3]),
}

APPLY: Final[dict[str, Callable[[CultState, int, Action], None]]] = {
    "place": flow.apply_place,
    "deal": flow.apply_deal,
    "act": flow.apply_act,
    "service": services.apply_service,
    "pay": apply_pay,
    "give": responses.apply_give,
    "ransom": responses.apply_ransom,
    "keep": cards.apply_keep,
    "drawn": cards.apply_drawn,
}
