"""Cult states to and from JSON. A loaded state is checked: its shape by pydantic, then
the facts a real game keeps (every card exactly once, token counts, player indexes)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from meeple.core.errors import SaveFileError
from meeple.core.rng import Rng
from meeple.core.saves import check_options, check_state, log_from_json
from meeple.games.cult import board as B
from meeple.games.cult.model import CONSPIRACY, GREATNESS, LICENCE, NOBODY, Player
from meeple.games.cult.state import APPLY, CultState

FORMAT = "meeple-cult-state/1"
Small = Field(ge=0, le=10_000)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerModel(_Strict):
    cult: int = Field(ge=0, lt=8)
    dark: bool
    flipped: bool
    coins: int = Small
    followers: int = Field(ge=0, le=7)
    mobs: int = Small
    rituals: int = Field(ge=0, le=2)
    free: list[int]
    shield: list[int]
    hand: list[int]
    licences: list[int]
    placed: int = Small
    passed: bool
    skip: bool


class StateModel(_Strict):
    format: str
    players: list[PlayerModel] = Field(min_length=2, max_length=5)
    options: dict[str, Any]
    rng: int = Field(ge=0, lt=2**64)
    board: list[list[list[int]]] = Field(min_length=13, max_length=13)
    altars: list[list[int]] = Field(min_length=13, max_length=13)
    seized: list[int] = Field(min_length=13, max_length=13)
    smile: list[int] = Field(min_length=13, max_length=13)
    miracles: list[int]
    conspiracies: list[int]
    licence_deck: list[int]
    known: list[int] = Field(min_length=3, max_length=3)
    palace: list[int]
    greatness: list[int] = Field(min_length=3, max_length=3)
    round: int = Small
    first: int
    last_winner: int
    district: int = Field(ge=0, le=13)
    stack: list[list[Any]]
    winner: int
    reason: str
    log: list[list[Any]]


def _lists(x: Any) -> Any:
    return [_lists(v) for v in x] if isinstance(x, tuple | list) else x


def _tuples(x: Any) -> Any:
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def state_to_json(s: CultState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "players": [p.to_json() for p in s.players],
        "options": dict(s.options),
        "rng": s.rng.state,
        "board": [[list(pr) for pr in d] for d in s.board],
        "altars": [list(a) for a in s.altars],
        "seized": s.seized[:],
        "smile": s.smile[:],
        "miracles": s.miracles[:],
        "conspiracies": s.conspiracies[:],
        "licence_deck": s.licence_deck[:],
        "known": s.known[:],
        "palace": s.palace[:],
        "greatness": [s.g_holder, int(s.g_up), s.g_lender],
        "round": s.round_no,
        "first": s.first,
        "last_winner": s.last_winner,
        "district": s.district,
        "stack": [_lists(f) for f in s.stack],
        "winner": s.winner,
        "reason": s.reason,
        "log": s.log.to_json(),
    }


def state_from_json(data: Any) -> CultState:
    m = check_state(StateModel, data, FORMAT, "Cult state")
    s = CultState()
    s.n = len(m.players)
    s.options = check_options(CultState.game, m.options, "Cult state")
    s.rng = Rng(m.rng)
    for pm in m.players:
        pl = Player(pm.cult, pm.coins, pm.followers, list(pm.free))
        for key in ("dark", "flipped", "mobs", "rituals", "shield", "hand", "licences",
                    "placed", "passed", "skip"):
            setattr(pl, key, getattr(pm, key))
        s.players.append(pl)
    s.board = [tuple((pr[0], pr[1], pr[2], pr[3]) if len(pr) == 4 else _bad(f"priest {pr}")
                     for pr in d) for d in m.board]
    s.altars = [tuple(a) for a in m.altars]
    s.seized, s.smile = m.seized, m.smile
    s.miracles, s.conspiracies, s.licence_deck = m.miracles, m.conspiracies, m.licence_deck
    s.known, s.palace = m.known, m.palace
    s.g_holder, s.g_up, s.g_lender = m.greatness[0], bool(m.greatness[1]), m.greatness[2]
    s.round_no, s.first, s.last_winner, s.district = m.round, m.first, m.last_winner, m.district
    s.stack = [_tuples(f) for f in m.stack]
    s.winner, s.reason = m.winner, m.reason
    s.log = log_from_json(m.log, "Cult state")
    _check(s)
    return s


def _bad(what: str) -> Any:
    raise SaveFileError(f"bad Cult state: {what}")


def _check(s: CultState) -> None:
    n = s.n
    players = range(n)
    if len({p.cult for p in s.players}) != n:
        _bad("two players have the same cult")
    for label, who in (("first", s.first), ("last_winner", s.last_winner), ("winner", s.winner),
                       ("Greatness holder", s.g_holder)):
        if (who != NOBODY and who not in players) or (label == "first" and who == NOBODY):
            _bad(f"{label} is {who}, not a player")
    for d, district in enumerate(s.board, 1):
        for pr in district:
            if pr[0] not in players or not 0 <= pr[1] <= B.MAX_LEVEL or pr[2] < 0 or pr[3] < 0:
                _bad(f"priest {list(pr)} in district {d}")
        if any(o not in players for o in s.altars[d - 1]):
            _bad(f"an altar of no player in district {d}")
        if len(set(s.altars[d - 1])) != len(s.altars[d - 1]):
            _bad(f"two altars of one player in district {d}")
    for p in players:
        counts = B.tokens_in_play(s, p)
        pl = s.players[p]
        if any(not 0 <= lv <= B.MAX_LEVEL for lv in pl.free + pl.shield):
            _bad(f"player {p} has a priest of a level outside 0..5")
        patriarchs = pl.free.count(0) + pl.shield.count(0) + sum(
            1 for d in s.board for pr in d if pr[0] == p and pr[1] == 0)
        if patriarchs != 1:
            _bad(f"player {p} has {patriarchs} Patriarchs")
        if max(counts) > B.TOKENS or sum(counts) + B.altar_count(s, p) > B.TOKENS * B.MAX_LEVEL:
            _bad(f"player {p} uses more priest tokens than exist")
    cards = Counter(s.miracles + s.conspiracies + s.licence_deck
                    + [c for c in s.palace if c != NOBODY])
    for pl in s.players:
        cards.update(pl.hand + pl.licences)
    for f in s.stack:
        if f[0] in ("keep", "drawn"):
            cards.update(f[3])
    want = Counter(list(range(30)) + [CONSPIRACY + i for i in range(30)]
                   + [LICENCE + i for i in range(30)])
    if cards != want:
        _bad("the cards are not exactly the 90 cards of the game "
             f"(missing {sorted((want - cards).elements())[:5]}, "
             f"extra {sorted((cards - want).elements())[:5]})")
    if GREATNESS in cards:
        _bad("the Greatness card is held in a hand")
    for f in s.stack:
        if not f or not isinstance(f[0], str) or (f[0] not in APPLY and f[1] != -1):
            _bad(f"unknown pending decision {list(f)}")
        if f[1] != -1 and f[1] not in players:
            _bad(f"pending decision for no player: {list(f)}")
    if not s.stack and s.winner == NOBODY:
        _bad("the game is neither over nor waiting for a decision")
