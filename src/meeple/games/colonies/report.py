"""Season reports from the log, in Markdown or forum BBCode: the public report, each
player's private report, and the Master's full report. Lines starting ``## `` or ``### ``
are headings and ``- `` list items (that is how the resolution writes them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.log import EVERYONE

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState


def lines(s: ColoniesState, season_index: int, seat: int | None) -> list[str]:
    """The season's report lines visible to ``seat`` (None: the public report)."""
    r = season_index + 1
    out = []
    for e in s.log.events():
        if e.round != r:
            continue
        if e.audience == EVERYONE:
            out.append(e.text)
        elif seat is not None and seat == s.master:
            out.append(f"- (to {s.name(e.audience)}) {e.text.removeprefix('- ')}")
        elif seat is not None and e.audience == seat:
            out.append(f"- (private) {e.text.removeprefix('- ')}")
    return out


def spy_lines(s: ColoniesState, season_index: int, spy: int) -> list[str]:
    """What a successful spy is told while the season waits for their new actions: their
    private lines of the season so far (the espionage results among them)."""
    head = f"### {s.season_label(season_index)}: espionage, for {s.name(spy)} only"
    body = [line for line in lines(s, season_index, spy) if line.startswith("- (private)")]
    return [head, *body, "Reply with your two new actions (any but espionage)."]


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
