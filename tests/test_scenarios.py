"""Every scenario file under scenarios/ (one test per scenario, named after its rule),
and the scenario runner itself: it reports failures and refuses malformed files."""

from pathlib import Path

import pytest

from meeple.core.errors import ScenarioError
from meeple.core.scenario import ScenarioModel, collect, load, run

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
CASES = [(f, sc) for f in collect([ROOT]) for sc in load(f)]


IDS = [f"{sc.game}/{f.stem}: {sc.name}" for f, sc in CASES]


@pytest.mark.parametrize(("file", "sc"), CASES, ids=IDS)
def test_scenario(file: Path, sc: ScenarioModel) -> None:
    result = run(sc, str(file))
    failed = [f"{c.path}: {c.detail}" for c in result.checks if not c.ok]
    assert not failed, "\n".join(failed)


def test_there_are_scenarios_for_each_rule_family() -> None:
    names = " ".join(sc.name for _, sc in CASES)
    for word in ["Wastelands", "Thieves", "Slums", "Forum", "Temple", "Trade", "Craft",
                 "Academy", "Port", "Palace", "Nobles", "Barracks", "Rift", "Approval",
                 "Tithe", "Office", "Community", "Festival", "Five altars", "fanatic mobs",
                 "second successful summoning"]:
        assert word in names, word
    abilities = {"Departure", "Hand of Death", "Cult of the Dead", "Loss of Shackles", "Abyss",
                 "Wrath", "Crushing Storm", "Will of the Ancient", "Ode of Greed",
                 "Blood for Gold", "Ode of Treachery", "Marauders", "Smile of Fortune",
                 "Mystery of Virtue", "Duplicity", "Mystery of Vices", "Road of Loyalty",
                 "Road of Contempt", "Road of Exile", "Road of Triumph", "Change of Guise",
                 "Incarnation", "Invasion", "Harvest of Chaos", "Initiation", "Female Charms",
                 "Spider's Grip", "Charms of the Goddess", "Triumph of Science",
                 "Strategy of Terror", "Debunking the Myth", "Denial of Foundations"}
    assert {a for a in abilities if a not in names} == set()


def _scenario(**changes: object) -> ScenarioModel:
    base = {"name": "t", "game": "cult", "players": 2, "options": {"cults": "janus,fafnir"},
            "actions": ["0: place 1 1"], "expect": {"districts.1.priests.0.owner": 0}}
    base.update(changes)
    return ScenarioModel.model_validate(base)


def test_a_wrong_expectation_is_reported_as_failed() -> None:
    result = run(_scenario(expect={"districts.1.priests.0.owner": 1, "no.such.fact": 3}))
    assert [c.ok for c in result.checks] == [False, False]
    assert "expected 1, got 0" in result.checks[0].detail
    assert "no such fact" in result.checks[1].detail


def test_an_action_expected_to_fail_that_succeeds_is_a_failure() -> None:
    result = run(_scenario(actions=[{"do": "0: place 1 1", "error": "not legal"}]))
    assert not result.ok


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("name: x\ngame: cult\nplayers: 2\n", "expect"),
        ("- [unclosed", "cannot read YAML"),
        ("name: x\ngame: cult\nplayers: 2\nexpect: {a: 1}\nsurprise: 1\n", "surprise"),
    ],
)
def test_malformed_scenario_files_are_refused(tmp_path: Path, content: str, problem: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(content)
    with pytest.raises(ScenarioError, match=problem):
        load(f)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"actions": ["place 1 1"]}, "PLAYER: ACTION"),
        ({"setup": {"weather": "rain"}}, "unknown key"),
        ({"setup": {"players": {0: {"free": [0, 0]}}}}, "not a priest level"),
        ({"setup": {"players": {0: {"free": ["P", "P"]}}}}, "impossible position"),
        ({"setup": {"players": {0: {"hand": ["x9"]}}}}, "not a card"),
        ({"setup": {"board": {14: [[0, 1]]}}}, "not a district"),
        ({"game": "chess"}, "cannot set up"),
    ],
)
def test_malformed_scenarios_are_refused(changes: dict[str, object], problem: str) -> None:
    with pytest.raises(ScenarioError, match=problem):
        run(_scenario(**changes))
