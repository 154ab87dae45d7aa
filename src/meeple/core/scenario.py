"""Rules tests as data: a start position, actions in text form, expected facts.

The format is documented in docs/scenarios.md. A malformed file raises ScenarioError;
an expectation that does not hold is a failed result, not an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from meeple.core.actions import Action
from meeple.core.errors import MeepleError, ScenarioError
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.text import localize
from meeple.core.yamlfile import read_yaml

MISSING = object()


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    do: str = Field(min_length=3)
    error: str | None = None  # the action must be refused with a message containing this


class ScenarioModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    rule: str = ""
    game: str
    players: int
    seed: int = 0
    options: dict[str, Any] = Field(default_factory=dict)
    setup: dict[str, Any] = Field(default_factory=dict)
    actions: list[str | Step] = Field(default_factory=list)
    expect: dict[str, Any] = Field(min_length=1)


@dataclass
class Check:
    path: str
    ok: bool
    detail: str


@dataclass
class ScenarioResult:
    file: str
    name: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def load(path: Path) -> list[ScenarioModel]:
    """A file holds one scenario, or a list of them."""
    try:
        raw = read_yaml(path.read_text("utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise ScenarioError(f"{path}: cannot read YAML: {e}") from e
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for i, item in enumerate(items):
        try:
            out.append(ScenarioModel.model_validate(item))
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise ScenarioError(f"{path} (scenario {i + 1}): {where}: {first['msg']}") from e
    return out


def _split(step: str, path: str) -> tuple[int, Action]:
    head, sep, text = step.partition(":")
    if not sep or not head.strip().isdecimal():
        raise ScenarioError(f"{path}: action {step!r} must look like 'PLAYER: ACTION'")
    try:
        return int(head), Action.parse(text)
    except MeepleError as e:
        raise ScenarioError(f"{path}: action {step!r}: {e}") from e


def lookup(facts: Any, path: str) -> Any:
    node = facts
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif (isinstance(node, list) and part.lstrip("-").isdecimal()
              and -len(node) <= int(part) < len(node)):
            node = node[int(part)]
        else:
            return MISSING
    return node


def _norm(x: Any) -> Any:
    if isinstance(x, list):
        return [_norm(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _norm(v) for k, v in x.items()}
    return x


OPERATORS = {"contains", "excludes", "mentions", "min", "max"}


def _has(got: Any, w: Any) -> bool:
    """An element of a list equals w, or a string contains w."""
    if isinstance(got, list):
        return any(_norm(x) == _norm(w) or str(x) == str(w) for x in got)
    return str(w) in str(got)


def _mentions(got: Any, w: Any) -> bool:
    """Some text in the fact (a string or a list of strings) contains w."""
    items = got if isinstance(got, list) else [got]
    return any(str(w) in str(x) for x in items)


def check(facts: dict[str, Any], path: str, want: Any) -> Check:
    got = lookup(facts, path)
    if got is MISSING:
        return Check(path, False, f"no such fact {path!r}")
    if isinstance(want, dict) and want and set(want) <= OPERATORS:
        problems = [f"does not contain {w!r}" for w in _as_list(want.get("contains"))
                    if not _has(got, w)]
        problems += [f"contains {w!r}" for w in _as_list(want.get("excludes")) if _has(got, w)]
        problems += [f"never mentions {w!r}" for w in _as_list(want.get("mentions"))
                     if not _mentions(got, w)]
        if "min" in want and not got >= want["min"]:
            problems.append(f"{got!r} is below {want['min']!r}")
        if "max" in want and not got <= want["max"]:
            problems.append(f"{got!r} is above {want['max']!r}")
        return Check(path, not problems, "; ".join(problems) or "ok")
    ok = _norm(got) == _norm(want)
    return Check(path, ok, "ok" if ok else f"expected {want!r}, got {got!r}")


def _as_list(x: Any) -> list[Any]:
    if x is None:
        return []
    return x if isinstance(x, list) else [x]


def run(sc: ScenarioModel, file: str = "<scenario>") -> ScenarioResult:
    result = ScenarioResult(file, sc.name)
    try:
        game = get_game(sc.game)
        state: State = game.new_state(sc.players, sc.seed, sc.options)
        if sc.setup:
            state = game.scenario_setup(state, sc.setup)
    except (KeyError, ValueError, MeepleError) as e:
        raise ScenarioError(f"{file}: {sc.name}: cannot set up: {e}") from e
    for i, item in enumerate(sc.actions):
        step = item if isinstance(item, Step) else Step(do=item)
        player, action = _split(step.do, file)
        before = state.hash()
        try:
            state.apply(player, action)
        except MeepleError as e:
            if step.error is None:
                result.checks.append(Check(f"action #{i} {step.do}", False, f"refused: {e}"))
                return result
            ok = step.error.lower() in str(e).lower() and state.hash() == before
            result.checks.append(Check(f"action #{i} {step.do}", ok,
                                       f"refused as expected: {e}" if ok else
                                       f"refused, but with {e!s} (want {step.error!r})"))
            continue
        if step.error is not None:
            result.checks.append(Check(f"action #{i} {step.do}", False,
                                       f"accepted, but should be refused ({step.error})"))
            return result
    facts = localize(game.inspect(state))  # expectations are written in English
    for path, want in sc.expect.items():
        result.checks.append(check(facts, path, want))
    return result


def collect(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files += sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml"))
        elif p.exists():
            files.append(p)
        else:
            raise ScenarioError(f"{p}: no such file or folder")
    return files


def run_paths(paths: list[Path]) -> list[ScenarioResult]:
    results = []
    for f in collect(paths):
        for sc in load(f):
            results.append(run(sc, str(f)))
    return results
