"""What a kit game costs, counted: its Python (code lines: no blanks, no comments, no
docstrings; and every line of its files), its data and texts (YAML lines that are not
blank or comments), the JavaScript written for it alone (a module of its own in the web
client), and its scenarios and tests. The numbers of docs/authoring.md's table come from
here."""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import meeple

SRC = Path(meeple.__file__).parent
ROOT = SRC.parent.parent  # the checkout, where scenarios/ and tests/ are


@dataclass(frozen=True)
class Cost:
    game: str
    python: int
    python_all: int  # every line of its .py files, comments and docstrings too
    data: int
    texts: int
    javascript: int
    scenarios: int
    tests: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def python_lines(text: str) -> int:
    """Lines holding code: not blank, not only a comment, not inside a docstring."""
    docs: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            end = body[0].end_lineno or body[0].lineno
            docs.update(range(body[0].lineno, end + 1))
    code: set[int] = set()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
            tokenize.DEDENT, tokenize.ENDMARKER}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in skip:
            code.update(range(tok.start[0], tok.end[0] + 1))
    return len(code - docs)


def yaml_lines(text: str) -> int:
    return sum(1 for line in text.splitlines()
               if line.strip() and not line.lstrip().startswith("#"))


def js_lines(text: str) -> int:
    return sum(1 for line in text.splitlines()
               if line.strip() and not line.lstrip().startswith("//"))


def kit_games() -> list[str]:
    from meeple.core.registry import game_names, get_game
    from meeple.kit.game import KitGame

    return [n for n in game_names() if isinstance(get_game(n), KitGame)]


def count_game(name: str) -> Cost:
    from meeple.core.registry import get_game

    get_game(name)  # an unknown game is named
    package = SRC / "games" / name
    sources = [p.read_text("utf-8") for p in package.rglob("*.py")]
    py = sum(python_lines(text) for text in sources)
    py_all = sum(len(text.splitlines()) for text in sources)
    data_files = [p for p in (package / "data").rglob("*") if p.suffix in (".yaml", ".yml")]
    texts = sum(yaml_lines(p.read_text("utf-8")) for p in data_files if p.stem.startswith("texts"))
    data = sum(yaml_lines(p.read_text("utf-8")) for p in data_files
               if not p.stem.startswith("texts"))
    static = SRC / "web" / "static"
    own_js = [static / "js" / f"{name}.js", *(static / "js" / name).rglob("*.js"),
              *(static / "js" / "text").glob(f"{name}.js")]
    js = sum(js_lines(p.read_text("utf-8")) for p in own_js if p.is_file())
    scenario_files = (ROOT / "scenarios" / name).rglob("*.yaml")
    scen = sum(yaml_lines(p.read_text("utf-8")) for p in scenario_files)
    test_files = (ROOT / "tests").glob(f"test_{name}*.py")
    tests = sum(python_lines(p.read_text("utf-8")) for p in test_files)
    return Cost(name, py, py_all, data, texts, js, scen, tests)
