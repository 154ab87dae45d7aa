"""The learned evaluation beyond Cult (meeple.bots.learned, ``meeple train GAME``): each
game's features read only what the seat may see, and a model trained from a few games
plays a legal game to the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.bots.greedy import Greedy
from meeple.bots.learned import ValueModel, feature_module, learned_evaluate, shipped_model
from meeple.cli.main import app
from meeple.core.conformance import play_random
from meeple.core.registry import get_game
from meeple.sim.match import bot_chooser, play_match

# (game, players, moves into the game for the position checked)
GAMES = [("cyclades", 3, 150), ("colonies", 4, 60)]


@pytest.mark.parametrize(("name", "players", "moves"), GAMES)
@pytest.mark.parametrize("seed", [1, 4])
def test_a_seats_features_are_the_same_whatever_it_cannot_see(
        name: str, players: int, moves: int, seed: int) -> None:
    game = get_game(name)
    module = feature_module(name)
    real = play_random(game.new_state(players, seed, {}), moves, seed)
    for p in range(players):
        other = game.redeal_hidden(real, p, seed + 77)
        assert module.features(other, p) == module.features(real, p)
        assert len(module.features(real, p)) == len(module.names())
    assert module.features_all(real) == [module.features(real, p) for p in range(players)]


@pytest.mark.parametrize("name", ["cyclades"])
def test_a_seat_sees_itself_first(name: str) -> None:
    """Features start with the seat judged: two seats' pictures of one position differ,
    and each one's own figures come first."""
    game = get_game(name)
    module = feature_module(name)
    state = play_random(game.new_state(3, 3, {}), 120, 3)
    first, second = module.features(state, 0), module.features(state, 1)
    per_seat = len(module.PER_SEAT)
    head = len(module.names()) - module.MAX_SEATS * per_seat
    assert first[head:head + per_seat] == second[head + 2 * per_seat:head + 3 * per_seat]
    assert first[head + per_seat:head + 2 * per_seat] == second[head:head + per_seat]


def test_cyclades_leads_set_each_seat_against_its_best_rival() -> None:
    """A Metropolis raised by one seat puts it one ahead of the best other and the others
    one behind it, and the evaluation's shares, one a seat, make up the whole table."""
    from meeple.games.cyclades.state import METRO, CycladesState

    module = feature_module("cyclades")
    state = play_random(get_game("cyclades").new_state(3, 3, {}), 120, 3)
    assert isinstance(state, CycladesState)
    lead = module.names().index("metropolis_lead")
    share = module.names().index("share")
    before = module.features_all(state)
    assert [x[lead] for x in before] == [0.0, 0.0, 0.0]
    state.buildings[state.territories_of(1)[0]].append(METRO)
    after = module.features_all(state)
    assert [x[lead] for x in after] == [-1.0, 1.0, -1.0]
    assert after[1][share] > before[1][share]
    assert abs(sum(x[share] for x in after) - 1.0) < 1e-9


@pytest.mark.parametrize(("name", "players", "bot"),
                         [("cyclades", 3, "heuristic"), ("colonies", 4, "planner")])
def test_a_tiny_training_run_gives_a_model_that_plays_a_legal_game(
        name: str, players: int, bot: str, tmp_path: Path) -> None:
    path = tmp_path / "value.npz"
    out = CliRunner().invoke(app, ["train", name, "--games", "2", "--generations", "1",
                                   "--players", str(players), "--stride", "12",
                                   "--hidden", "8", "--max-rounds", "6", "--out", str(path),
                                   "--bot", bot, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output.strip().splitlines()[-1])
    assert report["features"] == len(feature_module(name).names())
    assert report["generations"][0]["played_by"] == bot
    evaluate = learned_evaluate(name, ValueModel.load(path))
    game = get_game(name)
    seats = [bot_chooser(Greedy(10 + i, game, evaluate)) for i in range(players)]
    options = {"max_rounds": 4} if "max_rounds" in game.options else {}
    final = play_match(name, players, 5, seats, options).state
    assert final.is_terminal()


def test_a_games_file_fits_again_without_playing_and_refuses_other_games(
        tmp_path: Path) -> None:
    games = tmp_path / "games.npz"
    base = ["train", "cyclades", "--games", "3", "--generations", "1", "--players", "3",
            "--max-rounds", "5", "--games-file", str(games), "--json"]
    first = CliRunner().invoke(app, [*base, "--stride", "10", "--hidden", "8",
                                     "--out", str(tmp_path / "a.npz")])
    assert first.exit_code == 0, first.output
    assert games.exists()
    again = CliRunner().invoke(app, [*base, "--stride", "10", "--hidden", "0",
                                     "--out", str(tmp_path / "b.npz")])
    assert again.exit_code == 0, again.output
    one = json.loads(first.output.strip().splitlines()[-1])["generations"][0]
    two = json.loads(again.output.strip().splitlines()[-1])["generations"][0]
    assert one["positions"] == two["positions"] and "regularization_c" in two
    linear = ValueModel.load(tmp_path / "b.npz")
    assert len(linear.layers) == 1 and linear.layers[0][0].shape[1] == 1
    other = CliRunner().invoke(app, [*base, "--stride", "7", "--out", str(tmp_path / "c.npz")])
    assert other.exit_code != 0 and "holds games played for" in other.output
    assert not (tmp_path / "c.npz").exists()


def test_an_unknown_bot_kind_to_learn_from_is_refused_before_any_game(tmp_path: Path) -> None:
    out = CliRunner().invoke(app, ["train", "colonies", "--games", "2", "--bot", "genius",
                                   "--out", str(tmp_path / "v.npz")])
    assert out.exit_code != 0 and "genius" in out.output
    assert not (tmp_path / "v.npz").exists()


def test_colonies_shipped_model_reads_what_the_features_give() -> None:
    model = shipped_model("colonies")
    assert model is not None, "no model ships for colonies"
    assert model.mean.shape == (len(feature_module("colonies").names()),)
    state = play_random(get_game("colonies").new_state(4, 2, {}), 60, 2)
    chances = learned_evaluate("colonies")(state)
    assert len(chances) == 4 and abs(sum(chances) - 1.0) < 1e-9


def test_a_tiny_run_of_trees_gives_a_model_that_plays_a_legal_game(tmp_path: Path) -> None:
    path = tmp_path / "value.npz"
    out = CliRunner().invoke(app, ["train", "cyclades", "--games", "3", "--generations", "1",
                                   "--players", "3", "--stride", "8", "--model", "trees",
                                   "--max-rounds", "6", "--out", str(path), "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output.strip().splitlines()[-1])
    assert report["kind"] == "trees" and report["generations"][0]["trees"] >= 1
    model = ValueModel.load(path)
    assert model.trees is not None and not model.layers
    evaluate = learned_evaluate("cyclades", model)
    seats = [bot_chooser(Greedy(10 + i, get_game("cyclades"), evaluate)) for i in range(3)]
    assert play_match("cyclades", 3, 5, seats, {"max_rounds": 4}).state.is_terminal()


def test_cyclades_shipped_trees_judge_a_position_and_play_blind_to_the_deck() -> None:
    """The shipped forest reads only features that exist, gives each seat a chance, and the
    bot judging by it chooses the same whatever order the creature deck is in."""
    from meeple.bots.learned import model_path
    from tests.bot_helpers import choices_when_only_hidden_facts_differ

    assert model_path("cyclades").stat().st_size <= 2_000_000
    model = shipped_model("cyclades")
    assert model is not None and model.trees is not None and model.meta["game"] == "cyclades"
    assert model.meta["valid_log_loss"] < model.meta["baseline_log_loss"]
    assert int(model.trees.feature.max()) < len(feature_module("cyclades").names())
    game = get_game("cyclades")
    real = play_random(game.new_state(3, 6, {}), 150, 6)
    evaluate = learned_evaluate("cyclades")
    chances = evaluate(real)
    assert len(chances) == 3 and abs(sum(chances) - 1.0) < 1e-9
    assert all(0.0 < c < 1.0 for c in chances)
    choices = choices_when_only_hidden_facts_differ(
        game, real, lambda: Greedy(77, game, evaluate), 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])
