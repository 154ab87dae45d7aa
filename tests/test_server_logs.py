"""The server's logs: with --log-format json every line is one JSON object (time, level,
logger, message), and a seat's secret never appears, in either format."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from meeple.server.process import ServerProcess


@pytest.mark.parametrize("fmt", ["json", "plain"])
def test_server_logs_are_structured_on_request_and_never_hold_a_secret(
        tmp_path: Path, fmt: str) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", "--log-format", fmt,
                           "--bot-workers", "0", log=tmp_path / "server.log")
    server.start()
    try:
        g = httpx.post(f"{server.base}/api/games", json={
            "game": "counter", "players": 1, "options": {"limit": 0}}).json()
        secret = g["seats"][0]["token"]
        with connect(server.base.replace("http", "ws")
                     + f"/api/games/{g['id']}/ws?token={secret}") as ws:
            ws.recv(timeout=10)
    finally:
        server.stop()
    text = (tmp_path / "server.log").read_text()
    assert secret not in text and "token=***" in text
    lines = [x for x in text.splitlines() if x.strip()]
    if fmt == "json":
        records = [json.loads(x) for x in lines]
        assert {"time", "level", "logger", "message"} <= set(records[0])
        assert any(r["logger"] == "uvicorn.access" and "POST /api/games" in r["message"]
                   for r in records)
    else:
        assert any(x.startswith("INFO:") for x in lines)


def test_a_log_format_other_than_plain_or_json_is_refused() -> None:
    from typer.testing import CliRunner

    from meeple.cli.main import app

    r = CliRunner().invoke(app, ["serve", "--log-format", "xml"])
    assert r.exit_code == 2 and "plain or json" in r.output
