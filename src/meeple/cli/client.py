"""``meeple client``: play on a meeple server from the terminal: the seat's WebSocket
brings each change (as patches, made whole here), moves go by the HTTP API."""

from __future__ import annotations

import json
import time
import uuid
from typing import Annotated, Any

import httpx
import typer

from meeple.cli.common import fail

app = typer.Typer(no_args_is_help=True, help="Play on a meeple server from the terminal.")
Server = Annotated[str, typer.Option(help="The server's address.")]
DEFAULT = "http://127.0.0.1:8000"


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="Game name.")] = "cult",
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seats: Annotated[str | None, typer.Option(
        help="One per seat: human or a bot kind, e.g. human,heuristic,heuristic,heuristic.")]
    = None,
    seed: Annotated[int | None, typer.Option(help="Random seed.")] = None,
    deadline: Annotated[int | None, typer.Option(help="Seconds per decision.")] = None,
    server: Server = DEFAULT,
) -> None:
    """Create a game, print every seat's secret, and play the first human seat."""
    kinds = seats.split(",") if seats else None
    body: dict[str, Any] = {"game": game, "players": players or (len(kinds) if kinds else None),
                            "seed": seed, "deadline_seconds": deadline}
    if kinds:
        body["seats"] = [{"kind": k.strip()} for k in kinds]
    g = _call("POST", f"{server}/api/games", json=body)
    typer.echo(f"Game {g['id']} ({g['game']}, {g['players']} players).")
    typer.echo(f"  owner secret:     {g['owner_token']}")
    typer.echo(f"  spectator secret: {g['spectator_token']}")
    mine = None
    for s in g["seats"]:
        if "token" in s:
            typer.echo(f"  player {s['seat'] + 1} ({s['kind']}): meeple client play {g['id']} "
                       f"{s['token']} --server {server}")
            mine = mine or s["token"]
    if mine is None:
        typer.echo("No human seat: watch with the spectator secret.")
        return
    _play(server, g["id"], mine)


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(help="The game's id.")],
    token: Annotated[str, typer.Argument(help="Your seat's secret.")],
    server: Server = DEFAULT,
) -> None:
    """Play your seat of a game on the server (type 'quit' to stop; rejoin any time)."""
    _play(server, game_id, token)


# A server restarting (a deploy, a rolling restart) is waited for this long, with backoff,
# before the client gives up; a move cut off on the way is sent again under the same
# idempotency key, so it is never applied twice.
PATIENCE = 120.0


def _call(method: str, url: str, **kw: Any) -> Any:
    end, wait, told = time.monotonic() + PATIENCE, 0.5, False
    while True:
        try:
            r = httpx.request(method, url, timeout=30, **kw)
        except httpx.HTTPError as e:
            problem = f"cannot reach the server: {e}"
        else:
            data = r.json()
            if r.status_code != 503:
                if r.is_error:
                    err = data.get("error", {}) if isinstance(data, dict) else {}
                    fail(err.get("message") or f"HTTP {r.status_code}")
                return data
            problem = str(data.get("error", {}).get("message", "the server is unavailable"))
        if time.monotonic() + wait > end:
            fail(problem)
        if not told:
            typer.echo(f"({problem}; trying again)")
            told = True
        time.sleep(wait)
        wait = min(wait * 2, 8.0)


class _Socket:
    """The seat's WebSocket, opened again (with backoff) whenever the server drops it. Its
    updates are patches from the payload held (docs/server.md, "Updates"): ``update``
    gives each one whole."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: Any = None
        self.doc: dict[str, Any] | None = None  # the payload the updates so far made
        self.syncing = False

    def recv(self) -> dict[str, Any]:
        from websockets.exceptions import ConnectionClosed, InvalidStatus
        from websockets.sync.client import connect

        end, wait = time.monotonic() + PATIENCE, 0.5
        while True:
            try:
                if self.ws is None:
                    self.ws = connect(self.url)
                    self.doc, self.syncing = None, False  # its first message is whole
                return dict(json.loads(self.ws.recv()))
            except (ConnectionClosed, OSError, InvalidStatus, TimeoutError) as e:
                self.close()
                if time.monotonic() + wait > end:
                    fail(f"the server's updates stopped: {e}")
                time.sleep(wait)
                wait = min(wait * 2, 8.0)

    def update(self) -> dict[str, Any]:
        """The next update as the whole payload (with the new log lines, ``log_tail``,
        when the message had them). A patch that does not fit the payload held asks the
        server for the whole payload again."""
        from meeple.server.patch import PatchError, apply

        while True:
            msg = self.recv()
            kind = msg.get("type")
            if kind == "update":
                self.syncing = False
                self.doc = {k: v for k, v in msg.items() if k not in ("type", "log_tail", "ack")}
                return msg
            if kind != "patch" or self.syncing:
                continue  # a restart notice (the close follows), or a patch before the sync
            try:
                if self.doc is None or msg["base"] != self.doc["version"]:
                    raise PatchError(f"a patch from version {msg['base']}")
                self.doc = apply(self.doc, msg["ops"])
                self.doc["version"] = msg["version"]
            except PatchError:
                self.syncing = True
                self.ws.send(json.dumps({"type": "sync"}))
                continue
            return {**json.loads(json.dumps(self.doc)), "log_tail": msg.get("log_tail", [])}

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def _play(server: str, gid: str, token: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    seen = 0
    ws = _Socket(server.replace("http", "ws", 1) + f"/api/games/{gid}/ws?token={token}"
                 "&board=true")
    try:
        v = ws.update()
        while True:
            tail = v.get("log_tail") or []
            if not (tail and tail[0]["index"] == seen) and v["log_size"] > seen:
                tail = _call("GET", f"{server}/api/games/{gid}/log?since={seen}",
                             headers=headers)  # the first view, or lines missed
            for e in tail:
                if e["index"] == seen:
                    typer.echo(f"  · {e['text']}")
                    seen += 1
            if v["finished"]:
                typer.echo(v["board"])
                typer.echo(f"Game over: {json.dumps(v['result'])}")
                return
            if v["seat"] not in v["waiting"]:
                typer.echo(f"Waiting for {', '.join(f'P{p}' for p in v['waiting'])}...")
                v = ws.update()
                continue
            line = _ask(v)
            if line is None:
                return
            r = _submit(server, gid, headers, line, v["version"])
            if isinstance(r, str):
                typer.echo(f"Refused: {r}")
                v = _call("GET", f"{server}/api/games/{gid}", headers=headers)
                continue
            v = ws.update()
            while v["version"] < r:  # changes queued before the move's own
                v = ws.update()
    finally:
        ws.close()


def _submit(server: str, gid: str, headers: dict[str, str], action: str,
            version: int) -> str | int:
    """Sends a move (again, under the same key, while the server restarts); returns the
    reason it was refused, or the version it made."""
    key = uuid.uuid4().hex
    end, wait = time.monotonic() + PATIENCE, 0.5
    while True:
        try:
            r = httpx.post(f"{server}/api/games/{gid}/actions", headers=headers, timeout=30,
                           json={"action": action, "version": version, "key": key})
            if r.status_code != 503:
                return str(r.json()["error"]["message"]) if r.is_error else int(
                    r.json()["version"])
        except httpx.HTTPError:
            pass
        if time.monotonic() + wait > end:
            fail("the server did not come back; your move may not have been taken")
        time.sleep(wait)
        wait = min(wait * 2, 8.0)


def _ask(v: dict[str, Any]) -> str | None:
    typer.echo("\n" + v["board"])
    typer.echo("\n" + "\n".join(v["prompt"]))
    choices = v["choices"]
    for i, c in enumerate(choices, 1):
        typer.echo(f"  {i:>3}. {c['text']:<60} [{c['action']}]")
    while True:
        line = input(f"Player {v['seat'] + 1}> ").strip()  # seats counted from 1, as people do
        if line in ("quit", "exit"):
            return None
        if line.isdecimal() and 1 <= int(line) <= len(choices):
            return str(choices[int(line) - 1]["action"])
        if line and not line.isdecimal():
            return line
        typer.echo(f"Type a number 1-{len(choices)}, an action's text, or quit.")
