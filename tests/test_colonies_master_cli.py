"""A forum Master runs Colonies from the command line over a saved game file."""

import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.core.record import GameRecord

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["colonies", *args])
    return result.exit_code, result.output


def _start(tmp_path: Path) -> Path:
    game = tmp_path / "game.json"
    code, out = _run("new", str(game), "--players", "2", "--seed", "3", "--teams",
                     "traders,generals")
    assert code == 0, out
    for p in (1, 2):
        code, out = _run("orders", str(game), "--player", str(p), "--action", "ready")
        assert code == 0, out
    return game


def test_a_master_runs_a_season_and_writes_the_reports(tmp_path: Path) -> None:
    game = _start(tmp_path)
    orders = tmp_path / "p0.txt"
    orders.write_text('season: Heat 1402\n# my orders\noffensive 5\ncolonize 1\n'
                      'raven 2 "Peace?"\nsubmit\n')
    assert _run("orders", str(game), "--player", "1", "--file", str(orders))[0] == 0
    assert _run("master", str(game), "--action", 'event 2 "Fever in the camp" army -1')[0] == 0
    code, out = _run("resolve", str(game), "--out", str(tmp_path / "reports"))
    assert code == 0, out
    assert "Player 2 sent no orders" in out
    public = (tmp_path / "reports" / "heat-1402-public.md").read_text()
    private1 = (tmp_path / "reports" / "heat-1402-player-2.md").read_text()
    private0 = (tmp_path / "reports" / "heat-1402-player-1.md").read_text()
    bb = (tmp_path / "reports" / "heat-1402-public.bbcode").read_text()
    assert "takes the unowned province 5" in public
    assert "Peace?" not in public and "Peace?" in private1
    assert "Fever in the camp" in private1 and "Fever in the camp" not in private0
    assert "[list]" in bb and "[*]" in bb
    code, out = _run("status", str(game), "--seat", "1")
    assert "Leaf-fall 1402" in out


def test_orders_for_a_finished_season_are_refused(tmp_path: Path) -> None:
    game = _start(tmp_path)
    for p in (1, 2):
        _run("orders", str(game), "--player", str(p), "--action", "submit")
    _run("resolve", str(game))
    stale = tmp_path / "old.txt"
    stale.write_text("season: Heat 1402\nrecruit 0\n")
    code, out = _run("orders", str(game), "--player", "1", "--file", str(stale))
    assert code == 2
    assert "the game is in Leaf-fall 1402 (that season is finished)" in out


def test_bad_orders_are_each_named_and_the_good_ones_wait_for_a_clean_call(
        tmp_path: Path) -> None:
    game = _start(tmp_path)
    code, out = _run("orders", str(game), "--player", "1",
                     "--action", "offensive 5", "--action", "colonize 9",
                     "--action", "propaganda loyalty 50", "--action", "recruit 0",
                     "--action", "offensive 7")
    assert code == 1
    assert "you do not hold province 9" in out
    assert "not enough gold" in out
    assert "already have 2 actions" in out
    assert GameRecord.load(game).replay().view(0)["players"][0]["orders"] == []
    code, out = _run("orders", str(game), "--player", "1",
                     "--action", "offensive 5", "--action", "recruit 0")
    assert code == 0, out
    saved = GameRecord.load(game)
    assert [a.action for a in saved.actions if a.player == 0][-2:] == ["offensive 5", "recruit 0"]


def test_a_broken_game_file_is_named(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"game": "colonies", "players": 2, "seed": 1,
                                "options": {"master": True},
                                "actions": [{"player": 0, "action": "offensive 99"}]}))
    code, out = _run("status", str(game))
    assert code == 2
    assert "action #0" in out


def test_selfplay_colonies_prints_the_same_keys_as_cult() -> None:
    result = runner.invoke(app, ["selfplay", "colonies", "--players", "4", "--bots", "random",
                                 "--games", "2", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert len(lines) == 2
    for line in lines:
        assert set(line) >= {"seed", "winner", "reason", "rounds", "actions", "hash"}
        assert line["rounds"] == 13
