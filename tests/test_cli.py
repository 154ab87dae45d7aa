"""The meeple command line: games, play, replay, selfplay, scenario, bench."""

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.cli.play import play_terminal
from meeple.core.record import GameRecord

runner = CliRunner()


def test_games_lists_cult() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "cult" in result.output and "2-5 players" in result.output


def test_selfplay_prints_one_json_line_per_game_and_repeats_exactly() -> None:
    args = ["selfplay", "cult", "--players", "3", "--bots", "random", "--games", "3",
            "--seed", "4", "--json", "--max-rounds", "15"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    lines = [json.loads(x) for x in first.output.splitlines()]
    assert len(lines) == 3
    for i, line in enumerate(lines):
        assert line["seed"] == 4 + i
        assert set(line) >= {"seed", "winner", "reason", "rounds", "actions", "hash"}
        assert line["winner"] in range(3)
    assert first.output == second.output


def test_selfplay_bad_arguments_are_named() -> None:
    result = runner.invoke(app, ["selfplay", "cult", "--players", "7"])
    assert result.exit_code == 2
    assert "2-5 players" in result.output
    result = runner.invoke(app, ["selfplay", "cult", "--bots", "random,random"])
    assert "names 2 bots for 4 players" in result.output


def test_replay_prints_the_final_hash(tmp_path: Path) -> None:
    lines = runner.invoke(app, ["selfplay", "cult", "--players", "2", "--games", "1",
                                "--seed", "9", "--json", "--max-rounds", "10"]).output
    expected = json.loads(lines)["hash"]
    from meeple.sim.match import play_match

    result = play_match("cult", 2, 9, ["random", "random"], {"max_rounds": 10})
    path = tmp_path / "g.json"
    result.record.save(path)
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0
    assert out.output.strip() == expected


def test_replay_of_a_broken_file_names_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"game": "cult", "players": 2, "seed": 1, "actions": '
                    '[{"player": 0, "action": "dance"}]}')
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 2
    assert "action #0" in out.output


def test_scenario_command_exit_status(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(
        "name: g\ngame: cult\nplayers: 2\nactions: ['0: pass']\nexpect: {current: 1}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: b\ngame: cult\nplayers: 2\nactions: ['0: pass']\nexpect: {current: 0}\n")
    ok = runner.invoke(app, ["scenario", str(good)])
    assert ok.exit_code == 0 and "1 passed, 0 failed" in ok.output
    fail = runner.invoke(app, ["scenario", str(good), str(bad)])
    assert fail.exit_code == 1 and "FAIL" in fail.output
    missing = runner.invoke(app, ["scenario", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2


def test_bench_engine_prints_the_keys() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "cult", "--seconds", "0.3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in ("actions_per_sec", "game_ms_median", "clone_us", "legal_us"):
        assert data[key] > 0


def test_a_person_can_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    """A scripted person: tries a wrong number, bad text and the help, then answers with
    the first option each time; the game reaches its end and the record replays."""
    answers = iter(["99", "fly away", "help", "board"])
    out: list[str] = []

    def read(prompt: str) -> str:
        return next(answers, "1")

    save = tmp_path / "game.json"
    record = play_terminal("cult", 3, ["human", "random", "random"], 21, {"max_rounds": 6},
                           save, read=read, write=out.append)
    assert record is not None
    text = "\n".join(out)
    assert "No option 99" in text
    assert "Not an action" in text or "is not one of the options" in text
    assert "Game over" in text
    assert GameRecord.load(save).replay().is_terminal()


def test_quitting_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = iter(["1", "1", "quit"])
    out: list[str] = []
    assert play_terminal("cult", 2, ["human", "random"], 5, {"max_rounds": 4}, save,
                         read=lambda _: next(answers), write=out.append) is None
    assert "--resume" in out[-1]
    saved = GameRecord.load(save)
    assert len(saved.actions) >= 2
    record = play_terminal("cult", 2, ["human", "random"], 5, {"max_rounds": 4}, save,
                           read=lambda _: "1", write=out.append, resume=saved)
    assert record is not None
    assert record.actions[: len(saved.actions)] == saved.actions


def test_cyclades_three_players_and_six_in_teams_play_to_the_end_in_the_terminal(
        tmp_path: Path) -> None:
    for players, rounds in ((3, 5), (6, 2)):
        out: list[str] = []
        save = tmp_path / f"cyclades{players}.json"
        seats = ["human"] + ["heuristic"] * (players - 1)
        record = play_terminal("cyclades", players, seats, 7, {"max_rounds": rounds}, save,
                               read=lambda prompt: "1", write=out.append)
        assert record is not None
        text = "\n".join(out)
        assert "Game over" in text
        state = GameRecord.load(save).replay()
        assert state.is_terminal()
        if players == 6:
            assert state.view(0)["options"]["teams"] is True


def test_bench_engine_for_cyclades_has_the_same_keys_as_cult() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "cyclades", "--seconds", "0.3",
                              "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in ("actions_per_sec", "game_ms_median", "clone_us", "legal_us"):
        assert data[key] > 0


def test_clash_of_cultures_two_players_play_the_six_rounds_in_the_terminal(
        tmp_path: Path) -> None:
    out: list[str] = []
    save = tmp_path / "clash.json"
    answers = iter(["advance Writing", "advance Nowhere", "advance Storage"])
    record = play_terminal("clash", 2, ["human", "heuristic"], 3, {}, save,
                           read=lambda prompt: next(answers, "1"), write=out.append)
    assert record is not None
    text = "\n".join(out)
    # Writing takes the two starting food: Storage is then out of reach.
    assert "Player 1 learns Writing (an action; paid 2 food)" in text
    assert "Player 1: +1 culture: Writing's culture token" in text
    assert "'advance Nowhere' is not one of the options now" in text
    assert "'advance Storage' is not one of the options now" in text
    assert "Game over after 6 rounds" in text
    state = GameRecord.load(save).replay()
    assert state.is_terminal() and state.result()["reason"] == "six rounds played"


def test_terminal_play_counts_seats_from_one(tmp_path: Path) -> None:
    """A person reads and is asked as 'Player 2', never P1 or seat 0: the prompt, the
    Cult board and log, and the winner at the end."""
    asked: list[str] = []
    out: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "1"

    record = play_terminal("cult", 3, ["random", "human", "random"], 4, {"max_rounds": 2},
                           None, read=read, write=out.append)
    assert record is not None
    assert set(asked) == {"Player 2> "}
    text = "\n".join(out)
    assert re.search(r"\bP\d\b", text) is None, text[:2000]
    assert "Player 1 (Lolth)" in text and "Player 2 (Anubis)" in text
    assert "Game over after 2 rounds: Player 2 wins. Player 2 is furthest ahead" in text
    for game, players in (("cyclades", 3), ("clash", 2), ("counter", 2)):
        prompts: list[str] = []
        seats = ["heuristic"] * (players - 1) + ["human"]

        def first(prompt: str, prompts: list[str] = prompts) -> str:
            prompts.append(prompt)
            if len(prompts) > 3:
                raise KeyboardInterrupt
            return "1"

        said: list[str] = []
        play_terminal(game, players, seats, 3, {}, None, read=first, write=said.append)
        assert prompts and set(prompts) == {f"Player {players}> "}, (game, prompts)
        assert re.search(r"\bP0\b", "\n".join(said)) is None, (game, said[:20])


def test_the_server_client_asks_as_player_n(monkeypatch: Any) -> None:
    """`meeple client play` counts seats from 1 too: seat 1 is asked as 'Player 2>'."""
    from meeple.cli import client

    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return "quit"

    monkeypatch.setattr("builtins.input", answer)
    view = {"board": "", "prompt": ["Player 2: place a free priest, or pass"],
            "choices": [{"text": "pass", "action": "pass"}], "seat": 1}
    assert client._ask(view) is None
    assert asked == ["Player 2> "]
