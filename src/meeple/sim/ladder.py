"""A ladder of bots (``meeple ladder GAME``): bots of several kinds meet at mixed tables and
openskill's Plackett-Luce model fits one rating per kind from the places they finish in.

Line-ups are drawn from a generator seeded by the ladder's seed, one per game, with as
many different kinds at a table as there are seats (every kind when there are more seats
than kinds), so each game compares kinds directly. When a kind holds several seats of one
game, each seat is rated as a separate player from the kind's rating before the game and
the kind moves by the mean of their moves: the same evidence as one seat per kind, without
letting a kind meet itself. Games enter the ratings in seed order, so a ladder is the same
with any number of workers.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from openskill.models import PlackettLuce

from meeple.sim.runner import Spec, run_specs
from meeple.sim.stats import Z95, rate


def lineups(kinds: Sequence[str], players: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """One seat order per game: distinct kinds while they last, then kinds drawn again."""
    out = []
    for i in range(games):
        rng = random.Random(seed * 1_000_003 + i)
        order = list(kinds)
        rng.shuffle(order)
        seats = order[:players] + [rng.choice(kinds) for _ in range(players - len(order))]
        rng.shuffle(seats)
        out.append(tuple(seats))
    return out


def fit(rows: Sequence[dict[str, Any]], kinds: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Ratings of each kind from finished games' rows (``bots`` per seat, ``places``)."""
    model = PlackettLuce()
    ratings = {k: model.rating(name=k) for k in kinds}
    for row in sorted(rows, key=lambda r: r["seed"]):
        seats: list[str] = row["bots"]
        teams = [[model.rating(mu=ratings[k].mu, sigma=ratings[k].sigma, name=k)]
                 for k in seats]
        after = model.rate(teams, ranks=[float(p) for p in row["places"]])
        moved: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for k, team in zip(seats, after, strict=True):
            moved[k].append((team[0].mu, team[0].sigma))
        for k, values in moved.items():
            ratings[k].mu = sum(v[0] for v in values) / len(values)
            ratings[k].sigma = sum(v[1] for v in values) / len(values)
    table: dict[str, dict[str, Any]] = {}
    for k in kinds:
        seat_games = [(row, s) for row in rows for s, b in enumerate(row["bots"]) if b == k]
        wins = sum(1 / max(1, len(row["winners"])) for row, s in seat_games
                   if s in row["winners"])
        places = [row["places"][s] for row, s in seat_games]
        mu, sigma = ratings[k].mu, ratings[k].sigma
        table[k] = {"mu": round(mu, 2), "sigma": round(sigma, 2),
                    "ordinal": round(mu - 3 * sigma, 2),
                    "interval95": [round(mu - Z95 * sigma, 2), round(mu + Z95 * sigma, 2)],
                    "seat_games": len(seat_games), "wins": rate(wins, len(seat_games)),
                    "mean_place": round(sum(places) / len(places), 3) if places else None}
    return dict(sorted(table.items(), key=lambda kv: -kv[1]["mu"]))


def head_to_head(rows: Sequence[dict[str, Any]], kinds: Sequence[str]
                 ) -> dict[str, dict[str, float | None]]:
    """For each pair of kinds at one table: the share of their meetings in which the row's
    kind finished ahead of the column's (a tie counts half)."""
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    met: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        seats, place = row["bots"], row["places"]
        for i, a in enumerate(seats):
            for j, b in enumerate(seats):
                if a == b:
                    continue
                met[a, b] += 1
                ahead[a, b] += 1.0 if place[i] < place[j] else 0.5 if place[i] == place[j] else 0
    return {a: {b: (round(ahead[a, b] / met[a, b], 3) if met[a, b] else None)
                for b in kinds if b != a} for a in kinds}


def run_ladder(game: str, players: int, kinds: Sequence[str], games: int, seed: int,
               options: dict[str, Any], workers: int = 1,
               on_row: Callable[[dict[str, Any]], None] | None = None,
               ray_address: str | None = None) -> dict[str, Any]:
    """Play the ladder's games and fit the ratings."""
    if len(set(kinds)) < 2:
        raise ValueError("a ladder needs at least two different bot kinds")
    specs: list[Spec] = [(game, players, seed + i, 0, seats, options)
                         for i, seats in enumerate(lineups(kinds, players, games, seed))]
    rows = run_specs(specs, workers, on_row, ray_address)
    return {"game": game, "players": players, "games": len(rows), "first_seed": seed,
            "options": options, "bots": list(kinds), "ratings": fit(rows, kinds),
            "head_to_head": head_to_head(rows, kinds)}
