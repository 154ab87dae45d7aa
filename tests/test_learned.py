"""The learned evaluation (meeple.bots.learned, meeple train): it reads only what a seat may
see, ships as numpy arrays, and the bots using it stay blind to hidden facts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from meeple.bots.base import Bot
from meeple.bots.greedy import Greedy
from meeple.bots.ismcts import ISMCTS
from meeple.bots.learned import ValueModel, learned_evaluate
from meeple.cli.main import app
from meeple.core.conformance import play_random
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.games.cult.features import features, features_all, names
from meeple.games.cult.state import CultState
from tests.bot_helpers import choices_when_only_hidden_facts_differ


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("learned") / "value.npz"
    out = CliRunner().invoke(app, ["train", "cult", "--games", "3", "--generations", "1",
                                   "--stride", "6", "--hidden", "8", "--out", str(path),
                                   "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output.strip().splitlines()[-1])
    assert report["model_bytes"] == path.stat().st_size
    gen = report["generations"][0]
    assert gen["positions"] == gen["train_positions"] + gen["valid_positions"] > 0
    return path


def _position(seed: int) -> CultState:
    game = get_game("cult")
    state = play_random(game.new_state(4, seed, {"max_rounds": 40}), 120, seed)
    assert isinstance(state, CultState)
    return state


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_a_seats_features_are_the_same_whatever_it_cannot_see(seed: int) -> None:
    real = _position(seed)
    game = get_game("cult")
    for p in range(real.num_players):
        other = game.redeal_hidden(real, p, seed + 77)
        assert isinstance(other, CultState)
        assert features(other, p) == features(real, p)
        assert len(features(real, p)) == len(names())
    assert features_all(real) == [features(real, p) for p in range(real.num_players)]


def test_a_saved_model_reads_back_the_same_numbers(model: Path, tmp_path: Path) -> None:
    m = ValueModel.load(model)
    x: np.ndarray = np.array(features_all(_position(3)), dtype=np.float64)
    m.save(tmp_path / "again.npz")
    assert np.allclose(ValueModel.load(tmp_path / "again.npz").logits(x), m.logits(x),
                       atol=1e-5)
    chances = learned_evaluate("cult", m)(_position(3))
    assert len(chances) == 4 and abs(sum(chances) - 1) < 1e-9


@pytest.mark.parametrize("search", [False, True])
def test_a_bot_with_the_learned_evaluation_chooses_the_same_when_only_hidden_facts_differ(
        model: Path, search: bool) -> None:
    game = get_game("cult")
    real = _position(8)
    evaluate = learned_evaluate("cult", ValueModel.load(model))

    def new_bot() -> Bot:
        return (ISMCTS(1234, game, iterations=20, evaluate=evaluate) if search
                else Greedy(1234, game, evaluate))

    choices = choices_when_only_hidden_facts_differ(game, real, new_bot, 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])


def test_training_a_game_without_features_names_the_problem() -> None:
    out = CliRunner().invoke(app, ["train", "counter", "--games", "2"])
    assert out.exit_code != 0 and "no learned evaluation" in out.output


def test_a_feature_rare_in_training_is_cut_at_clip_deviations() -> None:
    from meeple.bots.learned import CLIP

    m = ValueModel(np.array([0.0, 0.0]), np.array([0.02, 1.0]), [])
    cut = m.inputs(np.array([[1.0, 3.0], [-1.0, -9.0]]))
    assert cut.tolist() == [[CLIP, 3.0], [-CLIP, -CLIP]]


def _synthetic_games(n: int, seed: int) -> list[dict[str, object]]:
    """Four seats a game; the seat with the largest first feature wins; the other features
    are noise fixed for the whole game (what a network could learn the games by)."""
    rng = np.random.default_rng(seed)
    games: list[dict[str, object]] = []
    for g in range(n):
        strength = rng.normal(size=4)
        noise = rng.normal(size=(4, 6))
        xs, ys = [], []
        for _ in range(10):
            for p in range(4):
                xs.append([float(strength[p] + rng.normal(scale=0.5)), *noise[p].tolist()])
                ys.append(1.0 if p == int(np.argmax(strength)) else 0.0)
        games.append({"seed": g, "x": xs, "y": ys})
    return games


def test_training_stopped_on_held_out_games_beats_the_base_rate() -> None:
    from meeple.sim.train import fit

    model, figures = fit(_synthetic_games(60, 4), (16,), 1)
    assert figures["valid_log_loss"] < figures["baseline_log_loss"]
    assert figures["valid_auc"] > 0.75
    assert figures["train_positions"] + figures["valid_positions"] == figures["positions"]
    assert model.layers and figures["epochs"] >= 1


def test_the_shipped_cult_model_loads_and_beats_the_base_rate_it_was_trained_against() -> None:
    from meeple.bots.learned import model_path, shipped_model

    assert model_path("cult").exists() and model_path("cult").stat().st_size <= 2_000_000
    m = shipped_model("cult")
    assert m is not None and m.meta["game"] == "cult"
    assert m.meta["valid_log_loss"] < m.meta["baseline_log_loss"]
    assert m.mean.shape == (len(names()),)


@pytest.mark.parametrize("kind", ["learned", "ismcts:10+learned"])
def test_a_bot_with_the_shipped_cult_model_plays_a_legal_game(kind: str) -> None:
    from meeple.core.actions import Action
    from meeple.sim.match import play_match

    chosen: list[tuple[int, Action]] = []

    def check(state: State, player: int, action: Action) -> None:
        chosen.append((player, action))

    result = play_match("cult", 4, 21, [kind, "random", "random", "random"],
                        {"max_rounds": 6}, on_action=check)
    assert result.state.is_terminal() and any(p == 0 for p, _ in chosen)
    # the record replays to the same end: every move it chose was legal
    assert result.record.replay().to_json() == result.state.to_json()


def test_trees_read_back_from_their_arrays_predict_what_scikit_learn_predicts(
        tmp_path: Path) -> None:
    """The forest played with numpy alone gives scikit-learn's own logits, a missing value
    (NaN) taking the side the fit chose for it, and survives its model file."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    from meeple.sim.train import forest

    rng = np.random.default_rng(3)
    x = rng.normal(size=(2000, 5))
    x[rng.random(x.shape) < 0.05] = np.nan
    y = ((np.nan_to_num(x[:, 0]) + 0.5 * np.nan_to_num(x[:, 1]) ** 2) > 0.3).astype(int)
    fitted = HistGradientBoostingClassifier(max_iter=40, max_leaf_nodes=7,
                                            random_state=0).fit(x, y)
    trees = forest(fitted, fitted.n_iter_)
    assert np.allclose(trees.logits(x), fitted.decision_function(x), atol=1e-9)
    model = ValueModel(np.zeros(5), np.ones(5), [], {"game": "test"}, trees)
    model.save(tmp_path / "trees.npz")
    again = ValueModel.load(tmp_path / "trees.npz")
    assert again.trees is not None and np.array_equal(again.logits(x), model.logits(x))


def test_trees_fitted_on_held_out_games_beat_the_base_rate() -> None:
    from meeple.sim.train import fit

    model, figures = fit(_synthetic_games(60, 4), (), 1, "trees")
    assert model.trees is not None and not model.layers
    assert 1 <= figures["trees"] <= 300
    assert figures["valid_log_loss"] < figures["baseline_log_loss"]
    assert figures["valid_auc"] > 0.75


def test_an_unknown_model_kind_is_refused_before_any_game(tmp_path: Path) -> None:
    out = CliRunner().invoke(app, ["train", "cult", "--games", "2", "--model", "forest",
                                   "--out", str(tmp_path / "v.npz")])
    assert out.exit_code != 0 and "forest" in out.output and "trees" in out.output
    assert not (tmp_path / "v.npz").exists()
