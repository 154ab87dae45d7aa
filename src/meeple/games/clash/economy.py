"""Paying and gaining: costs with gold standing in, advances and their bonuses, card
draws and the event deck."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache, lru_cache
from typing import Any, Final

from meeple.core.text import Text
from meeple.games.clash.state import DATA, RULES, ClashState
from meeple.games.clash.texts import adv, amount, card, name, pile, res, t, who

Pile = dict[str, int]


def payment(s: ClashState, p: int, cost: Pile, either: tuple[str, ...] = ()) -> Pile | None:
    """What ``p`` pays for ``cost`` (None: cannot pay). Gold stands for any basic resource
    or idea; ``either`` (advances: food or ideas) is paid with ideas first, then food.
    With the Colosseum, mood and culture tokens pay for each other."""
    have = dict(s.res[p])
    paid: Pile = {}
    # (no nested ``take``: compiled, a closure is an object called through Python's
    # generic call, about a thousand instructions a payment, issue 19)
    gold_need = 0
    for r, k in cost.items():
        if r == "any":
            for x in either:
                k = _take(have, paid, x, k)
            gold_need += k
        elif r == "mood" or r == "culture":
            k = _take(have, paid, r, k)
            if k and has_wonder(s, p, "Colosseum"):
                k = _take(have, paid, "culture" if r == "mood" else "mood", k)
            if k:
                return None
        else:
            gold_need += _take(have, paid, r, k)
    if gold_need:
        if have["gold"] < gold_need:
            return None
        _take(have, paid, "gold", gold_need)
    return paid


def _take(have: dict[str, int], paid: Pile, r: str, k: int) -> int:
    """As much of ``k`` of ``r`` as ``have`` holds, moved from ``have`` to ``paid``: what
    is still owed."""
    h: int = have[r]
    got = h if h < k else k
    have[r] = h - got
    if got:
        paid[r] = paid.get(r, 0) + got
    return k - got


def spend(s: ClashState, p: int, paid: Pile) -> None:
    for r, k in paid.items():
        s.res[p][r] -= k


def has_wonder(s: ClashState, p: int, name: str) -> bool:
    return any(name in c["wonders"] for c in s.cities_of(p))


# ---- advances --------------------------------------------------------------------
def government_of(s: ClashState, p: int) -> str | None:
    for g in DATA.governments:
        if DATA.groups[g][0] in s.adv[p]:
            return g
    return None


def can_learn(s: ClashState, p: int, name: str) -> bool:
    if name in s.adv[p]:
        return False
    group = DATA.group_of(name)
    names = DATA.groups[group]
    if name != names[0]:
        return names[0] in s.adv[p]
    if group in DATA.governments:
        have = government_of(s, p)
        return have is None and DATA.governments[group]["requires"] in s.adv[p]
    return True


def learnable(s: ClashState, p: int) -> list[str]:
    """The advances ``p`` may take now and can pay for."""
    # gold stands in for ideas and food: payment() of the standard cost, written out
    r = s.res[p]
    options = _open_advances(s, p)
    if r["ideas"] + r["food"] + r["gold"] >= _ADVANCE_COST:
        return list(options)
    if "free_advance" in s.used:  # then any advance may be free (advance_cost says when)
        return [a for a in options if not advance_cost(s, p, a)]
    return [a for a in options if a in _MAYBE_FREE and not advance_cost(s, p, a)]


# Final: compiled, read as a native int, not int() of the rules' value at each use
_ADVANCE_COST: Final = int(RULES["advance_cost"])


def _open_advances(s: ClashState, p: int) -> tuple[str, ...]:
    # What a player's advances open depends on those alone, and they change a few times a
    # game: listing the 48 each time was a tenth of a random game (issue 19; kept with the
    # set, tables.Advances).
    adv = s.advances(p)
    got = adv.open
    if got is None:
        got = adv.open = _make_open_advances(adv.have)
    return got


def _make_open_advances(adv: Collection[str]) -> tuple[str, ...]:
    have = set(adv)
    gov = next((g for g in DATA.governments if DATA.groups[g][0] in have), None)
    out: list[str] = []
    for group, names in DATA.groups.items():
        if names[0] in have:
            out += [a for a in names[1:] if a not in have]
        elif group in DATA.governments:
            if gov is None and DATA.governments[group]["requires"] in have:
                out.append(names[0])
        else:
            out.append(names[0])
    return tuple(out)


def open_advances(s: ClashState, p: int) -> tuple[str, ...]:
    """Every advance :func:`can_learn` allows ``p``, in the order of ``DATA.advances``."""
    return _in_data_order(tuple(s.adv[p]))


@lru_cache(maxsize=4096)
def _in_data_order(adv: tuple[str, ...]) -> tuple[str, ...]:
    opened = set(_make_open_advances(adv))  # the same test as can_learn's, by group
    return tuple(a for a in DATA.advances if a in opened)


def made_free_by(s: ClashState, p: int, name: str) -> str | None:
    """The advance of ``p``'s that makes ``name`` free (Math, Astronomy), if any."""
    freers = _FREED_BY.get(name)
    if freers is None:  # most advances: no need to read p's list
        return None
    # (the advances that free it as a set made once: compiled, each advance's data was
    # two dict reads, issue 19)
    for a in s.adv[p]:
        if a in freers:
            return a
    return None


# For each advance some advance makes free: those advances
_FREED_BY: Final[dict[str, frozenset[str]]] = {
    x: frozenset(a for a, info in DATA.advances.items() if x in info.get("free", ()))
    for info in DATA.advances.values() for x in info.get("free", ())}
_MADE_FREE: Final = frozenset(_FREED_BY)
_SCIENCE: Final = frozenset(DATA.groups["Science"])
# Without an Inspiration card in play, only these can cost nothing (advance_cost)
_MAYBE_FREE: Final = _MADE_FREE | _SCIENCE


def advance_cost(s: ClashState, p: int, name: str) -> Pile:
    if made_free_by(s, p, name):
        return {}
    if "free_advance" in s.used and s.phase == "play" and s.player() == p:
        return {}
    if (name in _SCIENCE and s.has(p, "Priesthood")
            and "Priesthood" not in s.used and s.phase == "play" and s.player() == p):
        return {}
    return {"any": _ADVANCE_COST}


def learn(s: ClashState, p: int, name: str, paid: Pile, why: Text) -> None:
    """``p`` takes an advance: its token, its one-off effects, and every third an event."""
    s.own_rare()  # (shared only by a search's quiet copies)
    s.adv[p].append(name)
    s.advances_taken[p] += 1
    if not s.log.quiet:
        s.log.add(s.round, t("learns", who=who(p), adv=adv(name), why=why, paid=pile(paid)))
    info = DATA.advances[name]
    if bonus := info.get("bonus"):
        s.gain(p, {bonus: 1}, _token(name, bonus))
    if name == "Philosophy":
        s.gain(p, {"ideas": 1}, adv("Philosophy"))
    if name in _SCIENCE and s.has(p, "Philosophy"):
        s.gain(p, {"ideas": 1}, t("why.philosophy_science"))
    if paid.get("ideas") and s.has(p, "Free Education") and name != "Free Education":
        s.gain(p, {"mood": 1}, adv("Free Education"))
    if name == "Civil Liberties":
        s.gain(p, {"mood": 3}, adv("Civil Liberties"))
    if name == "Dogma" and s.res[p]["ideas"] > s.limit(p, "ideas"):
        lost = s.res[p]["ideas"] - s.limit(p, "ideas")
        s.res[p]["ideas"] -= lost
        s.log.add(s.round, t("dogma_lost", who=who(p), ideas=amount("ideas", lost),
                             limit=s.limit(p, "ideas")))
    if name in ("Engineering", "Monuments"):
        draw_wonder(s, p, adv(name))
    if s.advances_taken[p] % int(RULES["event_every"]) == 0:
        event(s, p)


@cache
def _token(advance: str, token: str) -> Text:
    return t("why.token", adv=adv(advance), token=res(token))


# ---- cards -------------------------------------------------------------------------
def draw(s: ClashState, p: int, deck: str, why: Text) -> str | None:
    s.own_cards()
    cards: list[str] = getattr(s, f"{deck}_deck")
    if not cards and deck == "action" and s.discard:
        cards += sorted(s.discard)
        s.discard.clear()
        s.rng.shuffle(cards)
    if not cards:
        return None
    got = cards.pop()
    getattr(s, f"{deck}_hand")[p].append(got)
    s.drawn[p].append(got)
    if not s.log.quiet:
        s.log.add(s.round, t(f"draw.{deck}", who=who(p), why=why))
        s.log.add(s.round, t("drew", card=card(got)), audience=p)
    return got


def draw_wonder(s: ClashState, p: int, why: Text) -> None:
    if s.wonder_deck:
        s.own_cards()
        got = s.wonder_deck.pop()
        s.wonder_hand[p].append(got)
        s.log.add(s.round, t("draw.wonder", who=who(p), wonder=name("wonder", got), why=why))


# ---- events ------------------------------------------------------------------------
def event(s: ClashState, p: int) -> None:
    s.own_cards()
    if not s.event_deck:
        s.event_deck = sorted(DATA.events)
        s.rng.shuffle(s.event_deck)
    drawn = s.event_deck.pop()
    info = DATA.events[drawn]
    if not s.log.quiet:  # (the texts are Python calls: a search's copy skips them)
        s.log.add(s.round, t("event", who=who(p), event=name("event", drawn),
                             text=name("event", f"{drawn}.text")))
    EVENTS[str(info["key"])](s, p)


def angrier(s: ClashState, c: dict[str, Any], why: Text) -> None:
    if c["mood"] > 0:
        c["mood"] -= 1
        if not s.log.quiet:
            mood = ["angry", "neutral"][c["mood"]]
            s.log.add(s.round, t("grows", hex=s.hname(c["hex"]), mood=name("mood_is", mood),
                                 why=why))


def largest(s: ClashState, p: int) -> dict[str, Any] | None:
    cities = s.cities_of(p)
    return max(cities, key=lambda c: (s.size(c), c["mood"], -c["hex"])) if cities else None


def _good_year(s: ClashState, p: int) -> None:
    for q in range(s.n):
        happy = sum(1 for c in s.cities_of(q) if c["mood"] == 2)
        s.gain(q, {"food": happy}, name("event", "Good Year"))


def _famine(s: ClashState, p: int) -> None:
    if s.has(p, "Irrigation"):
        s.log.add(s.round, t("famine.ignored", who=who(p)))
        return
    short = 2 - s.res[p]["food"]
    s.res[p]["food"] = max(0, s.res[p]["food"] - 2)
    if short > 0 and (c := largest(s, p)):
        angrier(s, c, t("why.famine"))


def _pestilence(s: ClashState, p: int) -> None:
    for q in range(s.n):
        if len(s.cities_of(q)) >= 4:
            if s.has(q, "Sanitation"):
                s.log.add(s.round, t("pestilence.ignored", who=who(q)))
            elif c := largest(s, q):
                angrier(s, c, t("why.pestilence"))


def _barbarians(s: ClashState, p: int) -> None:
    for c in s.cities_of(-1):
        if len(s.units_at(c["hex"], -1)) < int(RULES["stack_limit"]):
            s.own_units()  # (shared only by a search's quiet copies)
            s.units.append([-1, "infantry", c["hex"], 0])
            s.log.add(s.round, t("barbarians.grow", hex=s.hname(c["hex"])))


def _trade_fair(s: ClashState, p: int) -> None:
    for q in range(s.n):
        s.gain(q, {"gold": 1}, name("event", "Trade Fair"))


def _seer(s: ClashState, p: int) -> None:
    draw(s, p, "objective", name("event", "Great Seer"))


def _migration(s: ClashState, p: int) -> None:
    c = largest(s, p)
    if c and s.count_units(p, "settler") < int(RULES["units"]["settler"]["limit"]):
        s.own_units()  # (shared only by a search's quiet copies)
        s.units.append([p, "settler", c["hex"], 0])
        s.log.add(s.round, t("migration", who=who(p), hex=s.hname(c["hex"])))


def _raid(s: ClashState, p: int) -> None:
    """The barbarian camp nearest one of the drawer's cities (two hexes at most) sends
    all its infantry against that city."""
    from meeple.games.clash.combat import enter

    pairs = [(s.board.dist(b["hex"], c["hex"]), c["hex"], b["hex"])
             for b in s.cities_of(-1) if s.army_at(b["hex"], -1)
             for c in s.cities_of(p) if s.board.dist(b["hex"], c["hex"]) <= 2]
    if not pairs:
        s.log.add(s.round, t("raid.none", who=who(p)))
        return
    _, target, camp = min(pairs)
    s.own_units()  # (shared only by a search's quiet copies)
    for u in s.units:
        if u[2] == camp and u[0] == -1 and u[1] == "infantry":
            u[2] = target
    s.log.add(s.round, t("raid", camp=s.hname(camp), who=who(p), hex=s.hname(target)))
    enter(s, -1, target, camp)


def _festival(s: ClashState, p: int) -> None:
    for c in s.cities_of(p):
        if c["mood"] == 0:
            c["mood"] = 1
            s.log.add(s.round, t("calms", hex=s.hname(c["hex"]), why=name("event", "Festival")))


EVENTS = {"good_year": _good_year, "famine": _famine, "pestilence": _pestilence,
          "barbarians": _barbarians, "trade_fair": _trade_fair, "seer": _seer,
          "migration": _migration, "festival": _festival, "raid": _raid}

