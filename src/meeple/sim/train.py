"""Fitting a game's learned evaluation from self-play (``meeple train GAME``).

Generation 1 learns from games of the heuristic bot (or another kind, ``bot``); each later
generation from games of the bot judging by the previous generation's model, with the
earlier games kept, so the data follows the better play. A position is recorded every
``stride`` moves as each seat's features (what that seat may see) with the seat's final
result (1 for a win, its share of a shared win, else 0). The network is scikit-learn's
MLPClassifier (or a logistic regression) on standardized features, or gradient-boosted trees
on the raw features (scikit-learn's HistGradientBoostingClassifier); games are split 80/20
into training and validation by game, so a position never validates a model that trained
on its own game, and the training games again 80/20 to decide by game when the fit stops.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from meeple.bots.base import make_bot
from meeple.bots.greedy import Greedy
from meeple.bots.learned import Trees, ValueModel, feature_module, learned_evaluate
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.sim.match import Chooser, bot_chooser, bot_seed, play_match
from meeple.sim.runner import parallel_map

# (game, players, seed, options, stride, model file or "" for the first generation's
# bot kind, that kind)
TrainSpec = tuple[str, int, int, dict[str, Any], int, str, str]


def positions(spec: TrainSpec) -> dict[str, Any]:
    """One self-play game: its recorded positions and each seat's result."""
    name, players, seed, options, stride, model_file, kind = spec
    game = get_game(name)
    features = feature_module(name).features
    evaluate = learned_evaluate(name, ValueModel.load(Path(model_file))) if model_file else None
    seats: list[str | Chooser] = [
        bot_chooser(Greedy(bot_seed(seed, i), game, evaluate) if model_file or
                    kind == "heuristic" else make_bot(kind, name, bot_seed(seed, i)))
        for i in range(players)]
    rows: list[tuple[int, list[float]]] = []
    moves = 0

    def record(state: State, _player: int, _action: Action) -> None:
        nonlocal moves
        moves += 1
        if moves % stride == 0 and not state.is_terminal():
            rows.extend((p, features(state, p)) for p in range(players))

    final = play_match(name, players, seed, seats, options, on_action=record).state
    returns = final.returns()
    return {"seed": seed, "x": [x for _, x in rows], "y": [returns[p] for p, _ in rows]}


# Training stops when the log loss on games held out of the fit has not improved for this
# many passes; the best pass is kept.
PATIENCE = 5
MAX_EPOCHS = 200


# What ``meeple train --model`` fits: a network of the ``--hidden`` sizes, a logistic
# regression (also ``--hidden 0``), or gradient-boosted trees.
MODEL_KINDS = ("network", "linear", "trees")


def fit(games: Sequence[dict[str, Any]], hidden: tuple[int, ...], seed: int,
        kind: str = "network") -> tuple[ValueModel, dict[str, float]]:
    """A network from the games' positions, with its validation figures.

    Stopping is judged on whole games held out of the fit (the last fifth of the training
    games), not on positions drawn from the training games: positions of one game share
    its result, so a network stopped on them learns the games by heart (validation log
    loss 1.7 against the base rate's 0.56 over 800 games) instead of what wins."""
    from sklearn.metrics import log_loss
    from sklearn.neural_network import MLPClassifier

    cut = max(1, len(games) * 4 // 5)
    train, valid = games[:cut], games[cut:] or games[:1]
    inner = max(1, cut * 4 // 5)
    learn, judge = train[:inner], train[inner:] or train[:1]

    def arrays(part: Sequence[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
        x = np.array([r for g in part for r in g["x"]], dtype=np.float64)
        y = np.array([v >= 0.5 for g in part for v in g["y"]], dtype=np.int64)
        return x, y

    x, y = arrays(learn)
    jx, jy = arrays(judge)
    vx, vy = arrays(valid)
    if len(set(y.tolist())) < 2:
        raise ValueError("the games gave no wins or no losses to learn from: play more games")
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    model = ValueModel(mean, scale, [])
    if kind == "trees":
        return _fit_trees(model, (x, y), (jx, jy), (vx, vy), seed)
    if kind == "linear" or not hidden:
        return _fit_linear(model, (x, y), (jx, jy), (vx, vy), seed)
    net = MLPClassifier(hidden_layer_sizes=hidden, alpha=1e-3, batch_size=min(256, len(x)),
                        random_state=seed)
    inputs, judged = model.inputs(x), model.inputs(jx)
    best, stale, epochs = float("inf"), 0, 0
    while stale < PATIENCE and epochs < MAX_EPOCHS:
        net.partial_fit(inputs, y, classes=[0, 1])
        epochs += 1
        loss = float(log_loss(jy, net.predict_proba(judged)[:, 1], labels=[0, 1]))
        if loss < best - 1e-4:
            best, stale = loss, 0
            model.layers = [(np.array(w), np.array(b)) for w, b in
                            zip(net.coefs_, net.intercepts_, strict=True)]
        else:
            stale += 1
    return model, _figures(model, (x, y), (jx, jy), (vx, vy), {"epochs": epochs - stale})


Split = tuple[np.ndarray, np.ndarray]

# The inverse regularization strengths a linear fit tries, the best on the held-out
# training games kept.
LINEAR_C = (0.001, 0.01, 0.1, 1.0)


def _fit_linear(model: ValueModel, learn: Split, judge: Split, valid: Split, seed: int
                ) -> tuple[ValueModel, dict[str, float]]:
    """A logistic regression on the same standardized features (``--hidden 0``): with
    few games, a network learns each game's positions rather than what wins, and a
    linear model, one weight a feature, cannot."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import log_loss

    inputs, judged = model.inputs(learn[0]), model.inputs(judge[0])
    best, chosen = float("inf"), LINEAR_C[0]
    for c in LINEAR_C:
        fitted = LogisticRegression(C=c, max_iter=2000, random_state=seed).fit(
            inputs, learn[1])
        loss = float(log_loss(judge[1], fitted.predict_proba(judged)[:, 1], labels=[0, 1]))
        if loss < best:
            best, chosen = loss, c
            model.layers = [(np.array(fitted.coef_.T), np.array(fitted.intercept_))]
    return model, _figures(model, learn, judge, valid, {"regularization_c": chosen})


# Gradient-boosted trees: small trees at a low learning rate, a leaf only for a group of
# positions large enough not to be one game's (a game gives tens to hundreds of positions,
# all with one result); the number of trees kept is the best on the held-out training games.
TREE_SETTINGS = {"learning_rate": 0.05, "max_leaf_nodes": 15, "l2_regularization": 1.0}
MAX_TREES = 300
LEAF_POSITIONS = 200


def _fit_trees(model: ValueModel, learn: Split, judge: Split, valid: Split, seed: int
               ) -> tuple[ValueModel, dict[str, float]]:
    """Trees catch what a linear model cannot, such as a lead that matters only late in
    the game, without a network's appetite for learning each game's positions by heart."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.metrics import log_loss

    fitted = HistGradientBoostingClassifier(
        max_iter=MAX_TREES, early_stopping=False, random_state=seed,
        min_samples_leaf=min(LEAF_POSITIONS, max(5, len(learn[0]) // 100)),
        **TREE_SETTINGS).fit(learn[0], learn[1])
    losses = [float(log_loss(judge[1], p[:, 1], labels=[0, 1]))
              for p in fitted.staged_predict_proba(judge[0])]
    kept = int(np.argmin(losses)) + 1
    model.trees = forest(fitted, kept)
    return model, _figures(model, learn, judge, valid, {"trees": kept})


def forest(fitted: Any, count: int) -> Trees:
    """The first ``count`` trees of a fitted binary HistGradientBoostingClassifier as
    ``Trees`` (their nodes in one run of arrays, node indices made global)."""
    # scikit-learn has no public export of these trees: its fitted predictors are read,
    # and tests/test_learned.py checks the result against its own decision_function
    trees = [per_class[0].nodes for per_class in fitted._predictors[:count]]
    sizes = [len(t) for t in trees]
    roots = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    nodes = np.concatenate(trees)
    shift = np.repeat(roots, sizes)
    arrays = {"roots": roots, "feature": nodes["feature_idx"],
              "threshold": nodes["num_threshold"], "missing_left": nodes["missing_go_to_left"],
              "left": nodes["left"].astype(np.int64) + shift,
              "right": nodes["right"].astype(np.int64) + shift,
              "value": nodes["value"], "leaf": nodes["is_leaf"]}
    return Trees(float(np.ravel(fitted._baseline_prediction)[0]), arrays,
                 int(nodes["depth"].max()))


def _figures(model: ValueModel, learn: Split, judge: Split, valid: Split,
             extra: dict[str, float]) -> dict[str, float]:
    from sklearn.metrics import log_loss, roc_auc_score

    vx, vy = valid
    p = 1.0 / (1.0 + np.exp(-model.logits(vx)))
    base = float(np.concatenate([learn[1], judge[1]]).mean())
    return {"positions": int(len(learn[0]) + len(judge[0]) + len(vx)),
            "train_positions": len(learn[0]) + len(judge[0]), "valid_positions": len(vx),
            **extra,
            "valid_log_loss": round(float(log_loss(vy, p, labels=[0, 1])), 4),
            "baseline_log_loss": round(float(log_loss(vy, np.full(len(vy), base),
                                                      labels=[0, 1])), 4),
            "valid_auc": (round(float(roc_auc_score(vy, p)), 4)
                          if len(set(vy.tolist())) > 1 else float("nan"))}


def train(name: str, players: int, games: int, generations: int, out: Path, seed: int = 0,
          options: dict[str, Any] | None = None, stride: int = 4, workers: int = 1,
          hidden: tuple[int, ...] = (64, 32), ray_address: str | None = None,
          on_game: Callable[[int], None] | None = None, games_file: Path | None = None,
          bot: str = "heuristic", kind: str = "network") -> dict[str, Any]:
    """Play ``games`` games per generation, fit after each, keep the last model in ``out``.

    ``games_file``: generation 1's games are read from it when it exists (so another
    model can be fitted without playing them again), else played and written there."""
    feature_module(name)
    get_game(name).check_players(players)
    make_bot(bot, name, 0)
    if kind not in MODEL_KINDS:
        raise ValueError(f"unknown model kind {kind!r}: choose one of {', '.join(MODEL_KINDS)}")
    if games < 2 or generations < 1 or stride < 1:
        raise ValueError("train needs --games 2 or more, --generations 1 or more, --stride 1 "
                         "or more")
    data: list[dict[str, Any]] = []
    history = []
    model_file = ""
    for gen in range(1, generations + 1):
        start = time.perf_counter()
        first = seed + (gen - 1) * games
        specs: list[TrainSpec] = [(name, players, first + i, dict(options or {}), stride,
                                   model_file, bot) for i in range(games)]
        key = {"game": name, "players": players, "seed": first, "games": games,
               "stride": stride, "options": repr(sorted((options or {}).items())), "bot": bot,
               "features": len(feature_module(name).names())}
        if gen == 1 and games_file is not None and games_file.exists():
            played = load_games(games_file, key)
        else:
            played = parallel_map(positions, specs, workers, ray_address, on_game)
            if gen == 1 and games_file is not None:
                save_games(games_file, key, played)
        data.extend(sorted(played, key=lambda g: g["seed"]))
        model, figures = fit(data, hidden, seed + gen, kind)
        model.meta = {"game": name, "generation": gen, "players": players, **figures}
        model.save(out)
        model_file = str(out)
        history.append({"generation": gen, "games": len(data),
                        "played_by": bot if gen == 1 else "learned",
                        "seconds": round(time.perf_counter() - start, 1), **figures})
    size = out.stat().st_size
    return {"game": name, "players": players, "model": str(out), "model_bytes": size,
            "features": len(feature_module(name).names()), "kind": kind,
            "hidden": list(hidden) if kind == "network" else [], "generations": history}


def save_games(path: Path, key: dict[str, Any], played: Sequence[dict[str, Any]]) -> None:
    """Self-play games' positions and results, with what they were played for (``key``)."""
    rows = [len(g["y"]) for g in played]
    width = int(key["features"])
    x = np.array([r for g in played for r in g["x"]], dtype=np.float64).reshape(-1, width)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        np.savez_compressed(f, x=x, y=np.array([v for g in played for v in g["y"]]),
                            rows=np.array(rows, dtype=np.int64),
                            seeds=np.array([g["seed"] for g in played], dtype=np.int64),
                            key=np.array(repr(sorted(key.items()))))


def load_games(path: Path, key: dict[str, Any]) -> list[dict[str, Any]]:
    """The games ``save_games`` wrote, refused unless played for the same ``key``."""
    try:
        with np.load(path) as z:
            found = str(z["key"])
            x, y, rows, seeds = z["x"], z["y"], z["rows"], z["seeds"]
    except (OSError, ValueError, KeyError) as e:
        raise ValueError(f"{path} is not a games file written by meeple train: {e}") from None
    if found != repr(sorted(key.items())):
        raise ValueError(f"{path} holds games played for {found}, not {sorted(key.items())}")
    out, at = [], 0
    for seed, k in zip(seeds.tolist(), rows.tolist(), strict=True):
        out.append({"seed": seed, "x": x[at:at + k].tolist(), "y": y[at:at + k].tolist()})
        at += k
    return out
