"""``meeple bench server --vs-boardgameio``: meeple's counter on its durable server
alternated with boardgame.io's server in memory (issue 41's targets); where boardgame.io
cannot be installed or run, the command says why and fails before any run."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.server import bgio_bench
from meeple.server.bgio_bench import Unavailable, installed, npm_said

runner = CliRunner()


def _tools(folder: Path, npm: str | None) -> str:
    """A PATH holding a ``node`` that does nothing and, if given, an ``npm`` script."""
    folder.mkdir()
    scripts = {"node": "exit 0"} | ({"npm": npm} if npm is not None else {})
    for name, body in scripts.items():
        tool = folder / name
        tool.write_text(f"#!/bin/sh\n{body}\n")
        tool.chmod(0o755)
    return str(folder)


def test_without_npm_the_reason_is_given(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", _tools(tmp_path / "bin", npm=None))
    with pytest.raises(Unavailable, match="npm is not installed here"):
        installed(tmp_path / "bgio")


def test_an_install_npm_cannot_make_is_refused_with_npms_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    npm = ('echo "npm error code ECONNREFUSED" >&2; '
           'echo "npm error FetchError: request failed" >&2; '
           'echo "npm error     at ClientRequest.emit (x.js:1:1)" >&2; exit 1')
    monkeypatch.setenv("PATH", _tools(tmp_path / "bin", npm))
    with pytest.raises(Unavailable) as e:
        installed(tmp_path / "bgio")
    assert str(e.value) == ("npm could not install boardgame.io 0.50.2 (exit status 1): "
                            "code ECONNREFUSED; FetchError: request failed")


def test_the_command_fails_saying_why_before_any_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", _tools(tmp_path / "bin", npm="exit 1"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # not an install made before
    ran: list[str] = []
    monkeypatch.setattr(bgio_bench, "bench_server", lambda *a, **k: ran.append("meeple"))
    out = runner.invoke(app, ["bench", "server", "--vs-boardgameio", "--rounds", "1"])
    assert out.exit_code == 2
    assert "error: --vs-boardgameio: npm could not install boardgame.io" in out.output
    assert "it said nothing" in out.output and "Traceback" not in out.output
    assert ran == []


def test_npms_reason_is_its_lines_before_the_stack_trace() -> None:
    text = ("npm ERR! code E404\nnpm ERR! 404 Not Found - boardgame.io\n"
            "npm ERR!     at x (y.js:1:1)\nnpm ERR! more\n")
    assert npm_said(text) == "code E404; 404 Not Found - boardgame.io"
    assert npm_said("") == "it said nothing"


@pytest.mark.parametrize("args", [["--game", "cult"], ["--rounds", "0"], ["--vs-counter"],
                                  ["--finish-games", "3"]])
def test_vs_boardgameio_refuses_what_it_cannot_compare(args: list[str]) -> None:
    out = runner.invoke(app, ["bench", "server", "--vs-boardgameio", *args])
    assert out.exit_code == 2
    assert "--vs-boardgameio compares the counter" in out.output


def test_the_two_servers_run_in_turns_and_the_ratio_is_of_the_medians(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    ours, theirs = [900.0, 1200.0, 1000.0], [400.0, 600.0, 500.0]

    def meeple(game: str, games: int, clients: int, seconds: float,
               database: str | None = None) -> dict[str, Any]:
        order.append(game)
        return {"game": game, "moves_per_sec": ours.pop(0), "p99_ms": 50.0, "lost": 0,
                "server_cpu_ms_per_move": 0.3, "build": "pure Python"}

    def boardgameio(folder: Path, games: int, clients: int, seconds: float
                    ) -> dict[str, Any]:
        order.append("boardgame.io")
        return {"server": "boardgame.io", "moves_per_sec": theirs.pop(0), "p99_ms": 70.0,
                "server_cpu_ms_per_move": 0.2, "clients_cpu_ms_per_move": 0.1,
                "bytes_per_move": 2000}

    monkeypatch.setattr(bgio_bench, "installed", lambda folder=None: tmp_path)
    monkeypatch.setattr(bgio_bench, "bench_server", meeple)
    monkeypatch.setattr(bgio_bench, "bench_boardgameio", boardgameio)
    out = bgio_bench.versus_boardgameio(100, 4, 10.0, rounds=3)
    assert order == ["counter", "boardgame.io"] * 3
    assert out["moves_per_sec"] == 1000.0  # meeple's median run
    seen = out["vs_boardgameio"]
    assert seen["moves_per_sec"] == [900.0, 1200.0, 1000.0]
    assert seen["boardgameio_moves_per_sec"] == [400.0, 600.0, 500.0]
    assert seen["ratio"] == 2.0
