"""Clash of Cultures: the start of a 3-player game, powers of several advances at once,
the end of the game and the rules document's tables — one test per rule of
docs/rules/clash.md, on positions made by hand (tests/clash_helpers.py). The other rules
of cities, advances, happiness, powers and the status phase are scenarios in
scenarios/clash/."""

from __future__ import annotations

from meeple.games.clash import status
from meeple.games.clash.state import ClashState
from tests.clash_helpers import GAME, act, city, fresh, kinds_at, learn, legal, res

CENTRE = 17  # six neighbours on the 2-player board: 6, 7, 16, 18, 19, 20


def test_each_player_starts_with_a_neutral_city_a_settler_two_advances_and_two_cards() -> None:
    s = GAME.new_state(3, 5)
    assert isinstance(s, ClashState)
    for p in range(3):
        (c,) = s.cities_of(p)
        assert c["mood"] == 1 and s.size(c) == 1 and s.terrain[c["hex"]] == "fertile"
        assert kinds_at(s, c["hex"], p) == ["settler"]
        assert s.adv[p] == ["Farming", "Mining"]
        assert len(s.action_hand[p]) == 1 and len(s.objective_hand[p]) == 1
    assert sum(s.revealed) == 3


# ---- collecting --------------------------------------------------------------------
def test_public_education_and_free_economy_add_an_idea_and_a_gold_once_per_turn() -> None:
    s = fresh()
    city(s, 0, CENTRE, mood=2, bld=("academy",))
    learn(s, 0, "Public Education", "Free Economy")
    act(s, 0, "collect 17 food:3")
    assert (s.res[0]["ideas"], s.res[0]["gold"]) == (1, 1)
    act(s, 0, "collect 17 food:3")  # still happy: the second activation angers it after
    assert (s.res[0]["ideas"], s.res[0]["gold"]) == (1, 1)


# ---- building and recruiting -----------------------------------------------------------
def test_state_religion_temple_costs_no_food_once_per_turn_and_dogma_gives_an_idea() -> None:
    s = fresh()
    city(s, 0, CENTRE)
    city(s, 0, 3)
    learn(s, 0, "Myths", "State Religion", "Dogma")
    res(s, 0, food=0, wood=2, ore=2)
    act(s, 0, "build 17 temple")
    assert s.res[0]["mood"] == 1 and s.res[0]["ideas"] == 1 and s.res[0]["wood"] == 1
    assert "build 3 temple" not in legal(s, 0)  # the food is needed again


def test_an_angry_city_cannot_build() -> None:
    s = fresh()
    city(s, 0, CENTRE, mood=0)
    learn(s, 0, "Myths")
    res(s, 0, food=1, wood=1, ore=1)
    assert "build 17 temple" not in legal(s, 0)
    learn(s, 0, "Forced Labor")
    res(s, 0, mood=1)
    act(s, 0, "forced")  # Autocracy's price: a mood token for the turn
    assert "build 17 temple" in legal(s, 0)


def test_draft_and_sanitation_pay_one_unit_each_with_mood_civil_liberties_doubles_draft() -> None:
    s = fresh()
    city(s, 0, CENTRE, bld=("temple",))
    learn(s, 0, "Draft", "Sanitation")
    res(s, 0, mood=2)
    assert "recruit 17 settler:1+infantry:1 tokens" in legal(s, 0)
    act(s, 0, "recruit 17 infantry:1+settler:1 tokens")
    assert s.res[0]["mood"] == 0 and kinds_at(s, CENTRE, 0) == ["infantry", "settler"]
    learn(s, 0, "Civil Liberties")
    res(s, 0, mood=1)
    assert "recruit 17 infantry:1 tokens" not in legal(s, 0)


def test_medicine_takes_one_resource_off_a_recruit_and_nationalism_gives_culture() -> None:
    s = fresh()
    city(s, 0, CENTRE)
    learn(s, 0, "Medicine", "Nationalism")
    res(s, 0, food=1, ore=0)
    act(s, 0, "recruit 17 infantry:1")
    assert s.res[0]["food"] == 0 and s.res[0]["culture"] == 1


# ---- advances --------------------------------------------------------------------------
# ---- founding, happiness, razing ---------------------------------------------------------
def test_the_game_ends_after_six_rounds_and_scores_pieces_advances_objectives_wonders() -> None:
    s = fresh()
    city(s, 0, CENTRE, bld=("temple", "academy"), wonders=("Pyramids",))
    city(s, 1, 32, wonders=("Great Wall",))
    s.cities[1]["bld"]["obelisk"] = 0  # P0's building in P1's city
    s.claimed[0] = ["Builder: peaceful"]
    assert status.score(s, 0) == 4 + 1 + 2 + 5  # 4 pieces, 2 advances, 1 objective, Pyramids
    assert status.score(s, 1) == 1 + 1 + 5
    s.round, s.turn, s.seat, s.actions_left = 6, 3, 1, 1
    act(s, 1, "end")
    while not s.is_terminal():
        p = s.current_players()[0]
        act(s, p, "keep" if "keep" in legal(s, p) else sorted(legal(s, p))[0])
    assert s.result()["winner"] == 0 and s.result()["scores"][0] >= 12


# ---- powers ------------------------------------------------------------------------------
def test_bartering_theaters_and_absolute_power_are_free_once_a_turn() -> None:
    s = fresh()
    learn(s, 0, "Bartering", "Arts", "Theaters", "Absolute Power")
    s.action_hand[0] = ["Wealth", "Great Scientist"]
    res(s, 0, mood=2, culture=1)
    act(s, 0, "barter Wealth")
    act(s, 0, "theaters to_mood")
    act(s, 0, "absolute")
    assert s.res[0] == {**s.res[0], "gold": 1, "mood": 1, "culture": 0}
    assert s.actions_left == 4
    assert not {a for a in legal(s, 0) if a.split()[0] in ("barter", "theaters", "absolute")}


def test_the_rules_document_holds_the_tables_of_the_data_files() -> None:
    from pathlib import Path

    from meeple.games.clash.doc import tables

    doc = Path(__file__).resolve().parent.parent / "docs" / "rules" / "clash.md"
    assert tables() in doc.read_text("utf-8")


def test_currency_pays_taxes_in_gold_monuments_draws_a_wonder_civil_liberties_gives_mood(
        ) -> None:
    s = fresh()
    city(s, 0, CENTRE)
    learn(s, 0, "Bartering", "Taxes", "Currency", "Arts", "Writing", "Philosophy")
    res(s, 0, mood=1, food=2, ideas=2)
    s.actions_left = 4
    act(s, 0, "taxes gold")
    assert s.res[0]["gold"] == 1
    act(s, 0, "advance Monuments")
    assert len(s.wonder_hand[0]) == 1 and s.res[0]["culture"] == 1
    act(s, 0, "advance Voting")
    res(s, 0, food=2)
    act(s, 0, 'advance "Civil Liberties"')
    assert s.res[0]["mood"] == 1 + 3 + 1  # Voting's token, Civil Liberties' 3 and its token

