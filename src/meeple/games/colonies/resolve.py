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

Report lines go to the log: ``## `` and ``### `` start sections, ``- `` list items.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.colonies.battle import NEUTRAL, Fighter, fight
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, RESOURCES, order_text

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()
RULES = DATA.rules


def _pname(s: ColoniesState, who: int) -> str:
    return "the natives" if who == NEUTRAL else s.name(who)


def _prov(prov: int) -> str:
    return f"{prov} {DATA.provinces[prov - 1].name}"


def _resources(s: ColoniesState, p: int) -> str:
    pl = s.players[p]
    return ", ".join(f"{res} {pl.get(res)}" for res in RESOURCES)


def run(s: ColoniesState) -> None:
    from meeple.games.colonies.orders import harvest_income, season_key

    r = s.round
    log = s.log.add
    log(r, f"### {s.season_label()}: the Master's report")
    for p, pl in enumerate(s.players):
        if not pl.submitted:
            pl.orders, pl.ravens, pl.thaw, pl.forced = [], [], [], []
            log(r, f"- {s.name(p)} sent no orders: no actions this season.")
        log(r, f"Resources at the start of {s.season_label()}: {_resources(s, p)}.", p)
    for p, pl in enumerate(s.players):
        if pl.thaw_bonus:
            chosen = pl.thaw + ["gold"] * (pl.thaw_bonus - len(pl.thaw))
            for res in chosen:
                pl.add(res, 1)
            log(r, "Supplies from home: +" + ", +".join(
                f"{chosen.count(res)} {res}" for res in RESOURCES if res in chosen) + ".", p)
        income = harvest_income(s, p)
        if income:
            pl.add("gold", income)
            log(r, f"Harvest: +{income} gold" + (" (taxes collected by force)"
                                                  if pl.forced else "") + ".", p)
    for p, _text, changes in s.events:
        for res, change in changes:
            s.players[p].add(res, change)
        if changes:
            effect = ", ".join(f"{c:+d} {res}" for res, c in changes)
            log(r, f"Your personal event takes effect: {effect}.", p)
    if season_key(s) == "thaw":
        log(r, f"- Supplies from home: d10 = {s.thaw_roll}.")
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
            head = (f"Espionage on {s.name(target)}: d{ev['die']} = {roll}, + {paid} gold = "
                    f"{result} against loyalty {loyalty}")
            if result > loyalty:
                done.add(p)
                shown = "; ".join(order_text(o) for o in submitted[target]) or "none"
                s.log.add(r, f"{head}: success. Their orders: {shown}. Give two actions "
                          "instead of your second one.", p)
                pl.orders = pl.orders[:1]
                s.spies.append([p, target, 1])
            elif result < loyalty:
                lost = -pl.add("reputation", -((loyalty - result) // ev["shortfall_step"]))
                s.log.add(r, f"{head}: failure, −{lost} reputation.", p)
                s.log.add(r, f"- {s.name(p)}'s spies were caught working against "
                          f"{s.name(target)}: {s.name(p)} loses {lost} reputation.")
            else:
                s.log.add(r, f"{head}: a draw, nothing learned, nothing lost.", p)


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
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "propaganda":
                paid = min(int(o[2]), pl.gold)
                pl.add("gold", -paid)
                pl.add(str(o[1]), 1 + paid)
                s.log.add(r, f"Propaganda: {paid} gold spent, +{1 + paid} {o[1]}.", p)
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "recruit":
                _recruit(s, p, int(o[1]))
    for p, pl in enumerate(s.players):
        for o in pl.orders:
            if o[0] == "colonize":
                _colonize(s, p, int(o[1]))
    if key == "heat":
        _heat(s)
    _gold_transfers(s, transfers, start_provinces)
    for p, pl in enumerate(s.players):
        for to, text in pl.ravens:
            s.log.add(r, f"Raven from {s.name(p)}: {text}", to)
        if pl.ravens:
            s.log.add(r, f"Your {len(pl.ravens)} raven(s) reached their addressees.", p)
        s.log.add(r, f"Resources at the end of {s.season_label()}: {_resources(s, p)}.", p)
    s.season_no += 1
    if s.season_no >= int(s.options["seasons"]):
        s.season_no -= 1
        if s.master is not None and any(pl.goal_status == "approved" for pl in s.players):
            s.phase = "goals"
            s.log.add(r, "The game is over: the Master judges the personal goals.")
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
        f.steps.append(f"taxes collected by force: army counts {army}")
    if attacking and pl.team == "generals":
        army += RULES["teams"]["generals"]["attack_bonus"]
        f.steps.append(f"Conquistadors: army counts {army}")
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
            _take(s, attackers[0], prov, unowned=True)
            s.log.add(r, f"- {s.name(attackers[0])} takes the unowned province {_prov(prov)} "
                      "unopposed.")
            continue
        defender = owner if owner != NOBODY else (NEUTRAL if frost else NOBODY)
        fighters = [_fighter(s, p, True, len(s.players[p].forced)) for p in attackers]
        if defender == NEUTRAL:
            fighters.insert(0, Fighter(NEUTRAL, RULES["events"]["frost"]["neutral_army"]))
        elif defender != NOBODY:
            fighters.insert(0, _fighter(s, owner, False, len(s.players[owner].forced)))
        battle = fight(prov, defender, fighters, owner != NOBODY and count[owner] > 0,
                       {p for p in attackers if count[p] > 1}, s.colonized[prov - 1], s.roll,
                       b["die"], b["colony_bonus"])
        s.log.add(r, f"#### Battle for {_prov(prov)}")
        for f in battle.fighters:
            role = "owner" if f.who == defender else "attacker"
            s.log.add(r, f"- {_pname(s, f.who)} ({role}, army {f.army}): " + "; ".join(f.steps))
        for note in battle.notes:
            s.log.add(r, f"- {note}")
        _outcome(s, battle, defender, frost, transfers, losses)
    for p in range(s.n):
        if losses[p]:
            s.players[p].add("army", -losses[p])


def _outcome(s: ColoniesState, battle: object, defender: int, frost: bool,
             transfers: list[tuple[int, int, int]], losses: list[int]) -> None:
    from meeple.games.colonies.battle import Battle

    assert isinstance(battle, Battle)
    r = s.round
    b = RULES["battle"]
    step = b["margin_step"]
    prov = battle.province
    results = {f.who: f.result for f in battle.fighters}
    top = max(results.values())
    winner = battle.winner
    if winner is None:
        s.log.add(r, f"- Nobody takes {_prov(prov)}.")
    elif winner == defender:
        s.log.add(r, f"- {_pname(s, winner)} holds {_prov(prov)}.")
    else:
        s.log.add(r, f"- {s.name(winner)} takes {_prov(prov)}.")
    if winner is not None and winner >= 0:
        if defender in results and defender != winner:
            margin = (results[winner] - results[defender]) // step
            why = (f"1, and 1 per {step} points of {results[winner]} over the previous "
                   f"owner's {results[defender]}")
        else:
            margin = 0
            why = "1" if defender == winner else "1; the province had no owner"
        gained = s.players[winner].add("reputation", 1 + margin)
        s.log.add(r, f"- {s.name(winner)}: +{gained} reputation ({why}).")
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
            s.log.add(r, f"- {s.name(f.who)}: −{lost_l} loyalty, −{lost_r} reputation "
                      f"({bar} − {f.result} = {bar - f.result}, 1 per {step}).")
        if f.who != defender:
            transfers.append((f.who, NOBODY, prov))
        elif winner is None:
            transfers.append((f.who, NOBODY, prov))
    for f in battle.fighters:
        if f.who < 0:
            continue
        parts = [o.result // b["loss_divisor"] for o in battle.fighters if o is not f]
        loss = sum(parts)
        text = " + ".join(f"{o.result}÷{b['loss_divisor']}" for o in battle.fighters
                          if o is not f) + f" = {loss}"
        if frost:
            ev = RULES["events"]["frost"]
            loss = -(-loss * ev["loss_factor_num"] // ev["loss_factor_den"])
            text += f"; bitter cold ×1.5, rounded up: {loss}"
        if s.players[f.who].team == "generals" and loss:
            loss = max(0, loss - RULES["teams"]["generals"]["loss_reduction"])
            text += f"; Conquistadors −1: {loss}"
        losses[f.who] += loss
        s.log.add(r, f"- {s.name(f.who)} loses army: {text}.")


def _take(s: ColoniesState, p: int, prov: int, unowned: bool) -> None:
    s.owner[prov - 1] = p
    if unowned and s.players[p].team == "traders":
        bonus = RULES["teams"]["traders"]["gold_on_unowned"]
        s.players[p].add("gold", bonus)
        s.log.add(s.round, f"- {s.name(p)}: +{bonus} gold, Trade Routes.")


def _recruit(s: ColoniesState, p: int, gold: int) -> None:
    pl = s.players[p]
    cap = sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i])
    paid = min(gold, max(0, cap - 1), pl.gold)
    gain = min(1 + paid, cap)
    pl.add("gold", -paid)
    pl.add("army", gain)
    extra = max(0, gain - RULES["recruit_free_loyalty"])
    pl.add("loyalty", -extra)
    s.log.add(s.round, f"Recruitment: {paid} gold spent, +{gain} army (at most {cap}, your "
              f"colonies)" + (f", −{extra} loyalty" if extra else "") + ".", p)


def _colonize(s: ColoniesState, p: int, prov: int) -> None:
    pl = s.players[p]
    cost = RULES["colonize_cost"]
    if s.owner[prov - 1] != p:
        s.log.add(s.round, f"Colonization of {_prov(prov)} fails: you do not hold it.", p)
    elif s.colonized[prov - 1]:
        s.log.add(s.round, f"Colonization of {_prov(prov)}: it is already colonized.", p)
    elif pl.gold < cost:
        s.log.add(s.round, f"Colonization of {_prov(prov)} fails: {pl.gold} gold, {cost} "
                  "needed.", p)
    else:
        pl.add("gold", -cost)
        s.colonized[prov - 1] = True
        s.log.add(s.round, f"- {s.name(p)} colonizes {_prov(prov)}.")


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
            s.log.add(s.round, f"Fevers and fires: {colonies} colon"
                      f"{'y costs' if colonies == 1 else 'ies cost'} {paid['gold']} gold "
                      f"and {paid['loyalty']} loyalty.", p)


def _gold_transfers(s: ColoniesState, transfers: list[tuple[int, int, int]],
                    start_provinces: list[int]) -> None:
    snapshot = [pl.gold for pl in s.players]
    for loser, gainer, prov in transfers:
        held = start_provinces[loser]
        # D-19: a loser who held no province divides by one, as if it held one.
        amount = snapshot[loser] // max(1, held)
        paid = -s.players[loser].add("gold", -amount)
        why = (f"÷ {held} province{'' if held == 1 else 's'} held at its start" if held
               else "; no province held at its start, so all of it")
        text = (f"- {_prov(prov)}: {s.name(loser)} loses {paid} gold ({snapshot[loser]} at "
                f"the end of the season{' ' if held else ''}{why})")
        if gainer != NOBODY:
            s.players[gainer].add("gold", paid)
            text += f", taken by {s.name(gainer)}"
        s.log.add(s.round, text + ".")


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
    s.log.add(r, "### Victory points")
    for cat, vals in values.items():
        best = max(vals)
        leaders = [p for p in range(n) if vals[p] == best] if best > 0 else []
        for p in leaders:
            points[p] += 1
        s.log.add(r, f"- Most {cat} ({best}): " + (", ".join(s.name(p) for p in leaders)
                                                   or "nobody (all at 0)"))
    for p, pl in enumerate(s.players):
        if pl.goal_met:
            points[p] += 1
            s.log.add(r, f"- Personal goal achieved: {s.name(p)}")
    top = max(points)
    s.winners = [p for p in range(n) if points[p] == top]
    s.final = {"points": points, "values": values}
    s.log.add(r, "- Points: " + ", ".join(f"{s.name(p)} {points[p]}" for p in range(n)))
    s.log.add(r, ("Winner: " if len(s.winners) == 1 else "Shared victory: ")
              + ", ".join(s.name(p) for p in s.winners) + ".")
