"""Results and ratings: a finished game's places come from the engine's final state; a
game with two account seats is rated (bots too, one rating per bot kind); the ratings are
recomputed identically from the stored results."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from meeple.cli.main import app as cli
from meeple.server import ratings
from meeple.server.store import Store
from tests.people_helpers import PW, Browser
from tests.people_helpers import person as _person
from tests.server_helpers import server


def _csrf(client: Browser) -> dict[str, str]:
    return client.csrf()


def _play_together(a: Browser, b: Browser, bots: list[str], seed: int,
                   b_joins: bool = True) -> str:
    """Alice creates a Cult game (her seat, a seat for Boris, ``bots``); both play random
    legal moves until it ends; the game's id."""
    g = a.post("/api/games", headers=_csrf(a), json={
        "game": "cult", "players": 2 + len(bots), "seed": seed, "options": {"max_rounds": 1},
        "seats": [{"kind": "human"}, {"kind": "human"}] + [{"kind": k} for k in bots]}
    ).json()
    token = g["seats"][1]["token"]
    if b_joins:
        b.post("/api/account/seats", headers=_csrf(b), json={"token": token})
    rng = random.Random(seed)
    players: list[tuple[Browser, dict[str, str]]] = [
        (a, _csrf(a)), (b, _csrf(b)) if b_joins else (b, {"Authorization": f"Bearer {token}"})]
    end = time.time() + 120
    while time.time() < end:
        for client, headers in players:
            get = {} if "X-CSRF-Token" in headers else headers
            v = client.get(f"/api/games/{g['id']}", headers=get).json()
            if v["finished"]:
                return str(g["id"])
            if v["seat"] in v["waiting"]:
                client.post(f"/api/games/{g['id']}/actions", headers=headers, json={
                    "action": rng.choice(v["legal"]), "version": v["version"]})
        time.sleep(0.005)
    raise AssertionError("the game did not end")


def _wait_rated(store_url: str, game_id: str) -> None:
    store = Store(store_url, migrate=False)
    try:
        end = time.time() + 20
        while time.time() < end:
            with store.engine.connect() as c:
                seq = c.exec_driver_sql(
                    f"select rating_seq from results where game_id = '{game_id}'").scalar()
            if seq is not None:
                return
            time.sleep(0.05)
    finally:
        store.close()
    raise AssertionError(f"game {game_id} was not rated")


def test_a_game_of_two_accounts_and_bots_rates_every_seat(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    with server(tmp_path / "r.db") as host:
        a, b = _person(host, "Alice"), _person(host, "Boris")
        gid = _play_together(a, b, ["random", "random"], seed=11)
        _wait_rated(url, gid)
        history = a.get("/api/account/games").json()["history"]
        assert [h["id"] for h in history] == [gid]
        game = history[0]
        assert game["rated"] and game["rating"] is not None
        view = a.get(f"/api/games/{gid}").json()
        winner = view["result"]["winner"]
        places = {s["seat"]: s["place"] for s in game["seats"]}
        # The engine's returns: the winner alone in first place, the others share second.
        if winner is not None:
            assert places[winner] == 1
            assert sorted(places.values()) == [1, 2, 2, 2]
        profile = a.get("/api/account").json()
        assert [(r["game"], r["players"], r["games"]) for r in profile["ratings"]] == [
            ("cult", 4, 1)]
        board = a.get("/api/ratings/cult?players=4").json()
        # Alice, Boris, and the random bot as one rated player (two seats, one row).
        assert sorted((row["name"] or "", row["bot"] or "") for row in board) == [
            ("", "random"), ("Alice", ""), ("Boris", "")]
        assert [row["rank"] for row in board] == [1, 2, 3]
        assert board == sorted(board, key=lambda row: -row["rating"])
        shown = {s["seat"]: s["rating"] for s in
                 a.get(f"/api/games/{gid}/ratings").json()}
        assert shown[0] == profile["ratings"][0]["rating"]


def test_a_winner_gains_and_the_others_lose(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    with server(tmp_path / "r.db") as host:
        a, b = _person(host, "Alice"), _person(host, "Boris")
        gid = _play_together(a, b, [], seed=5)
        _wait_rated(url, gid)
        seats = a.get("/api/account/games").json()["history"][0]["seats"]
    store = Store(url, migrate=False)
    try:
        rows = {r["subject"]: r for r in ratings.table(store.engine)}
    finally:
        store.close()
    first = next(s for s in seats if s["place"] == 1)
    second = next(s for s in seats if s["place"] == 2)
    subject = {0: "account:1", 1: "account:2"}
    assert rows[subject[first["seat"]]]["mu"] > ratings.MODEL.mu
    assert rows[subject[second["seat"]]]["mu"] < ratings.MODEL.mu


def test_a_game_with_one_account_is_kept_but_not_rated(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    with server(tmp_path / "r.db") as host:
        a, b = _person(host, "Alice"), Browser(host)  # Boris plays as a guest
        gid = _play_together(a, b, ["random"], seed=7, b_joins=False)
        time.sleep(0.3)
        history = a.get("/api/account/games").json()["history"]
        assert [(h["id"], h["rated"], h["rating"]) for h in history] == [(gid, False, None)]
        assert history[0]["place"] in (1, 2)
        assert a.get("/api/account").json()["ratings"] == []
    store = Store(url, migrate=False)
    try:
        assert ratings.table(store.engine) == []
    finally:
        store.close()


def test_ratings_recompute_gives_the_same_numbers(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    with server(tmp_path / "r.db") as host:
        a, b = _person(host, "Alice"), _person(host, "Boris")
        games = [_play_together(a, b, bots, seed=s)
                 for s, bots in ((1, ["random"]), (2, ["heuristic"]), (3, ["random"]))]
        for gid in games:
            _wait_rated(url, gid)
        history = {h["id"]: h["rating"] for h in a.get("/api/account/games").json()["history"]}
    store = Store(url, migrate=False)
    try:
        before = ratings.table(store.engine)
        assert {r["subject"] for r in before} == {"account:1", "account:2", "bot:random",
                                                  "bot:heuristic"}
        assert next(r for r in before if r["subject"] == "bot:random")["games"] == 2
    finally:
        store.close()
    out = CliRunner().invoke(cli, ["ratings", "recompute", "--db", url])
    assert out.exit_code == 0, out.output
    assert "recomputed 4 ratings from 3 rated games" in out.output
    store = Store(url, migrate=False)
    try:
        assert ratings.table(store.engine) == before
    finally:
        store.close()
    with server(tmp_path / "r.db") as host:
        again = Browser(host)
        again.post("/api/account/signin", json={"name": "Alice", "password": PW})
        assert {h["id"]: h["rating"] for h in
                again.get("/api/account/games").json()["history"]} == history


def test_places_follow_the_games_score_after_the_winner() -> None:
    """Clash reports scores: after the winner, a higher score is a better place."""

    class Final:
        num_players = 3

        def returns(self) -> list[float]:
            return [0.0, 1.0, 0.0]

        def result(self) -> dict[str, Any]:
            return {"winner": 1, "scores": [7, 9, 3]}

    seats: list[dict[str, Any]] = [{"kind": "human", "account_id": 1}, {"kind": "heuristic"},
             {"kind": "human", "account_id": None}]
    out = ratings.final_result("g", "clash", seats, Final())  # type: ignore[arg-type]
    assert [(s["place"], s["score"], s["bot"]) for s in out["seats"]] == [
        (2, 7.0, None), (1, 9.0, "heuristic"), (3, 3.0, None)]
    assert out["game"]["rated"] is False  # one account


def test_admin_create_makes_or_promotes_an_admin(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    with server(tmp_path / "r.db") as host:
        _person(host, "First")
        _person(host, "Second")
    runner = CliRunner()
    out = runner.invoke(cli, ["admin", "create", "second", "--db", url])
    assert out.exit_code == 0 and "promoted admin second" in out.output
    out = runner.invoke(cli, ["admin", "create", "Third", "--password-stdin", "--db", url],
                        input="short\n")
    assert out.exit_code != 0 and "8 characters" in out.output
    out = runner.invoke(cli, ["admin", "create", "Third", "--password-stdin", "--db", url],
                        input="long enough pw\n")
    assert out.exit_code == 0 and "created admin Third" in out.output
    with server(tmp_path / "r.db") as host:
        c = Browser(host)
        for name, admin in (("First", True), ("Second", True), ("Third", True)):
            pw = "long enough pw" if name == "Third" else PW
            assert c.post("/api/account/signin", json={"name": name, "password": pw}
                          ).json()["is_admin"] is admin


def test_rating_updates_racing_on_sqlite_rate_each_game_once(tmp_path: Path) -> None:
    from meeple.check.rating_race import rating_race

    result = rating_race(f"sqlite:///{tmp_path / 'r.db'}")
    assert result.failed == 0 and result.count == 40, result.problems


def test_rating_updates_racing_on_postgresql_rate_each_game_once() -> None:
    from meeple.check.rating_race import rating_race
    from tests.services import postgres

    with postgres() as url:
        result = rating_race(url)
    assert result.failed == 0 and result.count == 40, result.problems


def test_one_name_signed_up_twice_at_once_on_postgresql_makes_one_account() -> None:
    import threading

    from meeple.server import accounts
    from tests.services import postgres

    with postgres() as url:
        store = Store(url)
        try:
            outcomes: list[str] = []
            gate = threading.Barrier(2)

            def go(name: str) -> None:
                gate.wait()
                try:
                    accounts.sign_up(store.engine, name, PW)
                    outcomes.append("made")
                except accounts.NameUnavailable:
                    outcomes.append("unavailable")

            threads = [threading.Thread(target=go, args=(n,)) for n in ("Same", "SAME")]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(outcomes) == ["made", "unavailable"]
        finally:
            store.close()
