"""Season reports from the log, in Markdown or forum BBCode, in English or Russian: the
public report, each player's private report, and the Master's full report. Lines
starting ``## ``, ``### `` or ``#### `` are headings and ``- `` list items (the log's
texts wrap their sentences in those markers, ``texts.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.log import EVERYONE
from meeple.core.text import render
from meeple.games.colonies.texts import h3, season, seat, t

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

LANGS = ("en", "ru")


def _level(line: str) -> int:
    """A heading's level (2 for ``## ``), or 0 for any other line."""
    hashes = len(line) - len(line.lstrip("#"))
    return hashes if hashes and line[hashes:hashes + 1] == " " else 0


def _drop_empty_sections(report: list[str]) -> list[str]:
    """Headings with nothing under them for this reader (a section of private lines in
    the public report) are left out."""
    out: list[str] = []
    for line in reversed(report):
        level = _level(line)
        if level and (not out or 0 < _level(out[-1]) <= level):
            continue
        out.append(line)
    return out[::-1]


def lines(s: ColoniesState, season_index: int, seat_: int | None,
          lang: str = "en") -> list[str]:
    """The season's report lines visible to ``seat_`` (None: the public report)."""
    r = season_index + 1
    out = []
    for e in s.log.events():
        if e.round != r:
            continue
        text = e.line(lang)
        if e.audience == EVERYONE:
            out.append(text)
        elif seat_ is not None and seat_ == s.master:
            out.append("- " + render(t("to", who=seat(s, e.audience),
                                       t=text.removeprefix("- ")), lang))
        elif seat_ is not None and e.audience == seat_:
            out.append("- " + render(t("private", t=text.removeprefix("- ")), lang))
    return _drop_empty_sections(out)


def spy_lines(s: ColoniesState, season_index: int, spy: int, lang: str = "en") -> list[str]:
    """What a successful spy is told while the season waits for their new actions: their
    private lines of the season so far (the espionage results among them)."""
    head = render(h3(t("spy.title", season=season(s, season_index), who=seat(s, spy))), lang)
    body = ["- " + e.line(lang).removeprefix("- ") for e in s.log.events()
            if e.round == season_index + 1 and e.audience == spy]
    return [head, *body, render(t("spy.reply"), lang)]


def markdown(report: list[str]) -> str:
    return "\n".join(report) + "\n"


def _bb_escape(text: str) -> str:
    return text.replace("[", "(").replace("]", ")")


def bbcode(report: list[str]) -> str:
    out: list[str] = []
    in_list = False
    for line in report:
        item = line.startswith("- ")
        if item and not in_list:
            out.append("[list]")
            in_list = True
        if not item and in_list:
            out.append("[/list]")
            in_list = False
        if line.startswith("#### "):
            out.append(f"[u]{_bb_escape(line[5:])}[/u]")
        elif line.startswith("### "):
            out.append(f"[b]{_bb_escape(line[4:])}[/b]")
        elif line.startswith("## "):
            out.append(f"[size=150][b]{_bb_escape(line[3:])}[/b][/size]")
        elif item:
            out.append(f"[*]{_bb_escape(line[2:])}")
        else:
            out.append(_bb_escape(line))
    if in_list:
        out.append("[/list]")
    return "\n".join(out) + "\n"
