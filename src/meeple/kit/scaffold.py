"""``meeple new GAME``: a working game written from the kit's skeleton (a race of hidden
number cards), named as the author asks, that plays at once in the terminal, through the
server and in the browser — the place to start replacing its rules with one's own."""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from pathlib import Path

SKELETON = Path(__file__).with_name("skeleton")
NAME = re.compile(r"^[a-z][a-z0-9_]{1,30}$")


class ScaffoldError(Exception):
    """A name or a folder that cannot take a new game, with the reason."""


@dataclass(frozen=True)
class Written:
    package: Path
    files: list[Path]


def camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def reserved() -> set[str]:
    """Names a game cannot have: the kit's own words, and the web client's modules (a
    game's name is also the name of its module there, js/NAME.js)."""
    static = Path(__file__).parents[1] / "web" / "static" / "js"
    return {"kit", "core", "skeleton", "test", "all", *(p.stem for p in static.glob("*.js"))}


def check_name(name: str, taken: list[str]) -> None:
    if not NAME.match(name):
        raise ScaffoldError(f"a game's name is 2 to 31 lower-case letters, digits or _, "
                            f"starting with a letter: not {name!r}")
    if name in taken:
        raise ScaffoldError(f"a game named {name!r} exists already")
    if keyword.iskeyword(name) or name in reserved():
        raise ScaffoldError(f"{name!r} is a reserved word (Python's, the kit's or a module of "
                            "the web client's); choose another name")


def _rewrite(text: str, name: str, title: str, title_ru: str) -> str:
    text = text.replace('title = "Skeleton"', f"title = {title!r}")
    text = text.replace('en: "Skeleton"', f'en: "{title}"').replace('ru: "Скелет"',
                                                                     f'ru: "{title_ru}"')
    text = text.replace("meeple.kit.skeleton", f"meeple.games.{name}")
    return text.replace("Skeleton", camel(name)).replace("skeleton", name)


def write_game(root: Path, name: str, title: str, title_ru: str,
               taken: list[str]) -> Written:
    """The new game's package under ``root/src/meeple/games/NAME``, with its scenarios,
    test and rules page; nothing is written when anything is in the way."""
    check_name(name, taken)
    games = root / "src" / "meeple" / "games"
    if not games.is_dir():
        raise ScaffoldError(f"{root} is not a meeple checkout (no src/meeple/games): run "
                            "`meeple new` at the top of one, or give --root")
    package = games / name
    targets = {
        package: None,
        root / "scenarios" / name / "basics.yaml": SKELETON / "extra" / "scenarios.yaml",
        root / "tests" / f"test_{name}_rules.py": SKELETON / "extra" / "test_rules.py",
        root / "docs" / "rules" / f"{name}.md": SKELETON / "extra" / "rules.md",
    }
    in_the_way = [str(p) for p in targets if p.exists()]
    if in_the_way:
        raise ScaffoldError(f"already there, nothing written: {', '.join(in_the_way)}")
    files: list[Path] = []
    for src in sorted(SKELETON.rglob("*")):
        rel = src.relative_to(SKELETON)
        if src.is_dir() or rel.parts[0] in ("extra", "__pycache__") or src.suffix == ".pyc":
            continue
        dest = package / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(_rewrite(src.read_text("utf-8"), name, title, title_ru), "utf-8")
        files.append(dest)
    for dest, template in targets.items():
        if template is None:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(_rewrite(template.read_text("utf-8"), name, title, title_ru), "utf-8")
        files.append(dest)
    return Written(package, files)
