"""Jaipur's rules: its scenarios pass, the engine's checks hold for it, and the rules a
scenario cannot state at once — every exchange the rule book allows, and only those, is
reachable step by step with no dead end; what each player may not see stays hidden."""

from itertools import combinations
from pathlib import Path

import pytest

from meeple.core.conformance import random_playout
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.core.scenario import run_paths
from meeple.core.text import missing
from meeple.games.jaipur.state import CAMEL, LIMIT, RULES, JaipurState

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "jaipur"


def test_every_scenario_of_jaipur_holds() -> None:
    results = run_paths([SCENARIOS])
    assert len(results) >= 25
    failed = [f"{r.name}: {c.path} {c.detail}" for r in results for c in r.checks if not c.ok]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_game_of_jaipur_keeps_every_engine_rule(seed: int) -> None:
    stats = random_playout(get_game("jaipur"), 2, seed=seed)
    assert stats.result["reason"] == "seals"
    assert max(stats.result["scores"]) == RULES["seals_to_win"]


def test_every_text_of_jaipur_has_english_and_russian() -> None:
    assert missing("jaipur") == []


def test_the_deal_gives_five_cards_each_and_the_deck_the_rest() -> None:
    s = get_game("jaipur").new_state(2, 11)
    assert isinstance(s, JaipurState)
    for p in range(2):
        assert len(s.hands[p]) + s.herds[p] == RULES["hand_deal"]
    assert len(s.deck) == 55 - 10 - 5
    assert s.market[:3] == [CAMEL] * 3


def positions(count: int) -> list[JaipurState]:
    """Positions of random games where the player to move is not in an exchange."""
    game = get_game("jaipur")
    out: list[JaipurState] = []
    rng = Rng(5)
    seed = 0
    while len(out) < count:
        s = game.new_state(2, seed)
        seed += 1
        while not s.is_terminal() and len(out) < count:
            assert isinstance(s, JaipurState)
            if not s.taking and rng.below(4) == 0:
                out.append(s.clone())
            p = s.current_players()[0]
            s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
    return out


def exchanges_by_the_book(s: JaipurState) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every exchange as the rule book allows it: two or more goods of the market for as
    many goods of other kinds or camels, the hand ending with seven cards at most."""
    p = s.turn
    hand, herd = s.hands[p], s.herds[p]
    goods = [c for c in s.market if c != CAMEL]
    found = set()
    for k in range(2, len(goods) + 1):
        for taken in {tuple(sorted(t)) for t in combinations(goods, k)}:
            mine = [c for c in hand if c not in taken] + [CAMEL] * herd
            for given in {tuple(sorted(g)) for g in combinations(mine, k)}:
                if len(hand) + given.count(CAMEL) <= LIMIT:
                    found.add((taken, given))
    return found


def exchanges_step_by_step(s: JaipurState) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every exchange reached by the offered steps, failing on a step that leads nowhere."""
    found = set()
    seen = set()
    p = s.turn

    def walk(state: JaipurState, taken: list[str], given: list[str]) -> None:
        key = (tuple(sorted(taken)), tuple(sorted(given)), bool(given))
        if key in seen:
            return
        seen.add(key)
        steps = [a for a in state.legal_actions(p) if a.kind != "cancel"]
        assert steps, f"an exchange with no way on: took {taken}, gave {given}"
        for a in steps:
            nxt = state.clone()
            nxt.apply(p, a)
            t2 = [*taken, str(a.args[0])] if a.kind == "pick" else taken
            g2 = [*given, str(a.args[0])] if a.kind == "give" else given
            if nxt.taking:
                walk(nxt, t2, g2)
            else:
                assert len(g2) == len(t2) and nxt.turn != p
                found.add((tuple(sorted(t2)), tuple(sorted(g2))))

    for a in s.legal_actions(p):
        if a.kind == "trade":
            nxt = s.clone()
            nxt.apply(p, a)
            walk(nxt, [str(a.args[0])], [])
    return found


def test_every_exchange_of_the_rules_and_only_those_is_offered_step_by_step() -> None:
    checked = 0
    for s in positions(60):
        assert exchanges_step_by_step(s) == exchanges_by_the_book(s)
        checked += bool(exchanges_by_the_book(s))
    assert checked >= 20


def test_a_cancelled_exchange_gives_back_the_position_it_began_from() -> None:
    cancelled = 0
    for s in positions(40):
        trades = [a for a in s.legal_actions(s.turn) if a.kind == "trade"]
        if not trades:
            continue
        before = s.to_json()["state"]
        c = s.clone()
        c.apply(c.turn, trades[0])
        # gives are offered last: on to the last give but one, then call it off
        while len(c.taking) < 2 or len(c.giving) + c.giving_camels + 1 < len(c.taking):
            c.apply(c.turn, c.legal_actions(c.turn)[-1])
        c.apply(c.turn, "cancel")
        after = c.to_json()["state"]
        assert after.pop("called_off") == before.pop("called_off") + 1
        assert after == before
        cancelled += 1
    assert cancelled >= 10


def a_position_with_a_bonus_token_of_player_1() -> JaipurState:
    s = get_game("jaipur").new_state(2, 4)
    assert isinstance(s, JaipurState)
    rng = Rng(9)
    while not any(s.bonus_won[0]):
        p = s.current_players()[0]
        big = [a for a in s.legal_actions(p) if a.kind == "sell" and int(a.args[1]) >= 3]
        s.apply(p, big[0] if big and p == 0 else rng.choice(s.legal_actions(p)))
        assert not s.is_terminal()
    while s.taking:  # the other's turn, out of any exchange
        s.apply(s.turn, "cancel")
    return s


def test_a_bonus_tokens_value_is_seen_by_its_owner_only() -> None:
    s = a_position_with_a_bonus_token_of_player_1()
    pile = next(i for i, won in enumerate(s.bonus_won[0]) if won)
    other = s.clone()
    swap = next(v for v in RULES["bonus"][3 + pile] if v != other.bonus_won[0][pile][0])
    other.bonus[pile][other.bonus[pile].index(swap)] = other.bonus_won[0][pile][0]
    other.bonus_won[0][pile][0] = swap
    other.check()
    assert other.view(1) == s.view(1) and other.view(None) == s.view(None)
    assert other.view(0) != s.view(0)
    assert s.view(0)["my_bonus"] == s.bonus_won[0]
    private = [e.line("en") for e in s.log.events() if not e.visible_to(1)]
    public = [e.line("en") for e in s.log.events() if e.visible_to(1)]
    assert any("Your bonus token" in line for line in private)
    assert not any("Your bonus token" in line for line in public)


def test_a_hand_is_seen_by_its_owner_only() -> None:
    s = a_position_with_a_bonus_token_of_player_1()
    other = s.clone()
    i = next(i for i, c in enumerate(other.deck) if c not in (CAMEL, other.hands[0][0]))
    other.deck[i], other.hands[0][0] = other.hands[0][0], other.deck[i]
    other.check()
    assert other.view(1) == s.view(1)
    assert other.view(0) != s.view(0)
    assert s.view(0)["hand"] == s.hands[0] and s.view(1)["hand"] == s.hands[1]


def test_a_redeal_puts_no_camel_in_a_hand_and_keeps_an_exchange_lawful() -> None:
    mid_exchange = 0
    for s in positions(40):
        for kind in ("trade", "pick", "give"):
            steps = [a for a in s.legal_actions(s.turn)
                     if a.kind == kind and a.args[0] != CAMEL]
            if steps:
                s.apply(s.turn, steps[0])
        mid_exchange += bool(s.giving)
        for viewer in (0, 1, None):
            r = s.redeal(viewer, 17)
            r.check()
            assert all(CAMEL not in h for h in r.hands)
            assert not {r.market[i] for i in r.taking} & set(r.giving)
            assert r.view(viewer) == s.view(viewer)
    assert mid_exchange >= 5


def test_a_scenario_set_up_puts_the_cards_it_leaves_out_into_the_deck() -> None:
    game = get_game("jaipur")
    s = game.scenario_setup(game.new_state(2, 0), {
        "market": ["camel", "camel", "camel", "leather", "spice"],
        "hands": [["gold"], []], "herds": [0, 0]})
    assert isinstance(s, JaipurState)
    assert len(s.deck) == 55 - 5 - 1 and not s.discard
    with pytest.raises(ValueError, match="55 cards"):
        game.scenario_setup(game.new_state(2, 0), {"hands": [["gold"] * 7, []]})
