"""A learned evaluation: a small network fitted from self-play (``meeple train``) that
estimates each seat's chance to win from what that seat may see, used by the bots in
place of the game's hand-written ``evaluate``.

A game that can be learned has a ``features`` module (``meeple.games.NAME.features``:
``features(state, seat) -> list[float]`` from the public position and that seat's own
hidden facts, ``names()``, and optionally ``features_all(state)`` for every seat at once).
The model ships as ``games/NAME/data/value.npz``: the feature scaler and the network's
layers, or a forest of gradient-boosted trees, read with numpy alone, so playing needs no
training library.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from meeple.bots.greedy import Evaluate
from meeple.core.game import State


def feature_module(game: str) -> ModuleType:
    try:
        return importlib.import_module(f"meeple.games.{game}.features")
    except ModuleNotFoundError:
        raise ValueError(f"{game} has no learned evaluation (no features module)") from None


def model_path(game: str) -> Path:
    return Path(importlib.import_module(f"meeple.games.{game}").__file__ or "").parent / \
        "data" / "value.npz"


# Standardized features are cut to this many standard deviations: a feature that is rare
# in training (a ritual, the dark side) has a tiny spread, so an ordinary value of it would
# otherwise stand 50 deviations out and push the network to certainty.
CLIP = 5.0


# The arrays a forest is saved as (each prefixed "t_" in the model file).
TREE_ARRAYS = ("roots", "feature", "threshold", "missing_left", "left", "right", "value",
               "leaf")


class Trees:
    """Gradient-boosted decision trees, flattened into arrays over all their nodes: node i
    sends a position left when its ``feature[i]`` is at most ``threshold[i]`` (or is
    missing and ``missing_left[i]``), right otherwise; a leaf's ``value`` is added to the
    logit, which starts at ``bias``. The trees read the raw features, not standardized
    ones (a split does not care about scale)."""

    def __init__(self, bias: float, arrays: dict[str, np.ndarray], depth: int) -> None:
        self.bias, self.depth = bias, depth
        self.roots = arrays["roots"].astype(np.int64)
        self.feature = arrays["feature"].astype(np.int64)
        self.threshold = arrays["threshold"].astype(np.float64)
        self.missing_left = arrays["missing_left"].astype(bool)
        self.left = arrays["left"].astype(np.int64)
        self.right = arrays["right"].astype(np.int64)
        self.value = arrays["value"].astype(np.float64)
        self.leaf = arrays["leaf"].astype(bool)

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in TREE_ARRAYS}

    def logits(self, x: np.ndarray) -> np.ndarray:
        # every row walks every tree at once, one level a step; a leaf stays where it is
        node = np.tile(self.roots, (len(x), 1))
        rows = np.arange(len(x))[:, None]
        for _ in range(self.depth):
            seen = x[rows, self.feature[node]]
            left = (seen <= self.threshold[node]) | (np.isnan(seen) & self.missing_left[node])
            node = np.where(self.leaf[node], node,
                            np.where(left, self.left[node], self.right[node]))
        return np.asarray(self.bias + self.value[node].sum(axis=1))


class ValueModel:
    """Standardized features (cut at ±CLIP) → ReLU layers → one logit per seat (the chance
    to win); or, when ``trees`` is set, the raw features → the trees' summed logit."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, layers: list[tuple[np.ndarray,
                 np.ndarray]], meta: dict[str, Any] | None = None,
                 trees: Trees | None = None) -> None:
        self.mean, self.scale, self.layers = mean, scale, layers
        self.meta = meta or {}
        self.trees = trees

    def inputs(self, x: np.ndarray) -> np.ndarray:
        """What the network reads: the features standardized and cut at ±CLIP."""
        return np.asarray(np.clip((x - self.mean) / self.scale, -CLIP, CLIP))

    def logits(self, x: np.ndarray) -> np.ndarray:
        if self.trees is not None:
            return self.trees.logits(np.asarray(x, dtype=np.float64))
        h = self.inputs(x)
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return np.asarray(h[:, 0])

    def save(self, path: Path) -> None:
        arrays: dict[str, Any] = {"mean": self.mean, "scale": self.scale,
                                  "meta": np.array(repr(self.meta))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float32), b.astype(np.float32)
        if self.trees is not None:
            arrays.update({f"t_{k}": v for k, v in self.trees.arrays().items()})
            arrays["t_bias"] = np.array(self.trees.bias)
            arrays["t_depth"] = np.array(self.trees.depth)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            np.savez_compressed(f, **arrays)

    @staticmethod
    def load(path: Path) -> ValueModel:
        import ast

        with np.load(path) as z:
            layers = []
            i = 0
            while f"w{i}" in z:
                layers.append((z[f"w{i}"].astype(np.float64), z[f"b{i}"].astype(np.float64)))
                i += 1
            meta = ast.literal_eval(str(z["meta"])) if "meta" in z else {}
            trees = Trees(float(z["t_bias"]), {k: z[f"t_{k}"] for k in TREE_ARRAYS},
                          int(z["t_depth"])) if "t_roots" in z else None
            return ValueModel(z["mean"], z["scale"], layers, meta, trees)


@cache
def shipped_model(game: str) -> ValueModel | None:
    path = model_path(game)
    return ValueModel.load(path) if path.exists() else None


def learned_evaluate(game: str, model: ValueModel | None = None) -> Evaluate:
    """An ``evaluate`` that reads each seat's features and the model: the seats' chances,
    made to sum to 1 (a finished game: its returns)."""
    found = model or shipped_model(game)
    if found is None:
        raise ValueError(f"no trained model for {game}: run `meeple train {game}`")
    fit = found
    module = feature_module(game)
    every_seat: Callable[[State], list[list[float]]] = getattr(
        module, "features_all",
        lambda state: [module.features(state, p) for p in range(state.num_players)])

    def evaluate(state: State) -> list[float]:
        if state.is_terminal():
            return state.returns()
        x = np.array(every_seat(state))
        chance = 1.0 / (1.0 + np.exp(-fit.logits(x)))
        total = float(chance.sum()) or 1.0
        return [float(c) / total for c in chance]

    return evaluate
