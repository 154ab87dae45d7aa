"""The forum Master's day with ``meeple colonies``: orders entered all or none, refusals
in the Master's words, a season paused for a spy, and what each seat is told."""

from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.core.record import GameRecord

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["colonies", *args])
    return result.exit_code, result.output


def _ok(*args: str) -> str:
    code, out = _run(*args)
    assert code == 0, out
    return out


def _start(tmp_path: Path) -> Path:
    """Two players; player 2 swaps 2 loyalty away, so espionage with 5 gold always beats it."""
    game = tmp_path / "game.json"
    _ok("new", str(game), "--players", "2", "--seed", "3", "--teams", "traders,generals")
    _ok("orders", str(game), "--player", "1", "--action", "ready")
    _ok("orders", str(game), "--player", "2", "--action", "swap loyalty gold",
        "--action", "swap loyalty gold", "--action", "ready")
    return game


def _spy_pause(tmp_path: Path, game: Path) -> str:
    _ok("orders", str(game), "--player", "1", "--action", "espionage 2 5",
        "--action", "recruit 0", "--action", "submit")
    _ok("orders", str(game), "--player", "2", "--action", "offensive 5",
        "--action", "propaganda loyalty 1", "--action", "submit")
    return _ok("resolve", str(game), "--out", str(tmp_path / "reports"))


def test_an_orders_call_with_a_refused_line_enters_nothing(tmp_path: Path) -> None:
    game = _start(tmp_path)
    before = GameRecord.load(game).actions
    code, out = _run("orders", str(game), "--player", "1", "--action", "offensive 5",
                     "--action", "colonize 9", "--action", "propaganda loyalty 50",
                     "--action", "submit")
    assert code == 1
    assert "line 2 (colonize 9): you do not hold province 9 and make no Offensive on it" in out
    assert "line 3 (propaganda loyalty 50): not enough gold" in out
    assert "Nothing was entered" in out
    assert GameRecord.load(game).actions == before
    assert GameRecord.load(game).replay().view(0)["players"][0]["orders"] == []


def test_refusals_name_the_master_and_the_players_never_a_seat_number(tmp_path: Path) -> None:
    game = _start(tmp_path)
    _ok("orders", str(game), "--player", "1", "--action", "submit")
    code, out = _run("orders", str(game), "--player", "1", "--action", "recruit 0")
    assert code == 1
    assert "Player 1 has already submitted the orders of Heat 1402" in out
    assert "player 3" not in out


def test_the_master_waiting_for_a_spy_is_told_whom_the_season_waits_for(
        tmp_path: Path) -> None:
    game = _start(tmp_path)
    _spy_pause(tmp_path, game)
    code, out = _run("resolve", str(game))
    assert code == 1
    assert ("the Master has nothing to decide now: waiting for the new actions of "
            "Player 1, whose espionage succeeded") in out
    assert "player 3" not in out


def test_status_tells_others_only_that_the_master_is_resolving(tmp_path: Path) -> None:
    game = _start(tmp_path)
    _spy_pause(tmp_path, game)
    other = _ok("status", str(game), "--seat", "2")
    assert "Phase: resolving. Waiting for: the Master, who is resolving the season." in other
    assert "spy" not in other.split("Phase:")[1] and "P1" not in other.split("Phase:")[1]
    spy = _ok("status", str(game), "--seat", "1")
    assert "Phase: spy. Waiting for: Player 1." in spy
    master = _ok("status", str(game), "--seat", "master")
    assert "Phase: spy. Waiting for: Player 1." in master


def test_a_season_paused_for_a_spy_writes_its_reports_when_the_spy_submits(
        tmp_path: Path) -> None:
    game = _start(tmp_path)
    out = _spy_pause(tmp_path, game)
    reports = tmp_path / "reports"
    assert "Send each spy this text" in out
    assert "Their orders: offensive 5; propaganda loyalty 1" in out
    spy_text = (reports / "heat-1402-spy-player-1.md").read_text()
    assert "Their orders: offensive 5; propaganda loyalty 1" in spy_text
    assert "[list]" in (reports / "heat-1402-spy-player-1.bbcode").read_text()
    assert not (reports / "heat-1402-public.md").exists()
    done = _ok("orders", str(game), "--player", "1", "--action", "propaganda reputation 0",
               "--action", "propaganda loyalty 0", "--action", "submit")
    assert f"Reports written to {reports}/heat-1402-*.md and .bbcode" in done
    public = (reports / "heat-1402-public.md").read_text()
    assert "takes the unowned province 5" in public
    assert "Their orders" not in public
    assert "+1 reputation" in (reports / "heat-1402-player-1.md").read_text()


def test_reports_in_russian_for_the_forum(tmp_path: Path) -> None:
    game = _start(tmp_path)
    _ok("orders", str(game), "--player", "1", "--action", "offensive 5",
        "--action", 'raven 2 "Мир?"', "--action", "submit")
    out = _ok("resolve", str(game), "--out", str(tmp_path / "ru"), "--lang", "ru")
    assert "## Сезон Жара 1402 года" in out
    assert "- Игрок 2: приказов нет, в этом сезоне без действий." in out
    bb = (tmp_path / "ru" / "heat-1402-player-2.bbcode").read_text()
    assert "[*](лично) Ворон от: Игрок 1: Мир?" in bb
    again = _ok("report", str(game), "--seat", "public", "--lang", "ru", "--format", "bbcode")
    assert "[u]Занято без боя[/u]" in again
    assert "без боя занимает ничейную провинцию 5 «Плачущий Лес»" in again
    code, out = _run("report", str(game), "--lang", "de")
    assert code == 2 and "--lang is en or ru, not 'de'" in out


def test_a_spy_is_told_in_russian_when_the_master_resolves_in_russian(tmp_path: Path) -> None:
    game = _start(tmp_path)
    _ok("orders", str(game), "--player", "1", "--action", "espionage 2 5",
        "--action", "recruit 0", "--action", "submit")
    _ok("orders", str(game), "--player", "2", "--action", "offensive 5", "--action", "submit")
    _ok("resolve", str(game), "--out", str(tmp_path / "ru"), "--lang", "ru")
    spy = (tmp_path / "ru" / "heat-1402-spy-player-1.md").read_text()
    assert "успех. Приказы цели: Наступление на провинцию 5." in spy
    done = _ok("orders", str(game), "--player", "1", "--action", "propaganda loyalty 0",
               "--action", "propaganda loyalty 0", "--action", "submit")
    assert "Reports written to" in done
    assert "#### Занято без боя" in (tmp_path / "ru" / "heat-1402-public.md").read_text()


def test_orders_for_the_masters_seat_point_to_the_master_command(tmp_path: Path) -> None:
    game = _start(tmp_path)
    code, out = _run("orders", str(game), "--player", "3", "--action", "resolve")
    assert code == 2
    assert ("--player 3: no such player; players are 1 to 2 (the Master acts with meeple "
            "colonies master / resolve)") in out
    code, out = _run("orders", str(game), "--player", "0", "--action", "ready")
    assert code == 2 and "--player 0: no such player; players are 1 to 2" in out


def test_players_are_numbered_from_one_in_the_actions_typed_and_the_files_written(
        tmp_path: Path) -> None:
    game = _start(tmp_path)
    code, out = _run("orders", str(game), "--player", "1", "--action", "espionage 3 5")
    assert code == 1 and "line 1 (espionage 3 5): no player 3: players are 1 to 2" in out
    code, out = _run("orders", str(game), "--player", "1", "--action", "espionage 1 5")
    assert code == 1 and "you cannot spy on yourself" in out
    out = _ok("orders", str(game), "--player", "1", "--action", "espionage 2 5")
    assert "accepted: espionage 2 5" in out
    assert "Player 1's orders now: espionage on player 2, 5 gold" in out
    # The record keeps the engine's numbers: player 1 spies on the engine's seat 1.
    assert [a.action for a in GameRecord.load(game).actions if a.player == 0][-1] \
        == "espionage 1 5"
