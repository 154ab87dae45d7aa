"""Entering enemy hexes and battles: every unit rolls a die, each full 5 of a side's
total is one hit on the other side; fortresses, advances, wonders and tactics cards
change the rolls; the attacker may retreat after each round."""

from __future__ import annotations

from typing import Any

from meeple.core.text import Arg, Text
from meeple.games.clash.economy import has_wonder, payment, spend
from meeple.games.clash.state import DATA, RULES, ClashState
from meeple.games.clash.texts import name, pile, t, unit, units, who

Battle = dict[str, Any]


def fighters(s: ClashState, p: int, h: int, sea: bool) -> list[list[Any]]:
    kind = "ship" if sea else "infantry"
    return [u for u in s.units if u[2] == h and u[0] == p and u[1] == kind]


def enter(s: ClashState, p: int, h: int, origin: int) -> None:
    """``p``'s units just arrived at ``h``: fight, capture, or scatter what is there."""
    sea = s.is_water(h)
    foes = sorted({u[0] for u in s.enemies_at(h, p)})
    city = s.city_at(h)
    if sea:
        if foes and fighters(s, p, h, True):
            start(s, p, h, foes[0], True, origin)
        return
    armed = [q for q in foes if fighters(s, q, h, False)]
    if armed:
        start(s, p, h, armed[0], False, origin)
    elif city is not None and city["owner"] != p:
        capture(s, p, city)
        if p >= 0:
            # a city taken without a fight is a capture all the same (D-22)
            from meeple.games.clash.status import claim_military

            claim_military(s, p)
    else:
        scatter(s, p, h)


def scatter(s: ClashState, p: int, h: int) -> None:
    s.own_units()  # (shared only by a search's quiet copies)
    lost = [u for u in s.enemies_at(h, p) if u[1] == "settler"]
    for u in lost:
        s.units.remove(u)
        s.log.add(s.round, t("settler_lost", who=who(u[0]), hex=s.hname(h)))


def capture(s: ClashState, p: int, city: dict[str, Any]) -> None:
    q, h = city["owner"], city["hex"]
    scatter(s, p, h)
    # The loser's pieces take the captor's colour; a third player's influenced building
    # keeps its colour.
    # (a new dict: quiet copies share it, state._copy_city)
    city["bld"] = {kind: p if colour == q else colour for kind, colour in city["bld"].items()}
    if p < 0:
        city["owner"], city["mood"], city["acts"] = p, 1, 0
        s.log.add(s.round, t("barbarians_take", hex=s.hname(h), who=who(q)))
        return
    city["owner"], city["mood"], city["acts"] = p, 0, 0
    s.log.add(s.round, t("capture", who=who(p), hex=s.hname(h), loser=who(q)))
    s.gain(p, {"gold": s.size(city)}, t("why.plunder"))
    s.own_rare()
    st = s.stats[p]
    st["captures"] = st.get("captures", 0) + 1
    st["large_capture"] = max(st.get("large_capture", 0), s.size(city))
    if "fortress" in city["bld"]:
        st["fortress_captures"] = st.get("fortress_captures", 0) + 1


def start(s: ClashState, att: int, h: int, dfd: int, sea: bool, origin: int) -> None:
    city = s.city_at(h)
    b: Battle = {"hex": h, "att": att, "def": dfd, "sea": sea, "round": 0, "from": origin,
                 "tactic": ["", ""], "steel": [0, 0], "siege": [0, 0],
                 "sizes": [len(fighters(s, att, h, sea)), len(fighters(s, dfd, h, sea))],
                 "kills": [0, 0], "fortress": int(bool(city and "fortress" in city["bld"]
                                                       and city["owner"] == dfd and not sea))}
    s.battle = b
    s.log.add(s.round, t("battle", hex=s.hname(h), att=who(att), a=b["sizes"][0],
                         dfd=who(dfd), d=b["sizes"][1]))
    if not sea:
        for side, p in enumerate((att, dfd)):
            if p >= 0 and s.has(p, "Steel Weapons"):
                cost = {} if s.has(p, "Metallurgy") else {"ore": 1}
                paid = payment(s, p, cost)
                if paid is not None:
                    spend(s, p, paid)
                    b["steel"][side] = 1
                    s.log.add(s.round, t("steel", who=who(p), paid=pile(paid)))
        if b["fortress"] and s.has(att, "Siegecraft"):
            for i, r in enumerate(("wood", "ore")):
                paid = payment(s, att, {r: 2})
                if paid is not None:
                    spend(s, att, paid)
                    b["siege"][i] = 1
                    s.log.add(s.round, t(("siege.die", "siege.hit")[i], who=who(att),
                                         paid=pile(paid)))
    s.pending[:0] = round_steps(s)


def round_steps(s: ClashState) -> list[dict[str, Any]]:
    """Before each combat round: each side with Tactics may play one card, then the round."""
    b = s.battle
    steps: list[dict[str, Any]] = [{"kind": "tactic", "player": p, "side": i}
                                   for i, p in enumerate((b["att"], b["def"]))
                                   if tactics(s, p, i)]
    return [*steps, {"kind": "fight"}]


def tactics(s: ClashState, p: int, side: int) -> list[str]:
    """The action cards ``p`` may play for their tactics half in this battle."""
    if p < 0 or not s.has(p, "Tactics"):
        return []
    role = ("attack", "defend")[side]
    return sorted({c for c in s.action_hand[p]
                   if DATA.action_cards[c]["tactic"].get("when", role) == role})


def play_tactic(s: ClashState, p: int, side: int, card: str) -> None:
    s.own_cards()
    s.action_hand[p].remove(card)
    s.discard.append(card)
    s.battle["tactic"][side] = card
    t = DATA.action_cards[card]["tactic"]
    s.log.add(s.round, t_("tactic.played", who=who(p), card=name("action", card),
                          tactic=name("tactic", str(t["name"]))))


def fight(s: ClashState) -> None:
    """One round; then the battle ends, or the attacker decides whether to go on."""
    b = s.battle
    b["round"] += 1
    h, sea, first = b["hex"], b["sea"], b["round"] == 1
    sides = (b["att"], b["def"])
    hits = [0, 0]
    for side, p in enumerate(sides):
        n = len(fighters(s, p, h, sea))
        dice, value, cancel = n, 0, 0
        notes: list[Text] = []
        card = b["tactic"][side]
        if card:
            t = DATA.action_cards[card]["tactic"]
            dice += int(t.get("dice", 0))
            value += int(t.get("value", 0))
            cancel += int(t.get("cancel", 0))
            notes.append(name("tactic", str(t["name"])))
        if side == 1 and b["fortress"] and first:
            if not b["siege"][0]:
                dice += 1
                notes.append(t_("note.fortress_die"))
            if not b["siege"][1]:
                cancel += 1
                notes.append(t_("note.fortress_hit"))
        if b["steel"][side]:
            both = all(q >= 0 and s.has(q, "Steel Weapons") for q in sides)
            value += 1 if both else 2
            notes.append(t_("note.steel", n=1 if both else 2))
        city = s.city_at(h)
        home = city is not None and city["owner"] == p and not sea
        if home and has_wonder(s, p, "Colosseum"):
            value += 1
            notes.append(t_("note.colosseum"))
        if home and first and city is not None and "temple" in city["bld"] \
                and s.has(p, "Fanaticism"):
            value += 2
            notes.append(t_("note.fanaticism"))
        if side == 0 and first and not sea and city is not None and city["owner"] == sides[1] \
                and has_wonder(s, sides[1], "Great Wall") and "Great Wall" in city["wonders"]:
            value -= 2
            notes.append(t_("note.great_wall"))
        if sea and first and p >= 0 and s.has(p, "War Ships"):
            cancel += 1
            notes.append(t_("note.war_ships"))
        rolls = [s.roll() for _ in range(dice)]
        total = max(0, sum(rolls) + value)
        hits[1 - side] += total // int(RULES["hit_every"])
        b.setdefault("cancel", [0, 0])[side] = cancel
        rolled: Arg = "+".join(map(str, rolls)) or t_("nothing")
        if notes:
            s.log.add(s.round, t_("round.notes", round=b["round"], hex=s.hname(h), who=who(p),
                                  rolls=rolled, notes=_notes(notes), total=total))
        else:
            s.log.add(s.round, t_("round", round=b["round"], hex=s.hname(h), who=who(p),
                                  rolls=rolled, total=total))
    b["tactic"] = ["", ""]  # a card counts in the round it was played for
    for side, p in enumerate(sides):
        taken = max(0, hits[side] - b["cancel"][side])
        # hits beyond the units still standing kill nobody
        b["kills"][1 - side] += lose(s, p, h, sea, taken)
    left = [len(fighters(s, p, h, sea)) for p in sides]
    if left[0] and left[1]:
        # barbarians never retreat
        s.pending[:0] = round_steps(s) if b["att"] < 0 else [{"kind": "retreat",
                                                               "player": b["att"]}]
    else:
        finish(s, 0 if left[0] else 1 if left[1] else -1)


def lose(s: ClashState, p: int, h: int, sea: bool, n: int) -> int:
    """``p`` loses ``n`` fighters at ``h`` (as many as it has); returns how many died."""
    s.own_units()  # (shared only by a search's quiet copies)
    dead = fighters(s, p, h, sea)[:n]
    for u in dead:
        s.units.remove(u)
    if dead:
        s.log.add(s.round, t("loses", who=who(p), units=units(dead[0][1], len(dead)),
                             hex=s.hname(h)))
    if sea:
        room = len(fighters(s, p, h, True)) * int(RULES["ship_capacity"])
        carried = [u for u in s.units if u[2] == h and u[0] == p and u[1] != "ship"]
        for u in carried[room:]:
            s.units.remove(u)
            s.log.add(s.round, t("drowns", who=who(p), unit=unit(u[1]), hex=s.hname(h)))
    return len(dead)


def retreat(s: ClashState) -> None:
    s.own_units()  # (shared only by a search's quiet copies)
    b = s.battle
    for u in s.units:
        if u[2] == b["hex"] and u[0] == b["att"]:
            u[2] = b["from"]
    s.log.add(s.round, t("retreats", who=who(b["att"]), hex=s.hname(b["from"])))
    finish(s, 1)


def finish(s: ClashState, winner_side: int) -> None:
    b = s.battle
    s.battle = {}
    s.own_rare()  # the battle tallies (stats) change below
    sides = (b["att"], b["def"])
    for side, p in enumerate(sides):
        if p >= 0:
            st = s.stats[p]
            st["kills"] = st.get("kills", 0) + b["kills"][side]
            st["kills_in_battle"] = max(st.get("kills_in_battle", 0), b["kills"][side])
    if winner_side < 0:
        s.log.add(s.round, t("battle.nobody", hex=s.hname(b["hex"])))
        return
    w, loser = sides[winner_side], sides[1 - winner_side]
    s.log.add(s.round, t("battle.won", who=who(w), hex=s.hname(b["hex"])))
    city = s.city_at(b["hex"])
    if w < 0:
        if winner_side == 0 and city is not None and city["owner"] >= 0:
            capture(s, w, city)
        return
    st = s.stats[w]

    def bump(key: str) -> None:
        st[key] = st.get(key, 0) + 1

    bump("wins")
    if b["sea"]:
        bump("sea_wins")
    if winner_side == 1:
        bump("defend_wins")
    if loser < 0:
        bump("barbarian_wins")
        st["barbarian_kills"] = st.get("barbarian_kills", 0) + b["kills"][winner_side]
    if b["sizes"][winner_side] < b["sizes"][1 - winner_side]:
        bump("outnumbered_win")
    if b["round"] == 1:
        bump("first_round_win")
    if city is not None and "temple" in city["bld"]:
        bump("temple_win")
    if winner_side == 0 and not b["sea"]:
        if city is not None and city["owner"] != w:
            capture(s, w, city)
        else:
            scatter(s, w, b["hex"])
    from meeple.games.clash.status import claim_military

    claim_military(s, w)




t_ = t  # in fight() and play_tactic() ``t`` is a card's tactics half


def _notes(notes: list[Text]) -> Arg:
    """What changed a side's roll, joined by a bare comma (as the log always had it)."""
    out: Arg = notes[-1]
    for n in reversed(notes[:-1]):
        out = t("notes", a=n, b=out)
    return out
