"""Season reports from the log, in Markdown or forum BBCode, in English or Russian: the
public report, each player's private report, and the Master's full report. Lines
starting ``## ``, ``### `` or ``#### `` are headings and ``- `` list items: the log's
texts wrap their sentences in ``h2``…``li`` (``texts.py``), plain in the log, marked here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.log import EVERYONE
from meeple.core.text import Message, Text, render
from meeple.games.colonies.texts import CATALOG, h3, season, seat, t

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

LANGS = ("en", "ru")
MARKS = {f"{CATALOG}.h2": "## ", f"{CATALOG}.h3": "### ", f"{CATALOG}.h4": "#### ",
         f"{CATALOG}.li": "- "}


def _body(message: Message) -> Message:
    """The sentence inside a heading or list item (the message itself otherwise)."""
    if isinstance(message, Text) and message.key in MARKS:
        inner = dict(message.args)["t"]
        assert isinstance(inner, Text | str)
        return inner
    return message


def _md(message: Message, lang: str) -> str:
    """A log line as a report line: with its Markdown marker."""
    mark = MARKS.get(message.key, "") if isinstance(message, Text) else ""
    return mark + render(_body(message), lang)


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
        if e.audience == EVERYONE:
            out.append(_md(e.message, lang))
        elif seat_ is not None and seat_ == s.master:
            out.append("- " + render(t("to", who=seat(s, e.audience), t=_body(e.message)), lang))
        elif seat_ is not None and e.audience == seat_:
            out.append("- " + render(t("private", t=_body(e.message)), lang))
    return _drop_empty_sections(out)


def spy_lines(s: ColoniesState, season_index: int, spy: int, lang: str = "en") -> list[str]:
    """What a successful spy is told while the season waits for their new actions: their
    private lines of the season so far (the espionage results among them)."""
    head = _md(h3(t("spy.title", season=season(s, season_index), who=seat(s, spy))), lang)
    body = ["- " + render(_body(e.message), lang) for e in s.log.events()
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
