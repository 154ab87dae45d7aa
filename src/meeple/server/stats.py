"""The publisher's numbers: what people did with a game on this server, from the database
alone (``meeple stats GAME`` and the admin page).

Games are kept in three groups by their seats: ``people`` (every seat a person),
``with_bots`` (people and bots) and ``bots_only``. For each: games started, finished,
abandoned (unfinished and untouched for ``abandoned_days``) and in progress; distinct
players; player counts; median length in rounds and wall time; the win rates by faction,
seat, seat kind and victory condition, and the game's own tags (Cult: licences held at
the end, cards played), each with its Wilson 95% interval — the simulation's own
summary (``sim.stats.summarize``) over rows made the way ``sim.runner`` makes them; and
how long people take per kind of decision: the time from the game's previous action (or
its creation) to a person's own action, by the action's kind.
"""

from __future__ import annotations

import csv
import io
import statistics
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, and_, select

from meeple.core.actions import Action
from meeple.core.registry import get_game
from meeple.server import db
from meeple.sim.stats import summarize

HUMAN = ("human", "master")
GROUPS = ("people", "with_bots", "bots_only")
ABANDONED_DAYS = 14.0


def parse_since(text: str) -> float:
    """A date (2026-11-01) or time (2026-11-01T12:00) in UTC, as a Unix time."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date: write it as 2026-11-01 or "
                         "2026-11-01T12:00 (UTC)") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def group_of(kinds: list[str]) -> str:
    people = sum(1 for k in kinds if k in HUMAN)
    if people == len(kinds):
        return "people"
    return "bots_only" if people == 0 else "with_bots"


def _load(engine: Engine, game: str, since: float | None
          ) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]],
                     dict[str, list[dict[str, Any]]]]:
    cond = db.games.c.game == game
    if since is not None:
        cond = and_(cond, db.games.c.created_at >= since)
    with engine.connect() as c:
        games = [dict(r) for r in c.execute(select(db.games).where(cond)
                                            .order_by(db.games.c.created_at)).mappings()]
        ids = [g["id"] for g in games]
        seats: dict[str, list[dict[str, Any]]] = defaultdict(list)
        actions: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            for r in c.execute(select(db.seats).where(db.seats.c.game_id.in_(part))
                               .order_by(db.seats.c.game_id, db.seats.c.seat)).mappings():
                seats[r["game_id"]].append(dict(r))
            for r in c.execute(select(db.actions).where(db.actions.c.game_id.in_(part))
                               .order_by(db.actions.c.game_id, db.actions.c.seq)).mappings():
                actions[r["game_id"]].append(dict(r))
    return games, seats, actions


def _final_row(g: dict[str, Any], kinds: list[str], acts: list[dict[str, Any]]
               ) -> dict[str, Any]:
    """The finished game replayed, as a simulation row (sim.runner.play_row's shape)."""
    game = get_game(g["game"])
    state = game.new_state(int(g["players"]), int(g["seed"]), dict(g["options"]))
    parsed = []
    for a in acts:
        action = Action.parse(a["action"])
        state.apply(int(a["player"]), action)
        parsed.append((int(a["player"]), action))
    res = state.result()
    winners = res.get("winners") or ([res["winner"]] if res.get("winner") is not None
                                     else [])
    return {"players": int(g["players"]), "bots": kinds[:int(g["players"])],
            "factions": game.factions(state), "winners": winners,
            "reason": res.get("reason"), "rounds": state.round,
            "tags": game.tags(state, parsed)}


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 2) if values else None


def _decisions(games: list[dict[str, Any]], actions: dict[str, list[dict[str, Any]]]
               ) -> dict[str, dict[str, Any]]:
    """Seconds people took per kind of decision: from the game's previous action (or its
    creation) to the person's own action. Bots, timeouts and imports are left out."""
    taken: dict[str, list[float]] = defaultdict(list)
    for g in games:
        before = float(g["created_at"])
        for a in actions.get(g["id"], []):
            if a["source"] == "seat":
                kind = Action.parse(a["action"]).kind
                taken[kind].append(max(0.0, float(a["at"]) - before))
            before = float(a["at"])
    out = {}
    for kind in sorted(taken):
        xs = sorted(taken[kind])
        out[kind] = {"decisions": len(xs), "median_seconds": _median(xs),
                     "p90_seconds": round(xs[min(len(xs) - 1, int(0.9 * len(xs)))], 2),
                     "mean_seconds": round(sum(xs) / len(xs), 2)}
    return out


def _group(games: list[dict[str, Any]], seats: dict[str, list[dict[str, Any]]],
           actions: dict[str, list[dict[str, Any]]], now: float, abandoned_days: float
           ) -> tuple[dict[str, Any], list[int]]:
    finished = [g for g in games if g["finished"]]
    quiet = now - abandoned_days * 86400
    abandoned = [g for g in games if not g["finished"] and max(
        [float(g["created_at"])] + [float(a["at"]) for a in actions.get(g["id"], [])]) < quiet]
    accounts = {s["account_id"] for g in games for s in seats[g["id"]]
                if s["kind"] in HUMAN and s["account_id"] is not None}
    guests = sum(1 for g in games for s in seats[g["id"]]
                 if s["kind"] in HUMAN and s["account_id"] is None and s["joined"])
    counts: dict[str, int] = defaultdict(int)
    for g in games:
        counts[str(g["players"])] += 1
    rows = [_final_row(g, [str(s["kind"]) for s in seats[g["id"]]], actions.get(g["id"], []))
            for g in finished]
    walls = [float(actions[g["id"]][-1]["at"]) - float(g["created_at"])
             for g in finished if actions.get(g["id"])]
    rounds = [int(r["rounds"]) for r in rows]
    out = {
        "started": len(games), "finished": len(finished), "abandoned": len(abandoned),
        "in_progress": len(games) - len(finished) - len(abandoned),
        "players": {"accounts": len(accounts), "guest_seats": guests},
        "player_counts": dict(sorted(counts.items(), key=lambda kv: int(kv[0]))),
        "median_rounds": _median([float(x) for x in rounds]),
        "median_seconds": _median(walls),
        "results": summarize(rows) if rows else None,
        "decisions": _decisions(games, actions),
    }
    return out, rounds


def compute(engine: Engine, game: str, since: float | None = None, now: float | None = None,
            abandoned_days: float = ABANDONED_DAYS, keep_rounds: bool = False
            ) -> dict[str, Any]:
    """The numbers of ``game`` (games created at ``since`` or later), by group."""
    get_game(game)  # an unknown game is an error, not empty numbers
    now = time.time() if now is None else now
    games, seats, actions = _load(engine, game, since)
    by_group: dict[str, list[dict[str, Any]]] = {k: [] for k in GROUPS}
    for g in games:
        by_group[group_of([str(s["kind"]) for s in seats[g["id"]]])].append(g)
    out: dict[str, Any] = {"game": game, "since": since, "generated_at": round(now, 3),
                           "abandoned_after_days": abandoned_days, "groups": {}}
    for name, members in by_group.items():
        numbers, rounds = _group(members, seats, actions, now, abandoned_days)
        if keep_rounds:
            numbers["rounds_list"] = rounds
        out["groups"][name] = numbers
    return out


CSV_COLUMNS = ["group", "table", "name", "value", "games", "wins", "rate", "ci95_low",
               "ci95_high"]


def to_csv(stats: dict[str, Any]) -> str:
    """One line per number: counts, player counts, lengths, every win rate with its
    interval, and the decision times (median seconds, with how many decisions)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for group, g in stats["groups"].items():
        for key in ("started", "finished", "abandoned", "in_progress", "median_rounds",
                    "median_seconds"):
            w.writerow([group, "games", key, g[key], "", "", "", "", ""])
        for key, value in g["players"].items():
            w.writerow([group, "players", key, value, "", "", "", "", ""])
        for n, value in g["player_counts"].items():
            w.writerow([group, "player_counts", n, value, "", "", "", "", ""])
        res = g["results"] or {}
        for table, entries in res.items():
            if not isinstance(entries, dict) or table == "rounds":
                continue
            for name, v in entries.items():
                lo, hi = v["ci95"]
                if "rate" in v:
                    w.writerow([group, table, name, "", v["games"], v["wins"], v["rate"],
                                lo, hi])
                else:  # victory conditions: a share of the games
                    w.writerow([group, table, name, v["share"], v["games"], "", "", lo, hi])
        for kind, v in g["decisions"].items():
            w.writerow([group, "decision_median_seconds", kind, v["median_seconds"],
                        v["decisions"], "", "", "", ""])
    return buf.getvalue()


def write_plots(stats: dict[str, Any], group: str, out: Path) -> Path | None:
    """The simulation report's page and plots for one group's finished games (None if it
    has none); ``stats`` must be computed with ``keep_rounds``."""
    from meeple.sim.report import write_report

    g = stats["groups"][group]
    if not g["results"]:
        return None
    counts = g["player_counts"]
    players = int(max(counts, key=lambda k: counts[k])) if counts else 2
    title = f"{get_game(stats['game']).title}: games of {group.replace('_', ' ')}"
    out.mkdir(parents=True, exist_ok=True)
    return write_report(out, title, g["results"], g.get("rounds_list", []), players)
