"""The Master's arithmetic: one season resolved in the source's order.

1. The season's start: Thaw units, Harvest income, personal events.
2. Espionage (first actions of every player, then second actions). Successful spies see
   their target's orders as submitted and give two new actions instead of their second
   one (the ``spy`` phase), all at once, before anything else resolves.
3. Offensives (every battle rolled with the army strengths of the start of this step;
   army losses applied after all battles) and Propaganda.
4. Recruitment, then Colonization.
5. The Heat's payments; then the gold the battles move, from end-of-season gold.
6. Ravens delivered; each player's resources before and after.

Report lines go to the log as texts (``texts.py``): headings and list items, each
section of the season under its own heading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text
from meeple.games.colonies.battle import NEUTRAL, Battle, Fighter, fight
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, RESOURCES
from meeple.games.colonies.texts import (
    chain,
    change,
    h3,
    h4,
    li,
    order,
    province,
    resource,
    resources,
    season,
    seat,
    seats,
    t,
)

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()
RULES = DATA.rules


def run(s: ColoniesState) -> None:
    from meeple.games.colonies.orders import harvest_income, season_key

    r = s.round
    log = s.log.add
    log(r, h3(t("report.title", season=season(s))))
    for p, pl in enumerate(s.players):
        if not pl.submitted:
            pl.orders, pl.ravens, pl.thaw, pl.forced = [], [], [], []
            log(r, li(t("no_orders", who=seat(s, p))))
        log(r, t("res.start", season=season(s), res=resources(s, p)), p)
    for p, pl in enumerate(s.players):
        if pl.thaw_bonus:
            chosen = pl.thaw + ["gold"] * (pl.thaw_bonus - len(pl.thaw))
            for res in chosen:
                pl.add(res, 1)
            log(r, t("thaw.got", changes=chain(
                [change(chosen.count(res), res) for res in RESOURCES if res in chosen],
                "comma")), p)
        income = harvest_income(s, p)
        if income:
            pl.add("gold", income)
            log(r, t("harvest.got.forced" if pl.forced else "harvest.got", n=income), p)
    for p, _text, changes in s.events:
        for res, amount in changes:
            s.players[p].add(res, amount)
        if changes:
            effect = chain([change(c, res) for res, c in changes], "comma")
            log(r, t("event.effect", changes=effect), p)
    if season_key(s) == "thaw":
        log(r, li(t("thaw.public", die=RULES["events"]["thaw"]["die"], roll=s.thaw_roll)))
    _espionage(s)
    if s.spies:
        s.phase = "spy"
        for pl in s.players:
            pl.submitted = True
        for spy, _target, _kept in s.spies:
            s.players[spy].submitted = False
        return
    finish(s)


def _espionage(s: ColoniesState) -> None:
    r = s.round
    ev = RULES["espionage"]
    done: set[int] = set()
    # What each spy learns is the orders as submitted, before any spy's are cut.
    submitted = [list(pl.orders) for pl in s.players]
    for slot in (0, 1):
        for p, pl in enumerate(s.players):
            if p in done or len(pl.orders) <= slot or pl.orders[slot][0] != "espionage":
                continue
            _, target, gold = pl.orders[slot]
            paid = min(int(gold), pl.gold)
            pl.add("gold", -paid)
            roll = s.roll(ev["die"])
            result = roll + paid
            loyalty = s.players[target].loyalty
            head = t("spy.head", target=seat(s, target), die=ev["die"], roll=roll, paid=paid,
                     result=result, loyalty=loyalty)
            if result > loyalty:
                done.add(p)
                shown = chain([order(o) for o in submitted[target]]) or t("spy.none")
                s.log.add(r, t("spy.success", head=head, orders=shown), p)
                pl.orders = pl.orders[:1]
                s.spies.append([p, target, 1])
            elif result < loyalty:
                lost = -pl.add("reputation", -((loyalty - result) // ev["shortfall_step"]))
                s.log.add(r, t("spy.failure", head=head, lost=lost), p)
                s.log.add(r, li(t("spy.caught", spy=seat(s, p), target=seat(s, target),
                                  lost=lost)))
            else:
                s.log.add(r, t("spy.draw", head=head), p)


def finish(s: ColoniesState) -> None:
    from meeple.games.colonies import flow
    from meeple.games.colonies.orders import season_key

    s.spies = []
    s.phase = "orders"
    r = s.round
    key = season_key(s)
    start_provinces = [s.owner.count(p) for p in range(s.n)]
    transfers: list[tuple[int, int, int]] = []  # (loser, gainer or NOBODY, province)
    _battles(s, key, transfers)
    _unopposed(s, key)
    s.log.add(r, h4(t("section.orders")))
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "propaganda":
                paid = min(int(o[2]), pl.gold)
                pl.add("gold", -paid)
                pl.add(str(o[1]), 1 + paid)
                s.log.add(r, t("propaganda.done", paid=paid, gain=1 + paid,
                               stat=resource(str(o[1]))), p)
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "recruit":
                _recruit(s, p, int(o[1]))
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "colonize":
                _colonize(s, p, int(o[1]))
    if key == "heat":
        s.log.add(r, h4(t("section.heat")))
        _heat(s)
    s.log.add(r, h4(t("section.gold")))
    _gold_transfers(s, transfers, start_provinces)
    s.log.add(r, h4(t("section.end")))
    for p, pl in enumerate(s.players):
        for to, text in pl.ravens:
            s.log.add(r, t("raven.from", who=seat(s, p), text=text), to)
        if pl.ravens:
            s.log.add(r, t("raven.sent", n=len(pl.ravens)), p)
        s.log.add(r, t("res.end", season=season(s), res=resources(s, p)), p)
    s.season_no += 1
    if s.season_no >= int(s.options["seasons"]):
        s.season_no -= 1
        if s.master is not None and any(pl.goal_status == "approved" for pl in s.players):
            s.phase = "goals"
            s.log.add(r, t("game.over"))
        else:
            final_count(s)
        return
    flow.open_season(s)


def _fighter(s: ColoniesState, p: int, attacking: bool, forced: int) -> Fighter:
    pl = s.players[p]
    army = pl.army
    f = Fighter(p, army)
    if forced:
        army = max(0, army - forced * RULES["events"]["leaf-fall"]["forced_army"])
        f.steps.append(t("fighter.forced", army=army))
    if attacking and pl.team == "generals":
        army += RULES["teams"]["generals"]["attack_bonus"]
        f.steps.append(t("fighter.conquistadors", army=army))
    f.army = army
    return f


def _battles(s: ColoniesState, key: str, transfers: list[tuple[int, int, int]]) -> None:
    r = s.round
    b = RULES["battle"]
    frost = key == "frost"
    attacks: dict[int, list[int]] = {}
    count = [0] * s.n
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "offensive":
                attacks.setdefault(int(o[1]), []).append(p)
                count[p] += 1
    losses = [0] * s.n
    for prov in sorted(attacks):
        attackers = attacks[prov]
        owner = s.owner[prov - 1]
        if owner == NOBODY and len(attackers) == 1 and not frost:
            continue  # taken unopposed, after the battles (_unopposed)
        defender = owner if owner != NOBODY else (NEUTRAL if frost else NOBODY)
        fighters = [_fighter(s, p, True, len(s.players[p].forced)) for p in attackers]
        if defender == NEUTRAL:
            fighters.insert(0, Fighter(NEUTRAL, RULES["events"]["frost"]["neutral_army"]))
        elif defender != NOBODY:
            fighters.insert(0, _fighter(s, owner, False, len(s.players[owner].forced)))
        battle = fight(prov, defender, fighters, owner != NOBODY and count[owner] > 0,
                       {p for p in attackers if count[p] > 1}, s.colonized[prov - 1], s.roll,
                       b["die"], b["colony_bonus"])
        s.log.add(r, h4(t("battle.for", province=province(prov))))
        for f in battle.fighters:
            role = t("role.owner" if f.who == defender else "role.attacker")
            s.log.add(r, li(t("battle.fighter", who=seat(s, f.who), role=role, army=f.army,
                              steps=chain(list(f.steps)))))
        for note in battle.notes:
            s.log.add(r, li(note))
        _outcome(s, battle, defender, frost, transfers, losses)
    for p in range(s.n):
        if losses[p]:
            s.players[p].add("army", -losses[p])


def _unopposed(s: ColoniesState, key: str) -> None:
    """An unowned province that one player alone attacks is theirs without a roll
    (outside Frost); under its own heading, after the battles."""
    if key == "frost":
        return
    claims: dict[int, list[int]] = {}
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "offensive":
                claims.setdefault(int(o[1]), []).append(p)
    taken = [(prov, who[0]) for prov, who in sorted(claims.items())
             if len(who) == 1 and s.owner[prov - 1] == NOBODY]
    if taken:
        s.log.add(s.round, h4(t("section.unopposed")))
    for prov, p in taken:
        s.log.add(s.round, li(t("unopposed", who=seat(s, p), province=province(prov))))
        _take(s, p, prov, unowned=True)


def _outcome(s: ColoniesState, battle: Battle, defender: int, frost: bool,
             transfers: list[tuple[int, int, int]], losses: list[int]) -> None:
    r = s.round
    b = RULES["battle"]
    step = b["margin_step"]
    prov = battle.province
    results = {f.who: f.result for f in battle.fighters}
    top = max(results.values())
    winner = battle.winner
    if winner is None:
        s.log.add(r, li(t("battle.nobody", province=province(prov))))
    elif winner == defender:
        s.log.add(r, li(t("battle.holds", who=seat(s, winner), province=province(prov))))
    else:
        s.log.add(r, li(t("battle.takes", who=seat(s, winner), province=province(prov))))
    if winner is not None and winner >= 0:
        if defender in results and defender != winner:
            margin = (results[winner] - results[defender]) // step
            why = t("rep.why.margin", step=step, won=results[winner], lost=results[defender])
        else:
            margin = 0
            why = t("rep.why.held" if defender == winner else "rep.why.unowned")
        gained = s.players[winner].add("reputation", 1 + margin)
        s.log.add(r, li(t("rep.gain", who=seat(s, winner), n=gained, why=why)))
        if winner != defender:
            _take(s, winner, prov, unowned=defender in (NOBODY, NEUTRAL))
            if defender >= 0:
                transfers.append((defender, winner, prov))
    bar = results[winner] if winner is not None else top
    for f in battle.fighters:
        if f.who < 0 or f.who == winner:
            continue
        d = (bar - f.result) // step
        lost_l = -s.players[f.who].add("loyalty", -d)
        lost_r = -s.players[f.who].add("reputation", -d)
        if d:
            s.log.add(r, li(t("loser", who=seat(s, f.who), loyalty=lost_l, reputation=lost_r,
                              bar=bar, result=f.result, diff=bar - f.result, step=step)))
        if f.who != defender:
            transfers.append((f.who, NOBODY, prov))
        elif winner is None:
            transfers.append((f.who, NOBODY, prov))
    for f in battle.fighters:
        if f.who < 0:
            continue
        parts = [o.result // b["loss_divisor"] for o in battle.fighters if o is not f]
        loss = sum(parts)
        sums = " + ".join(f"{o.result}÷{b['loss_divisor']}" for o in battle.fighters
                          if o is not f)
        steps: list[Arg] = [t("loss.sum", parts=sums, n=loss)]
        if frost:
            ev = RULES["events"]["frost"]
            loss = -(-loss * ev["loss_factor_num"] // ev["loss_factor_den"])
            steps.append(t("loss.frost", n=loss))
        if s.players[f.who].team == "generals" and loss:
            loss = max(0, loss - RULES["teams"]["generals"]["loss_reduction"])
            steps.append(t("loss.generals", n=loss))
        losses[f.who] += loss
        s.log.add(r, li(t("loss", who=seat(s, f.who), detail=chain(steps))))


def _take(s: ColoniesState, p: int, prov: int, unowned: bool) -> None:
    s.owner[prov - 1] = p
    if unowned and s.players[p].team == "traders":
        bonus = RULES["teams"]["traders"]["gold_on_unowned"]
        s.players[p].add("gold", bonus)
        s.log.add(s.round, li(t("trade_routes", who=seat(s, p), n=bonus)))


def _recruit(s: ColoniesState, p: int, gold: int) -> None:
    pl = s.players[p]
    cap = sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i])
    paid = min(gold, max(0, cap - 1), pl.gold)
    gain = min(1 + paid, cap)
    pl.add("gold", -paid)
    pl.add("army", gain)
    extra = max(0, gain - RULES["recruit_free_loyalty"])
    pl.add("loyalty", -extra)
    s.log.add(s.round, t("recruit.done.loyalty" if extra else "recruit.done", paid=paid,
                         gain=gain, cap=cap, extra=extra), p)


def _colonize(s: ColoniesState, p: int, prov: int) -> None:
    pl = s.players[p]
    cost = RULES["colonize_cost"]
    where = province(prov)
    if s.owner[prov - 1] != p:
        s.log.add(s.round, t("colonize.lost", province=where), p)
    elif s.colonized[prov - 1]:
        s.log.add(s.round, t("colonize.already", province=where), p)
    elif pl.gold < cost:
        s.log.add(s.round, t("colonize.poor", province=where, gold=pl.gold, cost=cost), p)
    else:
        pl.add("gold", -cost)
        s.colonized[prov - 1] = True
        s.log.add(s.round, li(t("colonize.done", who=seat(s, p), province=where)))


def _heat(s: ColoniesState) -> None:
    cost = RULES["events"]["heat"]["cost"]
    for p, pl in enumerate(s.players):
        colonies = sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i])
        paid = {"gold": 0, "loyalty": 0}
        for k in range(colonies):
            # Each colony's own choice; colonies beyond the list take the last one named.
            first = pl.heat[min(k, len(pl.heat) - 1)] if pl.heat else "gold"
            second = "loyalty" if first == "gold" else "gold"
            if pl.get(first) < cost <= pl.get(second):
                first, second = second, first
            # Neither can pay 2 alone: the colony still costs 2 units, the chosen first.
            part = -pl.add(first, -cost)
            paid[first] += part
            paid[second] -= pl.add(second, -(cost - part))
        if colonies:
            s.log.add(s.round, t("heat.paid", n=colonies, gold=paid["gold"],
                                 loyalty=paid["loyalty"]), p)


def _gold_transfers(s: ColoniesState, transfers: list[tuple[int, int, int]],
                    start_provinces: list[int]) -> None:
    snapshot = [pl.gold for pl in s.players]
    for loser, gainer, prov in transfers:
        held = start_provinces[loser]
        # D-19: a loser who held no province divides by one, as if it held one.
        amount = snapshot[loser] // max(1, held)
        paid = -s.players[loser].add("gold", -amount)
        why = (t("gold.why", had=snapshot[loser], held=held) if held
               else t("gold.why.none", had=snapshot[loser]))
        to: Text | str = ""
        if gainer != NOBODY:
            s.players[gainer].add("gold", paid)
            to = t("gold.to", who=seat(s, gainer))
        s.log.add(s.round, li(t("gold.lost", province=province(prov), who=seat(s, loser),
                                paid=paid, why=why, to=to)))


def final_count(s: ColoniesState) -> None:
    r = s.round
    s.phase = "over"
    n = s.n
    values = {
        "gold": [pl.gold for pl in s.players],
        "provinces": [s.owner.count(p) for p in range(n)],
        "colonies": [sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i])
                     for p in range(n)],
        "reputation": [pl.reputation for pl in s.players],
        "army": [pl.army for pl in s.players],
    }
    points = [0] * n
    s.log.add(r, h3(t("vp.title")))
    for cat, vals in values.items():
        best = max(vals)
        leaders = [p for p in range(n) if vals[p] == best] if best > 0 else []
        for p in leaders:
            points[p] += 1
        who = chain(seats(s, leaders), "comma") or t("vp.nobody")
        s.log.add(r, li(t("vp.most", cat=t(f"vp.cat.{cat}"), best=best, who=who)))
    for p, pl in enumerate(s.players):
        if pl.goal_met:
            points[p] += 1
            s.log.add(r, li(t("vp.goal", who=seat(s, p))))
    top = max(points)
    s.winners = [p for p in range(n) if points[p] == top]
    s.final = {"points": points, "values": values}
    s.log.add(r, li(t("vp.points", points=chain(
        [t("vp.seat", who=seat(s, p), n=points[p]) for p in range(n)], "comma"))))
    s.log.add(r, t("vp.winner" if len(s.winners) == 1 else "vp.shared",
                   who=chain(seats(s, s.winners), "comma")))
