"""The bots' ladder: mixed tables, openskill ratings per bot kind (meeple.sim.ladder)."""

from __future__ import annotations

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.sim.ladder import fit, head_to_head, lineups


def test_a_table_holds_as_many_different_kinds_as_it_has_seats() -> None:
    ups = lineups(["random", "heuristic", "ismcts:10"], 4, 30, seed=7)
    assert all(len(set(u)) == 3 and len(u) == 4 for u in ups)
    two = lineups(["a", "b", "c", "d", "e"], 2, 30, seed=7)
    assert all(len(set(u)) == 2 for u in two)
    assert ups == lineups(["random", "heuristic", "ismcts:10"], 4, 30, seed=7)
    assert len({u for u in ups}) > 1


def _row(seed: int, bots: list[str], places: list[int]) -> dict[str, object]:
    return {"seed": seed, "bots": bots, "places": places,
            "winners": [i for i, p in enumerate(places) if p == 1]}


def test_the_kind_that_finishes_ahead_is_rated_above_and_wins_its_seat_games() -> None:
    rows = [_row(i, ["strong", "weak", "weak", "strong"], [1, 3, 4, 2]) for i in range(30)]
    table = fit(rows, ["weak", "strong"])
    assert list(table) == ["strong", "weak"]
    assert table["strong"]["mu"] > 25 > table["weak"]["mu"]
    assert table["strong"]["wins"]["rate"] == 0.5 and table["weak"]["wins"]["rate"] == 0
    assert table["strong"]["mean_place"] == 1.5 and table["weak"]["mean_place"] == 3.5
    lo, hi = table["strong"]["interval95"]
    assert lo < table["strong"]["mu"] < hi
    assert head_to_head(rows, ["weak", "strong"])["strong"]["weak"] == 1.0


def test_a_kind_in_several_seats_moves_as_much_as_with_one_seat() -> None:
    one = fit([_row(0, ["a", "b"], [1, 2])], ["a", "b"])
    many = fit([_row(0, ["a", "b", "a", "b"], [1, 2, 1, 2])], ["a", "b"])
    # Two seats each finishing alike: no more evidence than one seat each, same direction.
    assert many["a"]["mu"] > 25 > many["b"]["mu"]
    assert abs(many["a"]["mu"] - 25) <= abs(one["a"]["mu"] - 25) + 1e-9


def test_the_ladder_refuses_a_single_bot_kind_and_names_the_problem() -> None:
    out = CliRunner().invoke(app, ["ladder", "counter", "--bots", "random", "--games", "2"])
    assert out.exit_code != 0 and "two different bot kinds" in out.output


def test_the_ladder_plays_its_games_and_reports_every_kind() -> None:
    out = CliRunner().invoke(app, ["ladder", "cyclades", "--bots", "random,heuristic",
                                   "--games", "3", "--players", "3", "--json"])
    assert out.exit_code == 0, out.output
    import json

    result = json.loads(out.output.strip().splitlines()[-1])
    assert result["games"] == 3 and set(result["ratings"]) == {"random", "heuristic"}
    assert sum(r["seat_games"] for r in result["ratings"].values()) == 9
