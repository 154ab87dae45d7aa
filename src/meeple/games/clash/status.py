"""Objectives, the status phase at the end of each round, and the final score."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from meeple.core.text import Arg, Text
from meeple.games.clash.economy import can_learn, draw, has_wonder
from meeple.games.clash.state import DATA, RULES, ClashState
from meeple.games.clash.texts import comma, name, t, who

VP = RULES["vp"]
BUILT = {"temples": "temple", "academies": "academy", "ports": "port"}


def measure(s: ClashState, p: int, key: str) -> int:
    """How far ``p`` is along a peaceful objective's measure."""
    # Each branch reads only what it needs: the search measures every objective in hand
    # for every candidate it weighs (issue 19).
    if key in ("gold", "ideas", "food"):
        return s.res[p][key]
    if key == "advances":
        return len(s.adv[p])
    if key in ("ships", "settlers"):
        return s.count_units(p, key[:-1])
    if key == "army":
        return s.count_units(p, "infantry")
    if key == "explored":
        return s.explored_by[p]
    if key == "government":
        return advance_measures(tuple(s.adv[p]))[0]
    if key == "full_groups":
        return advance_measures(tuple(s.adv[p]))[1]
    if key == "foreign_buildings":
        return sum(1 for c in s.cities if c["owner"] != p for o in c["bld"].values() if o == p)
    cities = s.cities_of(p)
    if key == "cities":
        return len(cities)
    if key == "city_size":
        return max((s.size(c) for c in cities), default=0)
    if key == "happy_cities":
        return sum(1 for c in cities if c["mood"] == 2)
    if key == "wonders":
        return sum(len(c["wonders"]) for c in cities)
    if key in BUILT:
        # an influenced building stays its city's: only its colour (the score) changes
        return sum(1 for c in cities if BUILT[key] in c["bld"])
    raise KeyError(f"unknown objective measure {key!r}")


@lru_cache(maxsize=4096)
def advance_measures(adv: Collection[str]) -> tuple[int, int]:
    """Whether advances ``adv`` include a government (1 or 0), and how many whole groups
    they hold: the advances change a few times a game, and the search measures the
    objectives in hand for every candidate it weighs (issue 19)."""
    have = set(adv)
    government = any(DATA.groups[g][0] in have for g in DATA.governments)
    return (int(government),
            sum(1 for names in DATA.groups.values() if have.issuperset(names)))


def met(s: ClashState, p: int, card: str, half: str,
        known: dict[str, int] | None = None) -> bool:
    """Whether ``p`` meets a half of an objective card (``known``: measures already
    taken, filled in as they are needed)."""
    cond = _CONDITIONS[card, half]
    if half == "military":
        return all(s.stats[p].get(k, 0) >= n for k, n in cond)
    known = {} if known is None else known
    for k, n in cond:
        if k not in known:
            known[k] = measure(s, p, k)
        if known[k] < n:
            return False
    return True


# each objective half's conditions as (measure, number) pairs, read once from the cards
_CONDITIONS: dict[tuple[str, str], tuple[tuple[str, int], ...]] = {
    (card, half): tuple((str(k), int(n)) for k, n in info[half].items())
    for card, info in DATA.objective_cards.items() for half in ("peaceful", "military")
    if isinstance(info.get(half), dict)}
# the peaceful halves' conditions by card (the evaluation reads them for every hand)
PEACEFUL: dict[str, tuple[tuple[str, int], ...]] = {
    card: cond for (card, half), cond in _CONDITIONS.items() if half == "peaceful"}


def claim(s: ClashState, p: int, card: str, half: str) -> None:
    s.own_cards()
    s.objective_hand[p].remove(card)
    s.claimed[p].append(f"{card}: {half}")
    s.log.add(s.round, t(f"objective.{half}", who=who(p), card=name("objective", card),
                         cond=_cond_text(DATA.objective_cards[card][half]),
                         vp=VP["objective"]))


def _cond_text(cond: dict[str, int]) -> Arg:
    return comma([t("count", what=name("measure", k), n=int(n)) for k, n in cond.items()])


def claim_military(s: ClashState, p: int) -> None:
    """After a won battle, the first card in hand whose military half is met."""
    for card in sorted(s.objective_hand[p]):
        if met(s, p, card, "military"):
            claim(s, p, card, "military")
            return


def begin(s: ClashState) -> None:
    """Status phase: peaceful objectives, then a free advance for each player."""
    s.phase = "status_advance"
    s.log.add(s.round, t("status", round=s.round))
    for p in s.order:
        for card in sorted(s.objective_hand[p]):
            if met(s, p, card, "peaceful"):
                claim(s, p, card, "peaceful")
    homeless = [p for p in s.order if not s.cities_of(p)]
    if homeless:
        finish(s, f"{', '.join(s.name(p) for p in homeless)} ended the round with no city")
        return
    s.pending += [{"kind": "free_advance", "player": p} for p in s.order
                  if any(can_learn(s, p, a) for a in DATA.advances)]


def cards(s: ClashState) -> None:
    """New cards for everyone, then each player may raze a size-1 city."""
    s.phase = "status_raze"
    for p in s.order:
        draw(s, p, "action", t("why.status"))
        draw(s, p, "objective", t("why.status"))
        if has_wonder(s, p, "Great Mausoleum"):
            draw(s, p, "action", name("wonder", "Great Mausoleum"))
    s.pending += [{"kind": "raze", "player": p} for p in s.order if raze_options(s, p)]


def raze_options(s: ClashState, p: int) -> list[int]:
    mine = s.cities_of(p)
    return [c["hex"] for c in mine if s.size(c) == 1] if len(mine) > 1 else []


def raze(s: ClashState, p: int, h: int) -> None:
    city = s.city_at(h)
    assert city is not None
    s.cities.remove(city)
    s.log.add(s.round, t("razes", who=who(p), hex=s.hname(h)))
    s.gain(p, {"gold": int(RULES["raze_gold"])}, t("why.razing"))


def end_round(s: ClashState) -> None:
    """The most culture and mood tokens goes first next round (ties keep the order)."""
    tokens = [s.res[p]["culture"] + s.res[p]["mood"] for p in range(s.n)]
    first = max(s.order, key=lambda p: tokens[p])
    i = s.order.index(first)
    s.order = s.order[i:] + s.order[:i]
    s.log.add(s.round, t("first_player", who=who(first), n=tokens[first]))
    if s.round >= int(s.options.get("rounds") or RULES["rounds"]):
        finish(s)
        return
    s.round += 1
    s.turn = 1
    s.seat = 0
    s.phase = "play"


def score(s: ClashState, p: int) -> float:
    return float(sum(score_parts(s, p).values()))


def score_parts(s: ClashState, p: int) -> dict[str, float]:
    """A player's victory points by source: city pieces, advances, objectives, wonders."""
    pieces = sum(1 for c in s.cities if c["owner"] == p)
    pieces += sum(1 for c in s.cities for o in c["bld"].values() if o == p)
    return {"pieces": float(pieces * VP["city_piece"]),
            "advances": float(len(s.adv[p]) * VP["advance"]),
            "objectives": float(len(s.claimed[p]) * VP["objective"]),
            "wonders": float(VP["wonder"] * sum(len(c["wonders"]) for c in s.cities_of(p)))}


def finish(s: ClashState, reason: str = "six rounds played") -> None:
    scores = [score(s, p) for p in range(s.n)]
    best = max(scores)
    winners = [p for p in range(s.n) if scores[p] == best]
    breakers = [p for p in winners if any(DATA.wonders[w].get("tiebreak")
                                          for c in s.cities_of(p) for w in c["wonders"])]
    if len(winners) > 1 and len(breakers) == 1:
        s.log.add(s.round, t("pyramids", who=who(breakers[0])))
        winners = breakers
    s.phase = "over"
    s.outcome = {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                 "reason": reason, "scores": scores}
    s.log.add(s.round, t("final", scores=comma([t("score", who=who(p), vp=f"{scores[p]:g}")
                                               for p in range(s.n)])))


def reason_text(homeless: list[int] | None, rounds: int = 0) -> Text:
    """Why the game ended, as a sentence in the reader's language (the outcome's
    ``reason`` stays the English sentence saves and scenarios know); ``rounds`` is the
    house rule's number of rounds, 0 for the rule's six."""
    if not homeless:
        if rounds and rounds != int(RULES["rounds"]):
            return t("reason.rounds_n", n=rounds)
        return t("reason.rounds")
    return t("reason.no_city", who=comma([who(p) for p in homeless]))
