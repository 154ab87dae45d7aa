"""Cult's data files hold the numbers the source fixes and our documented decisions."""

from meeple.games.cult.data import load

DATA = load()


def test_card_counts_are_those_of_the_box() -> None:
    assert len(DATA.miracles) == 30
    assert len(DATA.conspiracies) == 30
    assert len({c.key for c in DATA.conspiracies}) == 10
    assert len(DATA.licences) == 30


def test_mystic_powers_are_distinct_and_every_dark_side_beats_every_light_side() -> None:
    light = [c.light_power for c in DATA.cults]
    dark = [c.dark_power for c in DATA.cults]
    assert len(set(light + dark)) == 16
    assert min(dark) > max(light)
    assert max(light) == DATA.cult_by_key("cthulhu").light_power == 21


def test_licence_prices_and_bonuses_are_in_the_ranges_of_the_source() -> None:
    for lic in DATA.licences:
        assert 5 <= lic.price <= 22
        assert lic.bonus == 4 if lic.kind == "honour" else 1 <= lic.bonus <= 3
    community = sorted(d for lic in DATA.licences if lic.kind == "community" for d in lic.districts)
    assert community == [d for d in range(1, 14) if d != 4]
    offices = sorted(lic.districts[0] for lic in DATA.licences if lic.kind == "office")
    assert offices == [10, 11, 12, 13]
    assert sorted(lic.value for lic in DATA.licences if lic.kind == "approval") == [4, 5, 6]


def test_conspiracy_rewards_are_between_4_and_13() -> None:
    assert all(4 <= c.reward <= 13 for c in DATA.conspiracies)


def test_district_access_follows_the_source() -> None:
    access = [d.access for d in DATA.districts]
    assert access == [0, 0, 1, 1, 1, 1, 3, 3, 3, 5, 5, 5, 7]
    assert [d.donation for d in DATA.districts] == [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3]


def test_each_cult_has_two_abilities_per_side() -> None:
    for cult in DATA.cults:
        assert len(cult.abilities) == 4
        for ab in cult.abilities:
            assert ab.kind in ("ritual", "sacrifice")
            assert (ab.kind == "ritual") == bool(ab.master_max or ab.patriarch_min)


def test_the_rules_document_holds_the_tables_of_the_data_files() -> None:
    from pathlib import Path

    from meeple.games.cult.doc import tables

    doc = Path(__file__).resolve().parent.parent / "docs" / "rules" / "cult.md"
    assert tables() in doc.read_text("utf-8")
