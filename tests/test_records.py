"""Game records replay exactly; broken records and states are refused with the reason."""

import json
from pathlib import Path

import pytest

from meeple.core.errors import IllegalActionError, SaveFileError
from meeple.core.record import GameRecord
from meeple.core.registry import get_game
from meeple.sim.match import play_match


def test_a_saved_record_replays_to_the_same_hash(tmp_path: Path) -> None:
    result = play_match("cult", 3, 5, ["random"] * 3, {"max_rounds": 8})
    path = tmp_path / "game.json"
    result.record.save(path)
    again = GameRecord.load(path).replay()
    assert again.hash() == result.state.hash()
    assert again.is_terminal()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"game": "cult", "players": 4}', "seed"),
        ('{"game": "chess", "players": 2, "seed": 1}', "unknown game"),
        ('{"game": "cult", "players": 9, "seed": 1}', "2-5 players"),
        ('{"game": "cult", "players": 2, "seed": 1, "format": "x"}', "unknown record format"),
        ('{"game": "cult", "players": 2, "seed": 1,'
         ' "actions": [{"player": 0, "action": "place 13 P"}]}', "action #0"),
        ('{"game": "cult", "players": 2, "seed": 1, "options": {"colour": 1}}', "unknown option"),
    ],
)
def test_broken_records_are_refused_with_the_reason(
        tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveFileError, match=problem):
        GameRecord.load(path).replay()


def test_missing_record_file_is_named() -> None:
    with pytest.raises(SaveFileError, match="cannot read"):
        GameRecord.load(Path("/nonexistent/game.json"))


def _state_json() -> dict[str, object]:
    state = get_game("cult").new_state(3, 9, {})
    data = json.loads(json.dumps(state.to_json()))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d["players"][0].update(coins="many"), "players.0.coins"),
        (lambda d: d["players"][0].update(followers=9), "players.0.followers"),
        (lambda d: d["miracles"].pop(), "not exactly the 90 cards"),
        (lambda d: d["players"][1]["hand"].append(d["miracles"][0]), "not exactly the 90 cards"),
        (lambda d: d["players"][0]["free"].append(0), "2 Patriarchs"),
        (lambda d: d["players"][0]["free"].extend([5, 5, 5, 5]), "more priest tokens"),
        (lambda d: d["players"][1].update(cult=d["players"][0]["cult"]), "same cult"),
        (lambda d: d.update(stack=[]), "neither over nor waiting"),
        (lambda d: d.update(stack=[["teleport", 0]]), "unknown pending decision"),
        (lambda d: d["board"][0].append([7, 1, 0, 0]), "priest"),
        (lambda d: d.update(log=[[1, 2]]), "log entry 0"),
        (lambda d: d.update(first=-1), "first"),
    ],
)
def test_broken_states_are_refused_with_the_reason(change: object, problem: str) -> None:
    data = _state_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(SaveFileError, match=problem):
        get_game("cult").state_from_json(data)


def test_refused_action_changes_nothing() -> None:
    state = get_game("cult").new_state(4, 3, {})
    before = state.hash()
    waiting = state.current_players()[0]
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply(waiting, "place 13 P")
    with pytest.raises(IllegalActionError, match="not player"):
        state.apply((waiting + 1) % 4, "pass")
    assert state.hash() == before
