"""The publisher's numbers: ``meeple stats cult --json`` against direct counts in the
database, games among people and games with bots apart, ``--since``, the CSV, and the
admin routes (403 for anyone else)."""

from __future__ import annotations

import csv
import io
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, insert, select
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.server import db
from meeple.server.store import Store
from meeple.sim.match import play_match
from tests.mail_helpers import browser, sign_up
from tests.server_helpers import server

DAY = 86400.0
NOW = time.time()
STEP = 10.0  # seconds between two actions of a stored game


def _account(c: Any, i: int) -> None:
    c.execute(insert(db.accounts).values(
        id=i, name=f"p{i}", name_key=f"p{i}", password_hash="x", display_name=f"P{i}",
        email=None, language="en", notify={}, news=False, is_admin=False, created_at=NOW))


def _game(engine: Engine, gid: str, kinds: list[str], accounts: list[int | None], seed: int,
          created: float, finish: bool, game: str = "cult") -> None:
    """A stored game: its seats, and (if ``finish``) a whole game of random moves, one
    action every STEP seconds; a person's action is a seat's, a bot's the bot's."""
    actions = []
    if finish:
        match = play_match("cult", len(kinds), seed, ["random"] * len(kinds),
                           {"max_rounds": 2})
        actions = [(a.player, a.action) for a in match.record.actions]
    with engine.begin() as c:
        c.execute(insert(db.games).values(
            id=gid, game=game, players=len(kinds), seed=seed,
            options={"max_rounds": 2} if game == "cult" else {},
            settings={}, owner_hash=f"o{gid}", spectator_hash=f"s{gid}",
            version=len(actions), finished=finish, deadline_at=None, created_at=created))
        c.execute(insert(db.seats), [
            {"game_id": gid, "seat": i, "kind": k, "name": None, "secret_hash": f"{gid}{i}",
             "joined": True, "webhook": None, "account_id": a}
            for i, (k, a) in enumerate(zip(kinds, accounts, strict=True))])
        if actions:
            c.execute(insert(db.actions), [
                {"game_id": gid, "seq": n + 1, "player": p, "action": text,
                 "source": "seat" if kinds[p] == "human" else "bot", "idem_key": None,
                 "at": created + STEP * (n + 1)} for n, (p, text) in enumerate(actions)])


def _database(tmp_path: Path) -> str:
    return _fill(f"sqlite:///{tmp_path / 's.db'}")


def _fill(url: str) -> str:
    store = Store(url)
    with store.engine.begin() as c:
        for i in range(1, 5):
            _account(c, i)
    e = store.engine
    h, r = "human", "random"
    _game(e, "p1", [h, h], [1, 2], 1, NOW - 5 * DAY, True)
    _game(e, "p2", [h, h], [1, 3], 2, NOW - 4 * DAY, True)
    _game(e, "p3", [h, h, h], [2, 3, None], 3, NOW - 3 * DAY, True)  # one guest
    _game(e, "p4", [h, h], [1, 4], 4, NOW - 30 * DAY, False)  # abandoned
    _game(e, "p5", [h, h], [1, 2], 5, NOW - DAY, False)  # in progress
    _game(e, "b1", [h, r], [4, None], 6, NOW - 2 * DAY, True)
    _game(e, "b2", [r, h], [None, 1], 7, NOW - 2 * DAY, True)
    _game(e, "x1", [r, r], [None, None], 8, NOW - 2 * DAY, True)
    _game(e, "c1", [h, h], [1, 2], 9, NOW - DAY, False, game="clash")  # another game
    store.close()
    return url


def _cli(*args: str) -> dict[str, Any]:
    r = CliRunner().invoke(app, ["stats", *args])
    assert r.exit_code == 0, r.output
    out: dict[str, Any] = json.loads(r.output)
    return out


def _direct(engine: Engine, group_ids: list[str]) -> dict[str, Any]:
    """What the database says by plain queries, for comparison."""
    with engine.connect() as c:
        rows = c.execute(select(db.games.c.id, db.games.c.finished, db.games.c.players)
                         .where(db.games.c.id.in_(group_ids))).all()
        accounts = c.execute(select(func.count(func.distinct(db.seats.c.account_id)))
                             .where(db.seats.c.game_id.in_(group_ids))).scalar_one()
        kinds = Counter(a.split()[0] for (a,) in c.execute(
            select(db.actions.c.action).where(db.actions.c.game_id.in_(group_ids),
                                              db.actions.c.source == "seat")).all())
    return {"started": len(rows), "finished": sum(1 for r in rows if r[1]),
            "accounts": accounts, "player_counts": Counter(str(r[2]) for r in rows),
            "decisions": kinds}


def test_meeple_stats_cult_json_matches_a_direct_count_in_the_database(tmp_path: Path
                                                                       ) -> None:
    url = _database(tmp_path)
    out = _cli("cult", "--json", "--db", url)
    engine = Store(url, migrate=False).engine
    groups = {"people": ["p1", "p2", "p3", "p4", "p5"], "with_bots": ["b1", "b2"],
              "bots_only": ["x1"]}
    for name, ids in groups.items():
        g, d = out["groups"][name], _direct(engine, ids)
        assert (g["started"], g["finished"]) == (d["started"], d["finished"])
        assert g["players"]["accounts"] == d["accounts"]
        assert g["player_counts"] == dict(d["player_counts"])
        assert {k: v["decisions"] for k, v in g["decisions"].items()} == dict(d["decisions"])
        if d["finished"]:
            res = g["results"]
            assert res["games"] == d["finished"]
            assert sum(v["wins"] for v in res["by_seat"].values()) == d["finished"]
            assert sum(v["games"] for v in res["by_reason"].values()) == d["finished"]
    people = out["groups"]["people"]
    assert (people["abandoned"], people["in_progress"]) == (1, 1)
    assert people["players"]["guest_seats"] == 1
    assert people["median_rounds"] == 2
    # Every stored action came STEP seconds after the one before it.
    assert all(v["median_seconds"] == STEP for v in people["decisions"].values())
    assert out["groups"]["bots_only"]["decisions"] == {}
    assert "licence" in "".join(people["results"])  # Cult's tags: licences, cards played


def test_since_leaves_out_the_games_made_before_it(tmp_path: Path) -> None:
    url = _database(tmp_path)
    day = time.strftime("%Y-%m-%dT%H:%M", time.gmtime(NOW - 3.5 * DAY))
    out = _cli("cult", "--json", "--since", day, "--db", url)
    assert out["groups"]["people"]["started"] == 2  # p3 and p5
    assert out["groups"]["with_bots"]["started"] == 2


def test_a_bad_date_or_game_is_refused_with_its_problem(tmp_path: Path) -> None:
    url = _database(tmp_path)
    r = CliRunner().invoke(app, ["stats", "cult", "--since", "yesterday", "--db", url])
    assert r.exit_code == 2 and "'yesterday' is not a date" in r.output
    r = CliRunner().invoke(app, ["stats", "chess", "--db", url])
    assert r.exit_code == 2 and "no game 'chess'" in r.output


def test_the_csv_has_a_line_per_number_and_the_plots_are_the_simulation_report(
        tmp_path: Path) -> None:
    url = _database(tmp_path)
    out = _cli("cult", "--json", "--db", url, "--csv", str(tmp_path / "s.csv"), "--plots",
               str(tmp_path / "plots"))
    lines = list(csv.DictReader(io.StringIO((tmp_path / "s.csv").read_text("utf-8"))))
    started = {x["group"]: int(x["value"]) for x in lines if x["name"] == "started"}
    assert started == {k: v["started"] for k, v in out["groups"].items()}
    seat0 = next(x for x in lines if x["group"] == "people" and x["table"] == "by_seat"
                 and x["name"] == "seat 0")
    assert float(seat0["rate"]) == out["groups"]["people"]["results"]["by_seat"]["seat 0"][
        "rate"]
    assert (tmp_path / "plots" / "people" / "report.html").is_file()
    assert (tmp_path / "plots" / "people" / "by_faction.png").is_file()


def test_only_an_admin_sees_the_numbers(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        sign_up(a, "Admin")  # the first account is the admin
        b = browser(a)
        sign_up(b, "Boris")
        for path in ("/api/admin/stats/cult", "/api/admin/stats/cult/csv",
                     "/api/admin/stats/cult/report/people/", "/api/admin/announcements"):
            assert b.get(path).status_code == 403, path
            assert browser(a).get(path).status_code == 401, path  # not signed in
        r = a.get("/api/admin/stats/cult")
        assert r.status_code == 200 and r.json()["groups"]["people"]["started"] == 0
        r = a.get("/api/admin/stats/cult/csv")
        assert r.headers["content-type"].startswith("text/csv")
        assert r.text.splitlines()[0] == "group,table,name,value,games,wins,rate,ci95_low," \
                                         "ci95_high"
        assert a.get("/api/admin/stats/chess").status_code == 404
        r = a.get("/api/admin/stats/cult?since=soon")
        assert r.status_code == 400 and "is not a date" in r.json()["error"]["message"]


def test_the_numbers_are_the_same_on_postgresql(tmp_path: Path) -> None:
    from meeple.server.stats import compute
    from tests.services import postgres

    lite = Store(_database(tmp_path), migrate=False)
    expected = compute(lite.engine, "cult", now=NOW)
    lite.close()
    with postgres() as url:
        pg = Store(_fill(url), migrate=False)
        try:
            assert compute(pg.engine, "cult", now=NOW) == expected
        finally:
            pg.close()


def test_the_admin_page_gets_the_simulation_reports_plots(tmp_path: Path) -> None:
    from meeple.server import accounts

    url = _database(tmp_path)
    store = Store(url, migrate=False)
    accounts.make_admin(store.engine, "Admin", "correct horse")
    store.close()
    with server(tmp_path / "s.db") as a:
        r = a.post("/api/account/signin", json={"name": "Admin", "password": "correct horse"})
        assert r.status_code == 200, r.text
        page = a.get("/api/admin/stats/cult/report/people/")
        assert page.status_code == 200 and "Win rate by faction" in page.text
        png = a.get("/api/admin/stats/cult/report/people/by_faction.png")
        assert png.headers["content-type"] == "image/png" and png.content[:4] == b"\x89PNG"
        assert a.get("/api/admin/stats/cult/report/people/../s.db").status_code == 404
        assert a.get("/api/admin/stats/cult/report/everyone/").status_code == 404
        page = a.get("/api/admin/stats/cult/report/people/?since=2020-01-01")
        assert "src='by_faction.png?since=2020-01-01'" in page.text
