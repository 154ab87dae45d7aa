"""Clash's speed-ups change nothing (issue 19): a copied state shares no mutable part with
its original, the hex index used while listing actions never outlives the listing, and a
random player's lazy draw stays uniform over the legal list."""

from __future__ import annotations

import copy
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.rng import Rng
from meeple.games.clash import moves
from meeple.games.clash.cities import (
    BUILDINGS,
    activation_size,
    build_options,
    building_cost,
    can_build_here,
)
from meeple.games.clash.collect import collect_slots
from meeple.games.clash.draw import parts
from meeple.games.clash.economy import (
    advance_cost,
    can_learn,
    government_of,
    learnable,
    open_advances,
    payment,
)
from meeple.games.clash.evaluate import evaluate, worth
from meeple.games.clash.game import ClashGame
from meeple.games.clash.recruits import (
    _recruit_list,
    recruit_caps,
    recruit_mixes,
    recruit_options,
)
from meeple.games.clash.state import CARDS, DATA, FIELDS, RARE, RULES, ClashState
from meeple.games.clash.status import measure, met


def _midgame(seed: int, steps: int, players: int = 3) -> ClashState:
    s = ClashGame().new_state(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        p = s.current_players()[0]
        s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
    return s


def _containers(v: Any) -> list[Any]:
    out: list[Any] = []
    if isinstance(v, list | dict):
        out.append(v)
        for x in (v.values() if isinstance(v, dict) else v):
            out += _containers(x)
    return out


def test_clone_copies_every_field_and_shares_no_list_or_dict() -> None:
    for seed in range(4):
        s = _midgame(seed, 150)
        c = s.clone()
        for f in FIELDS:
            assert getattr(c, f) == getattr(s, f), f
            mine = {id(x) for x in _containers(getattr(s, f))}
            assert not mine & {id(x) for x in _containers(getattr(c, f))}, f
        assert c.hash() == s.hash()


def test_clone_evolves_apart_from_its_original() -> None:
    s = _midgame(7, 120)
    before = s.hash()
    c = s.clone()
    rng = Rng(1)
    for _ in range(40):
        if c.is_terminal():
            break
        p = c.current_players()[0]
        c.apply_unchecked(p, rng.choice(c.legal_actions(p)))
    assert s.hash() == before


def test_hex_index_lives_only_while_actions_are_listed() -> None:
    s = _midgame(3, 60)
    p = s.current_players()[0]
    listed = s.legal_actions(p)
    assert s._units_by_hex is None and s._city_by_hex is None
    # the same questions answered from the index and from the lists
    s.index_hexes()
    indexed = [(s.units_at(h), s.enemies_at(h, p), s.army_at(h, p), s.city_at(h))
                for h in range(len(s.terrain))]
    any_indexed = [(s.enemy_at(h, q), bool(s.enemies_at(h, q)))
                   for h in range(len(s.terrain)) for q in range(-1, s.n)]
    s.drop_index()
    plain = [(s.units_at(h), s.enemies_at(h, p), s.army_at(h, p), s.city_at(h))
             for h in range(len(s.terrain))]
    any_plain = [(s.enemy_at(h, q), bool(s.enemies_at(h, q)))
                 for h in range(len(s.terrain)) for q in range(-1, s.n)]
    assert indexed == plain
    # enemy_at is whether enemies_at has anyone, indexed or not
    assert any_indexed == any_plain and all(a == b for a, b in any_plain)
    assert any(a for a, _ in any_plain)
    assert s.legal_actions(p) == listed


def _turn_positions() -> list[ClashState]:
    """Positions where a turn's actions or a move's next group are asked, from five games."""
    out = []
    for seed in range(5):
        s = ClashGame().new_state(3, seed)
        rng = Rng(seed)
        for step in range(400):
            if s.is_terminal():
                break
            p = s.current_players()[0]
            if step % 7 == 0 and (not s.pending or s.pending[0]["kind"] == "move"):
                out.append(s.clone())
            s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
    return out


def test_current_players_are_the_prompts_players() -> None:
    for s in _turn_positions()[:40]:
        assert s.current_players() == [x.player for x in s.prompts()]


def test_random_draw_parts_hold_each_legal_action_once_within_their_bounds() -> None:
    positions = _turn_positions()
    assert any(x.pending for x in positions) and len(positions) > 100
    for s in positions:
        p = s.current_players()[0]
        listed = s.legal_actions(p)
        s.index_hexes()
        try:
            drawn = parts(s, p)
            bounds = drawn.bounds[:]
            every = drawn.all()  # raises if a part outgrows its bound
        finally:
            s.drop_index()
        assert sorted(map(str, every)) == sorted(map(str, listed))
        assert len(set(every)) == len(every)
        assert all(len(drawn.listed(i)) <= b for i, b in enumerate(bounds))


def test_random_action_is_uniform_over_the_legal_actions() -> None:
    # a mid-game turn with moves, recruits and collections: the drawn set is the legal
    # list, and each action comes up about equally often (5 standard deviations)
    s = next(x for x in _turn_positions()[20:] if not x.pending
             and len(x.legal_actions(x.current_players()[0])) >= 25)
    p = s.current_players()[0]
    listed = s.legal_actions(p)
    per = 150
    rng = Rng(99)
    counts = Counter(s.random_action(p, rng) for _ in range(per * len(listed)))
    assert set(counts) == set(listed)
    spread = 5 * (per * (1 - 1 / len(listed))) ** 0.5
    assert all(abs(k - per) <= spread for k in counts.values()), counts.most_common(3)
    assert s.legal_actions(p) == listed and s._units_by_hex is None


def test_advances_and_buildings_kept_per_set_of_advances_are_the_rules_answers() -> None:
    # the lists kept per set of advances against the rules asked one advance or
    # building at a time, for every player of 100+ positions
    checked = short = 0
    for s in _turn_positions():
        for p in range(s.n):
            assert open_advances(s, p) == tuple(a for a in DATA.advances if can_learn(s, p, a))
            standard = payment(s, p, {"any": int(RULES["advance_cost"])},
                               ("ideas", "food")) is not None
            plain = [a for group in DATA.groups.values() for a in group
                     if can_learn(s, p, a) and (standard or not advance_cost(s, p, a))]
            assert learnable(s, p) == plain
            short += not standard  # the branch that asks each advance its cost
            for c in s.cities_of(p):
                assert build_options(s, p, c) == [
                    k for k, info in BUILDINGS.items()
                    if can_build_here(s, p, c) and k not in c["bld"]
                    and s.has(p, info["advance"])
                    and (not info.get("extra") or s.options["extra_buildings"])
                    and (k != "port" or any(s.known(h) and s.is_water(h)
                                            for h in s.board.adj[c["hex"]]))
                    and payment(s, p, building_cost(s, p, k)) is not None]
                checked += 1
    assert checked > 100 and short > 0


def _plain_evaluate(s: ClashState) -> list[float]:
    """The evaluation as it was written before the one-pass version: ``worth`` per player."""
    if s.is_terminal():
        return s.returns()
    w = [worth(s, p) for p in range(s.n)]
    top = max(w)
    e = [math.exp((x - top) / 2.5) for x in w]
    total = sum(e)
    return [x / total for x in e]


def test_the_one_pass_evaluation_gives_exactly_the_floats_of_worth() -> None:
    checked = met_objectives = buildings = 0
    for players in (2, 3, 4):
        for seed in range(3):
            s = ClashGame().new_state(players, seed)
            rng = Rng(seed)
            step = 0
            while not s.is_terminal():
                if step % 7 == 0:
                    assert evaluate(s) == _plain_evaluate(s)
                    checked += 1
                    met_objectives += sum(
                        met(s, p, card, "peaceful") for p in range(s.n)
                        for card in s.objective_hand[p])
                    buildings += sum(len(c["bld"]) for c in s.cities)
                p = s.current_players()[0]
                s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
                step += 1
            assert evaluate(s) == s.returns()
    # the positions reach what the pass counts: objectives met, buildings in cities
    assert checked > 300 and met_objectives > 0 and buildings > 0


def test_a_hand_made_from_the_cards_table_is_the_hand_made_plainly() -> None:
    # evaluate._hand_of (each card's conditions from a table made once) against the plain
    # formulation from status.PEACEFUL, on hands drawn from the deck with repeats
    from meeple.games.clash.evaluate import MEASURES, _hand_of
    from meeple.games.clash.status import PEACEFUL

    def plain(hand: tuple[str, ...]) -> Any:
        return tuple((tuple((MEASURES.index(k), n) for k, n in PEACEFUL[card]),
                      hand.count(card)) for card in sorted(set(hand)))

    def by_advances(hand: tuple[str, ...]) -> bool:
        return any(k in ("government", "full_groups") for card in hand
                   for k, _ in PEACEFUL[card])

    cards = sorted(PEACEFUL)
    rng = Rng(5)
    asks = 0
    for _ in range(400):
        hand = tuple(cards[rng.below(len(cards))] for _ in range(1 + rng.below(7)))
        assert _hand_of(hand) == (plain(hand), by_advances(hand)), hand
        asks += by_advances(hand)
    assert _hand_of(()) == ((), False)
    assert 50 < asks < 350


def test_advance_measures_kept_per_set_of_advances_are_the_rules_answers() -> None:
    # status.measure reads "government" and "full_groups" from a table by advances
    checked = 0
    for seed in range(3):
        for steps in (60, 200, 400):
            s = _midgame(seed, steps)
            for p in range(s.n):
                have = set(s.adv[p])
                assert measure(s, p, "government") == int(government_of(s, p) is not None)
                assert measure(s, p, "full_groups") == sum(
                    1 for names in DATA.groups.values() if have.issuperset(names))
                checked += 1
    s = _midgame(0, 10)
    s.adv[0] = [a for names in DATA.groups.values() for a in names]
    assert measure(s, 0, "full_groups") == len(DATA.groups)
    assert measure(s, 0, "government") == 1
    assert checked > 20


def _recruit_variants(s: ClashState, p: int) -> list[ClashState]:
    """``s`` as it is and changed in each thing a recruit list may depend on."""
    out = [s]
    for extra in (("Draft",), ("Sanitation",), ("Draft", "Civil Liberties"),
                  ("Draft", "Sanitation"), ("Medicine",)):
        v = s.clone()
        v.adv[p] = [*v.adv[p], *(a for a in extra if a not in v.adv[p])]
        out.append(v)
    used = out[-1].clone()
    used.used = [*used.used, "Medicine"]
    out.append(used)
    for r, k in (("food", 1), ("ore", 2), ("wood", 2), ("gold", 3), ("mood", 2)):
        v = out[4].clone()  # with Draft and Sanitation: tokens pay
        v.res[p] = {**v.res[p], r: v.res[p][r] + k}
        out.append(v)
    colosseum = out[4].clone()
    for c in colosseum.cities:
        if c["owner"] == p:
            c["wonders"] = [*c["wonders"], "Colosseum"]
            break
    colosseum.res[p] = {**colosseum.res[p], "mood": 0, "culture": 3}
    out.append(colosseum)
    return out


def test_remembered_recruit_lists_are_the_lists_asked_afresh() -> None:
    # cities.recruit_options keeps each list under everything it depends on: positions
    # that differ in any one of those things (the variants) must not share a list
    checked = distinct = 0
    for seed in range(4):
        for steps in (40, 120, 250):
            base = _midgame(seed, steps)
            if base.is_terminal():
                continue
            for p in range(base.n):
                seen = set()
                for s in _recruit_variants(base, p):
                    s.index_hexes()
                    for c in s.cities_of(p):
                        room = activation_size(s, c)
                        kinds, caps = recruit_caps(s, p, c, room)
                        fresh = list(_recruit_list(s, p, c, kinds, recruit_mixes(caps, room)))
                        assert recruit_options(s, p, c) == fresh
                        assert recruit_options(s, p, c) == fresh  # remembered now
                        seen.add(tuple(fresh))
                        checked += 1
                    s.drop_index()
                distinct += len(seen)
    assert checked > 300 and distinct > 50


def _groups_asked_hex_by_hex(s: ClashState, p: int) -> list[Action]:
    """``moves.group_options`` as first written: each kind's targets by ``land_target``."""
    out: list[Action] = []
    for h in sorted({u[2] for u in s.units if u[0] == p and not u[3]}):
        mine = [u for u in s.units_at(h, p) if not u[3]]
        for kind in moves.LAND:
            n = sum(1 for u in mine if u[1] == kind)
            for to in moves._land_targets(s, p, h, kind) if n else []:
                out += [Action("move", (h, to, kind, k)) for k in range(1, n + 1)
                        if moves._fits(s, p, to, kind, k)]
        ships = sum(1 for u in mine if u[1] == "ship")
        if ships:
            out += [Action("move", (h, to, "ship", ships))
                    for to in moves._sea_targets(s, p, h)]
    return out


def test_both_kinds_targets_in_one_pass_are_the_targets_hex_by_hex() -> None:
    checked = moved = 0
    for players in (2, 3, 4):
        for seed in range(3):
            s = ClashGame().new_state(players, seed)
            rng = Rng(seed)
            while not s.is_terminal():
                p = s.current_players()[0]
                for q in range(s.n):
                    with_roads = s.clone()  # the same, with Roads and a road paid for
                    if "Roads" not in with_roads.adv[q]:
                        with_roads.adv[q] = [*with_roads.adv[q], "Roads"]
                    with_roads.res[q] = {**with_roads.res[q], "food": 2, "ore": 2}
                    for x in (s, with_roads):
                        x.index_hexes()
                        got = moves.group_options(x, q)
                        assert got == _groups_asked_hex_by_hex(x, q)
                        x.drop_index()
                        moved += len(got)
                        checked += 1
                s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
    assert checked > 1000 and moved > 1000


def test_collect_slots_from_the_yield_table_are_the_slots_hex_by_hex() -> None:
    # leaving out a name no advance has makes collect_slots ask hex_yields hex by hex
    checked = 0
    for players in (2, 4):
        for seed in range(3):
            for steps in (30, 120, 300):
                s = _midgame(seed, steps, players)
                for c in s.cities:
                    for p in range(s.n):
                        for husbandry in (True, False):
                            assert collect_slots(s, p, c, husbandry) == collect_slots(
                                s, p, c, husbandry, without="no such advance")
                            checked += 1
    assert checked > 100


def _cards(s: ClashState) -> list[Any]:
    return [[x[:] if isinstance(x, list) else x for x in getattr(s, f)] for f in CARDS]


def _quiet_clone_steps(seeds: range, shared: tuple[str, ...],
                       snapshot: Callable[[ClashState], list[Any]]) -> list[tuple[Any, Any]]:
    """Random play on quiet states; at every step a clone shares the ``shared`` fields, is
    given the action, and leaves the original's ``snapshot`` untouched; the original, given
    the same action, ends as the clone did, and the clone stays so. (before, after) of every
    step."""
    steps = []
    for seed in seeds:
        s = _midgame(seed, 20, players=2 + seed % 3).silence()
        assert isinstance(s, ClashState)
        rng = Rng(seed)
        for _ in range(500):
            if s.is_terminal():
                break
            p = s.current_players()[0]
            before = snapshot(s)
            c = s.clone()
            assert all(getattr(c, f) is getattr(s, f) for f in shared)
            action = rng.choice(c.legal_actions(p))
            c.apply_unchecked(p, action)
            assert snapshot(s) == before, (seed, action)  # the original untouched
            after = snapshot(c)
            s.apply_unchecked(p, action)
            assert snapshot(s) == after and snapshot(c) == after, (seed, action)
            steps.append((before, after))
    return steps


def test_quiet_clones_share_cards_until_a_rule_changes_them() -> None:
    """A search's quiet copy shares its hands, decks, discard, ``claimed`` and ``drawn``
    with the state it was cloned from (state.CARDS); every rule that changes one of them
    takes its own copies first, so neither side ever sees the other's cards change."""
    steps = _quiet_clone_steps(range(6), CARDS, _cards)
    changed = sum(after != before for before, after in steps)
    assert changed > 50  # draws, cards played, objectives claimed were met


def test_clone_of_a_state_that_keeps_its_log_shares_no_card() -> None:
    s = _midgame(2, 100)
    c = s.clone()
    assert not any(getattr(c, f) is getattr(s, f) for f in CARDS)
    quiet = s.clone().silence()
    assert isinstance(quiet, ClashState)
    q = quiet.clone()
    q.own_cards()
    assert not any(getattr(q, f) is getattr(quiet, f) for f in CARDS)
    assert _cards(q) == _cards(quiet)


def _rare(s: ClashState) -> list[Any]:
    # the fields of RARE, and the cities (a quiet copy shares their buildings and wonders)
    return [copy.deepcopy(getattr(s, f)) for f in (*RARE, "cities")]


def _buildings(cities: list[dict[str, Any]]) -> list[tuple[int, str, int]]:
    return sorted((c["hex"], k, o) for c in cities for k, o in c["bld"].items())


def _wonders(cities: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return sorted((c["hex"], w) for c in cities for w in c["wonders"])


def test_quiet_clones_share_the_rare_fields_until_a_rule_changes_them() -> None:
    """A search's quiet copy shares the map, the advances, the battle tallies and the dice
    (state.RARE) with the state it was cloned from; every rule that changes one of them
    (exploring, turning a region, learning, a battle's end, a capture, a loaded die) takes
    its own copies first, so neither side ever sees the other's change. It shares its
    cities' buildings and wonders too, which the rules replace instead of changing."""
    changed: Counter[str] = Counter()
    for before, after in _quiet_clone_steps(range(8), RARE, _rare):
        for f, x, y in zip((*RARE, "cities"), before, after, strict=True):
            changed[f] += x != y
        # buildings and wonders: a quiet copy's cities share them
        changed["bld"] += _buildings(before[-1]) != _buildings(after[-1])
        changed["wonders"] += _wonders(before[-1]) != _wonders(after[-1])
    # explored regions, advances learned, battles fought, buildings built or taken were met
    # (random play rarely builds a wonder: the test below builds them)
    assert min(changed[f] for f in ("terrain", "adv", "stats", "bld")) > 5, changed


def test_clone_of_a_state_that_keeps_its_log_shares_no_rare_field() -> None:
    s = _midgame(2, 100)
    c = s.clone()
    assert not any(getattr(c, f) is getattr(s, f) for f in RARE)
    quiet = s.clone().silence()
    assert isinstance(quiet, ClashState)
    q = quiet.clone()
    q.own_rare()
    assert not any(getattr(q, f) is getattr(quiet, f) for f in RARE)
    assert not {id(x) for f in RARE for x in _containers(getattr(q, f))} \
        & {id(x) for f in RARE for x in _containers(getattr(quiet, f))}
    assert _rare(q) == _rare(quiet)


def test_a_wonder_built_on_a_quiet_copy_leaves_the_original_s_cities_alone() -> None:
    # cities.do_wonder gives the city a new wonders list (a quiet copy shares the old one)
    from meeple.games.clash.cities import do_wonder

    built = 0
    for seed in range(4):
        s = _midgame(seed, 60, players=2 + seed % 3).silence()
        assert isinstance(s, ClashState)
        for w, info in DATA.wonders.items():
            for i, city in enumerate(s.cities):
                p = city["owner"]
                if p < 0:
                    continue
                before = copy.deepcopy(s.cities)
                c = s.clone()
                c.own_rare()  # (the advances and the hand given below: the copy's own)
                c.own_cards()
                c.adv[p] = [*c.adv[p], str(info["requires"])]
                c.wonder_hand[p] = [w]
                c.res[p] = dict.fromkeys(c.res[p], 20)
                do_wonder(c, p, c.cities[i], w)
                assert w in c.cities[i]["wonders"]
                assert s.cities == before, (seed, w)
                built += 1
    assert built > 20


def test_buildings_taken_on_a_quiet_copy_leave_the_original_s_cities_alone() -> None:
    # culture.do_influence and combat.capture give the city a new buildings dict (a quiet
    # copy shares the old one)
    from meeple.games.clash.combat import capture
    from meeple.games.clash.culture import do_influence

    taken = 0
    for seed in range(4):
        s = _midgame(seed, 60, players=2 + seed % 3)
        for city in s.cities:
            q = city["owner"]
            city["bld"] = {"temple": q, "market": q} if q >= 0 else {}
        s.silence()
        for i, tgt in enumerate(s.cities):
            for j, src in enumerate(s.cities):
                p = src["owner"]
                if p < 0 or tgt["owner"] in (p, -1):
                    continue
                before = copy.deepcopy(s.cities)
                c = s.clone()
                c.own_rare()
                c.loaded = [6]
                c.res[p] = dict.fromkeys(c.res[p], 20)
                do_influence(c, p, c.cities[j], c.cities[i], "temple", False)
                assert c.cities[i]["bld"]["temple"] == p
                c = s.clone()
                capture(c, p, c.cities[i])
                assert c.cities[i]["bld"] == {"temple": p, "market": p}
                assert s.cities == before, seed
                taken += 1
    assert taken > 10


def test_kept_answers_are_made_once_and_forgotten_when_the_table_is_full() -> None:
    # tables.kept, the rules' replacement for functools caches (a plain dict, emptied when
    # it holds ``size``)
    from meeple.games.clash.tables import kept

    made: list[int] = []

    def square(x: int) -> int:
        made.append(x)
        return x * x

    table: dict[int, int] = {}
    assert [kept(table, x, square, 3) for x in (1, 2, 1, 3, 2)] == [1, 4, 1, 9, 4]
    assert made == [1, 2, 3] and table == {1: 1, 2: 4, 3: 9}
    assert kept(table, 4, square, 3) == 16 and table == {4: 16}  # full: emptied first
    assert kept(table, 1, square, 3) == 1 and made == [1, 2, 3, 4, 1]


def test_has_answers_as_the_list_of_advances_does() -> None:
    # ClashState.has reads a set made from p's list of advances, made again when the list
    # is another list or has grown: the answer is always ``advance in s.adv[p]``
    names = list(DATA.advances)
    asked = 0
    for seed in range(3):
        s = _midgame(seed, 0, players=3).silence()
        assert isinstance(s, ClashState)
        rng = Rng(seed)
        for step in range(400):
            if s.is_terminal():
                break
            c = s.clone()  # (a quiet copy shares the sets: each checks its own list)
            for x in (s, c):
                for p in range(x.n):
                    for a in names:
                        assert x.has(p, a) == (a in x.adv[p]), (seed, step, p, a)
                        asked += 1
            p = s.current_players()[0]
            action = rng.choice(s.legal_actions(p))
            c.apply_unchecked(p, action)
            s.apply_unchecked(p, action)
            if step % 50 == 7:  # a list put in another's place, and one grown in place
                q = step % s.n
                s.own_rare()
                s.adv[q] = [a for a in s.adv[q] if a != s.adv[q][-1]] if s.adv[q] else []
                assert all(s.has(q, a) == (a in s.adv[q]) for a in names)
                s.adv[q].append(names[step % len(names)])
                assert all(s.has(q, a) == (a in s.adv[q]) for a in names)
                s.adv[q] = [*s.adv[q][:-1], names[(step + 1) % len(names)]]  # as long
                assert all(s.has(q, a) == (a in s.adv[q]) for a in names)
    assert not ClashState().has(-1, names[0])
    assert asked > 10000
