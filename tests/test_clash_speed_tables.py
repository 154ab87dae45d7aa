"""Clash's answers kept with a state (issue 19): what a set of advances opens, a player's
objective hand as the evaluation reads it, and the names a state holds interned; each
against the plain formulation."""

from __future__ import annotations

import sys
from typing import Any

from meeple.core.rng import Rng
from meeple.games.clash.cities import BUILDINGS, _buildable
from meeple.games.clash.collect import _YIELDS, _terrain_yields
from meeple.games.clash.economy import _open_advances, can_learn, government_of
from meeple.games.clash.evaluate import _hand_of, _hand_read
from meeple.games.clash.game import ClashGame
from meeple.games.clash.saves import state_from_json
from meeple.games.clash.state import DATA, ClashState


def _quiet_start(seed: int, players: int = 3) -> ClashState:
    s = ClashGame().new_state(players, seed).silence()
    assert isinstance(s, ClashState)
    return s


def _step(rng: Rng, *states: ClashState) -> None:
    """The same random action on every state (copies of one position)."""
    p = states[0].current_players()[0]
    action = rng.choice(states[0].legal_actions(p))
    for x in states:
        x.apply_unchecked(p, action)


def _advances_answers(x: ClashState, p: int) -> tuple[Any, ...]:
    """What the record of p's advances answers, and the same asked plainly of p's list."""
    have = x.adv[p] if p >= 0 else []
    a = x.advances(p)
    kept: tuple[Any, ...] = (set(a.have), _terrain_yields(a), _buildable(a, False),
                             _buildable(a, True))
    plain: tuple[Any, ...] = (set(have),
             {t: tuple(r for r, adv in ys if adv in have) for t, ys in _YIELDS.items()},
             tuple(k for k, info in BUILDINGS.items()
                   if info["advance"] in have and not info.get("extra")),
             tuple(k for k, info in BUILDINGS.items() if info["advance"] in have))
    if p >= 0:
        kept += (_open_advances(x, p),)
        plain += (tuple(n for names in DATA.groups.values() for n in names
                        if can_learn(x, p, n)),)
    return kept, plain


def test_the_record_of_a_player_s_advances_follows_the_list() -> None:
    # ClashState.advances: one record per set of advances, kept with has()'s check of p's
    # list (another list, or grown); its answers are the rules' asked of the list
    names = list(DATA.advances)
    asked = 0
    for seed in range(3):
        s = _quiet_start(seed)
        rng = Rng(seed)
        for step in range(300):
            if s.is_terminal():
                break
            c = s.clone()  # (a quiet copy shares the records: each checks its own list)
            for x in (s, c):
                for p in range(-1, x.n):
                    kept, plain = _advances_answers(x, p)
                    assert kept == plain, (seed, step, p)
                    asked += 1
            _step(rng, s, c)
            if step % 40 == 7:  # a list put in another's place, one grown in place
                q = step % s.n
                s.own_rare()
                s.adv[q] = s.adv[q][:-1]
                assert _advances_answers(s, q)[0] == _advances_answers(s, q)[1]
                s.adv[q].append(names[step % len(names)])
                assert _advances_answers(s, q)[0] == _advances_answers(s, q)[1]
                s.adv[q] = [*s.adv[q][:-1], names[(step + 1) % len(names)]]  # as long
                assert _advances_answers(s, q)[0] == _advances_answers(s, q)[1]
                assert s.advances(q).have == frozenset(s.adv[q])
    assert asked > 2000


def test_an_objective_hand_read_from_the_state_is_the_hand_made_afresh() -> None:
    # evaluate._hand_read keeps each player's reading with the state (shared by quiet
    # copies) while the hand holds the same cards in the same places
    cards = sorted(DATA.objective_cards)
    asked = swapped = 0
    for seed in range(3):
        s = _quiet_start(seed, players=2 + seed)
        rng = Rng(seed)
        for step in range(300):
            if s.is_terminal():
                break
            c = s.clone()
            for x in (s, c):
                for p in range(x.n):
                    hand = x.objective_hand[p]
                    assert _hand_read(x, p, hand) == _hand_of(tuple(hand)), (seed, step)
                    asked += 1
            _step(rng, s, c)
            q = step % s.n
            if step % 20 == 3 and s.objective_hand[q]:
                # a card replaced in place: the hand as long, the list the same
                s.own_cards()
                hand = s.objective_hand[q]
                _hand_read(s, q, hand)
                hand[-1] = next(x for x in cards if x != hand[-1])
                assert _hand_read(s, q, hand) == _hand_of(tuple(hand))
                swapped += 1
    assert asked > 1000 and swapped > 10


def _names(s: ClashState) -> list[str]:
    """Every name the rules read as a key or compare: resources, cities' keys and
    buildings, units' kinds, terrains, advances and cards."""
    out = [r for res in s.res for r in res]
    for c in s.cities:
        out += [*c, *c["bld"], *c["wonders"]]
    out += [u[1] for u in s.units] + s.terrain + s.used
    for lists in (s.adv, s.action_hand, s.objective_hand, s.wonder_hand):
        out += [x for names in lists for x in names]
    return out


def test_the_names_a_state_holds_are_interned() -> None:
    # data.interned: the rules' names are the compiled code's own string objects, in a
    # state played, in one played by parsed actions, and in one loaded from its save
    built = 0
    for seed in range(3):
        s = ClashGame().new_state(2, seed)
        rng = Rng(seed)
        for _ in range(500):
            if s.is_terminal():
                break
            p = s.current_players()[0]
            s.apply(p, str(rng.choice(s.legal_actions(p))))  # parsed from its text
        loaded = state_from_json(s.to_json())
        assert loaded.hash() == s.hash()
        for x in (s, loaded):
            names = _names(x)
            assert len(names) > 50
            built += sum(len(c["bld"]) for c in x.cities)
            assert all(n is sys.intern(n) for n in names), [
                n for n in names if n is not sys.intern(n)]
        assert government_of(s, 0) == government_of(loaded, 0)
    assert built > 0


def test_recruit_lists_kept_by_the_resources_a_payment_reaches_are_the_fresh_lists() -> None:
    # cities._recruits keys its table by each resource only up to what a mix of the city's
    # room can cost: random resources (many the same below that reach, others not), with
    # and without the advances and the wonder a payment reads, against the list made afresh
    from meeple.games.clash.cities import activation_size
    from meeple.games.clash.recruits import (
        _recruit_list,
        recruit_caps,
        recruit_mixes,
        recruit_options,
    )

    extras = ((), ("Medicine",), ("Draft", "Civil Liberties", "Sanitation"),
              ("Sanitation", "Medicine"), ("Draft", "Sanitation", "Medicine"))
    rng = Rng(3)
    checked = 0
    lists: set[tuple[Any, ...]] = set()
    for seed in range(3):
        base = ClashGame().new_state(2 + seed, seed)
        play = Rng(seed)
        for _ in range(150):
            _step(play, base)
        for p in range(base.n):
            for i in range(10):
                s = base.clone()
                s.adv[p] = [*s.adv[p], *(a for a in extras[i % 5] if a not in s.adv[p])]
                for c in s.cities_of(p):
                    c["mood"] = 2 if i % 3 else c["mood"]  # happy: more room
                    if i % 4 == 0 or i % 5 == 2:
                        c["wonders"] = [*c["wonders"], "Colosseum"]
                    if i % 2:  # ships, where the city is by the sea
                        c["bld"] = {**c["bld"], "port": p}
                # few resources, gold and mood fewest; then each from 0 to 7, the others
                # as they are: positions alike but for one resource, above and below its
                # reach
                start = {r: rng.below(2 if r in ("gold", "mood") else 5) for r in s.res[p]}
                for r in start:
                    for k in range(8):
                        s.res[p] = {**start, r: k}
                        for c in s.cities_of(p):
                            room = activation_size(s, c)
                            kinds, caps = recruit_caps(s, p, c, room)
                            fresh = list(_recruit_list(s, p, c, kinds,
                                                       recruit_mixes(caps, room)))
                            assert recruit_options(s, p, c) == fresh, (seed, p, i, s.res[p])
                            lists.add(tuple(fresh))
                            checked += 1
    assert checked > 3000 and len(lists) > 50
    assert any("ship" in text for fresh in lists for text, _ in fresh)


def test_moves_and_advances_listed_are_made_once_and_equal_to_the_plain_actions() -> None:
    # moves.move_action and flow._advance_action keep each action they make
    from meeple.core.actions import Action
    from meeple.games.clash.flow import _advance_action
    from meeple.games.clash.moves import move_action

    for h, to, kind, k in ((0, 1, "settler", 1), (63, 62, "infantry", 4), (5, 9, "ship", 2),
                           (127, 0, "infantry", 63), (128, 3, "ship", 1), (3, 4, "x", 1),
                           (7, 8, "settler", 64)):
        a = move_action(h, to, kind, k)
        assert a == Action("move", (h, to, kind, k)) and str(a) == f"move {h} {to} {kind} {k}"
    made = {(h, to, kind, k): move_action(h, to, kind, k) for h in range(0, 70, 3)
            for to in range(0, 70, 5) for kind in ("settler", "infantry", "ship")
            for k in (1, 2, 5)}
    assert len(set(made.values())) == len(made)  # no two of them the same action
    assert all(move_action(*key) is a for key, a in made.items())
    for name in DATA.advances:
        assert _advance_action(name) == Action("advance", (name,))
        assert _advance_action(name) is _advance_action(name)


def test_a_tally_s_measure_by_place_is_the_field_of_that_measure() -> None:
    from meeple.games.clash.evaluate import MEASURES, _Tally

    # each measure's field (MEASURES names two of them otherwise)
    fields = [{"happy_cities": "happy", "foreign_buildings": "foreign"}.get(m, m)
              for m in MEASURES]
    t = _Tally()
    for i, f in enumerate(fields):
        setattr(t, f, 100 + i)
    assert [t.measure(i) for i in range(len(MEASURES))] == [100 + i for i in range(len(MEASURES))]
    assert _Tally().measure(0) == 0 and _Tally().pieces == 0


def _plain_payment(s: ClashState, p: int, cost: dict[str, int],
                   either: tuple[str, ...] = ()) -> dict[str, int] | None:
    """economy.payment as it was written first (with its nested ``take``)."""
    from meeple.games.clash.economy import has_wonder

    have = dict(s.res[p])
    paid: dict[str, int] = {}

    def take(r: str, k: int) -> int:
        got = min(have[r], k)
        have[r] -= got
        if got:
            paid[r] = paid.get(r, 0) + got
        return k - got

    gold_need = 0
    for r, k in cost.items():
        if r == "any":
            for x in either:
                k = take(x, k)
            gold_need += k
        elif r in ("mood", "culture"):
            k = take(r, k)
            if k and has_wonder(s, p, "Colosseum"):
                k = take("culture" if r == "mood" else "mood", k)
            if k:
                return None
        else:
            gold_need += take(r, k)
    if gold_need:
        if have["gold"] < gold_need:
            return None
        take("gold", gold_need)
    return paid


def test_a_payment_is_the_payment_of_the_plain_formulation() -> None:
    import random

    from meeple.games.clash.economy import payment

    rng = random.Random(11)
    s = ClashGame().new_state(3, 11)
    names = ("food", "wood", "ore", "ideas", "gold", "mood", "culture")
    paid_with_gold = refused = 0
    for _ in range(3000):
        p = rng.randrange(3)
        s.res[p] = {r: rng.randrange(5) for r in names}
        kinds = rng.sample([*names, "any"], rng.randrange(1, 5))
        cost = {r: rng.randrange(4) for r in kinds}
        either = ("ideas", "food") if rng.randrange(2) else ()
        got = payment(s, p, cost, either)
        plain = _plain_payment(s, p, cost, either)
        # the same items in the same order (a pile's text is written from it)
        assert got == plain
        assert got is None or plain is None or list(got.items()) == list(plain.items())
        if got is None:
            refused += 1
        elif got.get("gold"):
            paid_with_gold += 1
    assert refused > 100 and paid_with_gold > 100


def test_the_game_s_evaluation_is_the_compiled_function_itself() -> None:
    from meeple.games.clash.evaluate import evaluate, evaluate_state

    game = ClashGame()
    s = game.new_state(3, 4)
    assert game.evaluate is evaluate_state
    assert game.evaluate(s) == evaluate(s)


def test_the_advance_that_makes_one_free_is_the_one_the_data_names() -> None:
    import random

    from meeple.games.clash.economy import made_free_by

    rng = random.Random(3)
    s = ClashGame().new_state(2, 3)
    names = sorted(DATA.advances)
    found = 0
    for _ in range(2000):
        s.adv[0] = rng.sample(names, rng.randrange(len(names)))
        for name in names:
            plain = next((a for a in s.adv[0] if name in DATA.advances[a].get("free", ())),
                         None)
            assert made_free_by(s, 0, name) == plain
            found += plain is not None
    assert found > 100


def test_quiet_clones_share_the_units_until_a_rule_changes_one() -> None:
    """A search's quiet copy shares the list of units and each unit's list with the state
    it was cloned from; every rule that changes a unit or the list (moving, exploring,
    fighting, recruiting, founding, the events and cards that add units) takes its own
    copies first, so neither side ever sees the other's units change."""
    from tests.test_clash_speed import _quiet_clone_steps

    def units(s: ClashState) -> list[Any]:
        return [u[:] for u in s.units]

    steps = _quiet_clone_steps(range(8), ("units",), units)
    changed = sum(after != before for before, after in steps)
    added = sum(len(after) > len(before) for before, after in steps)
    lost = sum(len(after) < len(before) for before, after in steps)
    assert changed > 200 and added > 20 and lost > 10, (changed, added, lost)
    # a copy of a state that keeps its log shares no unit
    s = ClashGame().new_state(3, 5)
    c = s.clone()
    assert c.units == s.units and c.units is not s.units
    assert not {id(u) for u in c.units} & {id(u) for u in s.units}
