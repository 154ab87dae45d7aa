"""The character sheet («заявка») of Colonies 1402, with the option ``sheets=true``.

The seed's form: name, character and history, race, class (the team), looks (a picture
or a description) and skills (a name and the personal goal). Each player writes it line
by line before the game, hands it in, and the Master approves it or sends it back with a
comment. Approval gives the player their name, team and goal. The first season opens
only when every sheet is approved (each unfinished sheet keeps its player asked, each
sheet handed in keeps the Master asked).

Text forms (actions, so a game record replays the sheets too)::

    sheet name "Don Alvaro de Soto"     a player writes one line (any field below)
    sheet class generals                traders or generals (also Торговцы, Генералы)
    sheet submit                        hand the sheet to the Master
    sheet approve 2                     the Master approves player 2's sheet
    sheet return 2 "Say who he serves"  the Master sends it back with a comment

Private (docs/rules/colonies.md, "Character sheets"): the goal, and a sheet until it is
approved, are seen by its player and the Master only; an approved sheet's other lines
are public, as in the opening post.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from meeple.core.actions import Action
from meeple.core.saves import load_data
from meeple.core.text import term
from meeple.games.colonies import texts
from meeple.games.colonies.data import load

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

SPEC: dict[str, Any] = load_data(__package__ or "", "sheets.yaml")
TEAMS: dict[str, Any] = load().rules["teams"]
FIELDS = tuple(SPEC["fields"])
PUBLIC = tuple(f for f in FIELDS if f != "goal")
REQUIRED = tuple(SPEC["required"])
STATUSES = ("draft", "submitted", "approved", "returned")
LANGS = ("en", "ru")
FORMATS = ("md", "bbcode")
USAGE = ('write: sheet FIELD "text" (fields: ' + ", ".join(FIELDS) + "), or sheet submit")
# A forum tag such as [img], [/url] or [size=200]: the Master's post does the formatting,
# and a tag in a player's line would slip an unchecked picture or link into it.
_TAG = re.compile(r"\[/?[A-Za-z*][A-Za-z0-9*]*(=[^\]]*)?\]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_NOT_IN_LINK = set(' <>"[]{}\\`\t\n')
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


class CharacterSheet:
    """One player's sheet: its lines, where it stands, and the Master's last comment."""

    __slots__ = ("fields", "note", "status")

    def __init__(self) -> None:
        self.fields: dict[str, str] = dict.fromkeys(FIELDS, "")
        self.status = "draft"
        self.note = ""

    def clone(self) -> CharacterSheet:
        c = CharacterSheet()
        c.fields = dict(self.fields)
        c.status = self.status
        c.note = self.note
        return c

    def to_json(self) -> dict[str, Any]:
        return {"fields": dict(self.fields), "status": self.status, "note": self.note}

    @staticmethod
    def from_json(data: Any) -> CharacterSheet:
        """A saved sheet, or ValueError naming what is wrong with it."""
        if not isinstance(data, dict) or set(data) != {"fields", "status", "note"}:
            raise ValueError("a sheet is {fields, status, note}")
        fields, status, note = data["fields"], data["status"], data["note"]
        if not isinstance(fields, dict) or set(fields) != set(FIELDS) or not all(
                isinstance(v, str) for v in fields.values()):
            raise ValueError(f"a sheet's fields are {', '.join(FIELDS)}, each a text")
        if status not in STATUSES:
            raise ValueError(f"unknown sheet status {status!r}")
        if not isinstance(note, str):
            raise ValueError("a sheet's note is a text")
        if fields["class"] and fields["class"] not in TEAMS:
            raise ValueError(f"unknown class {fields['class']!r}")
        if status in ("submitted", "approved") and missing(fields):
            raise ValueError(f"a {status} sheet lacks {', '.join(missing(fields))}")
        c = CharacterSheet()
        c.fields, c.status, c.note = {k: fields[k] for k in FIELDS}, status, note
        return c


def enabled(s: ColoniesState) -> bool:
    return bool(s.options.get("sheets"))


def label(field: str, lang: str = "en") -> str:
    text: str = SPEC["fields"][field]["label"][lang]
    return text


def team_of(word: str) -> str | None:
    """The team a class word names: its key, its name in English or Russian, one member."""
    w = word.strip().lower()
    for key, team in TEAMS.items():
        if w in (key, team["name"].lower(), team["name_ru"].lower(),
                 *SPEC["class_words"].get(key, [])):
            return str(key)
    return None


def missing(fields: dict[str, str]) -> list[str]:
    """The lines a sheet still needs before it can be handed in."""
    out = [label(f).lower() for f in REQUIRED if not fields[f]]
    if not any(fields[f] for f in SPEC["looks_any_of"]):
        out.append(" or ".join(label(f).lower() for f in SPEC["looks_any_of"]))
    return out


def _clean(text: str) -> str:
    return text.replace("\r\n", "\n").strip()


def picture_problem(url: str) -> str | None:
    bad = sorted(set(url) & _NOT_IN_LINK)
    if bad:
        return f"the picture link holds {' '.join(repr(c) for c in bad)}: give a plain link"
    try:
        parts = urlsplit(url)
    except ValueError:
        return f"the picture link {url[:60]!r} is not a link"
    if parts.scheme.lower() not in SPEC["picture_schemes"]:
        return f"the picture must be an http:// or https:// link, not {url[:60]!r}"
    if not parts.hostname:
        return f"the picture link {url[:60]!r} names no site"
    return None


def field_problem(field: str, value: str) -> str | None:
    """None if ``value`` may stand on the sheet as ``field``, else what is wrong."""
    spec = SPEC["fields"][field]
    what = label(field).lower()
    text = _clean(value)
    if not text:
        return f"the {what} cannot be empty" if field in REQUIRED else None
    if len(text) > spec["max"]:
        return f"the {what} is too long ({len(text)} characters; at most {spec['max']})"
    if spec["line"] and "\n" in text:
        return f"the {what} is a single line"
    if _CONTROL.search(text):
        return f"the {what} holds a control character"
    tag = _TAG.search(text)
    if tag:
        return (f"the {what} holds the forum tag {tag.group(0)}: write plain text, the "
                "Master's post does the formatting")
    if field == "class" and team_of(text) is None:
        names = ", ".join(f"{k} ({t['name_ru']})" for k, t in TEAMS.items())
        return f"unknown class {text!r}: {names}"
    if field == "picture":
        return picture_problem(text)
    return None


def parse_post(text: str) -> dict[str, str]:
    """The lines of a sheet written as a forum post ("Имя: …", "Раса: …", one label a
    line, a line without a label continuing the one above). Forum tags are dropped (the
    sheet takes plain text), and a looks line that starts with an http(s) link gives the
    picture. ValueError names a line that fits nothing."""
    labels: dict[str, str] = {}
    for field in FIELDS:
        for lang in LANGS:
            labels[label(field, lang).lower()] = field
    for field, words in SPEC["post_labels"].items():
        labels.update({w.lower(): field for w in words})
    out: dict[str, list[str]] = {}
    current: str | None = None
    for n, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        raw = _TAG.sub("", line)
        head, colon, rest = raw.partition(":")
        key = head.strip().strip("*_").lower() if colon else ""
        if key in labels:
            current = labels[key]
            out.setdefault(current, []).append(rest.strip().lstrip("*_").strip())
        elif current is not None:
            out[current].append(raw.rstrip())
        elif raw.strip():
            raise ValueError(f"line {n} names no line of the sheet: {raw.strip()[:60]!r}")
    fields = {f: "\n".join(v).strip() for f, v in out.items() if f != "ignore"}
    looks = fields.get("looks", "")
    first = looks.split(maxsplit=1)
    if first and first[0].lower().startswith(("http://", "https://")) and "picture" not in fields:
        fields["picture"] = first[0]
        fields["looks"] = first[1].strip() if len(first) > 1 else ""
    if "class" in fields:
        fields["class"] = team_of(fields["class"]) or fields["class"]
    return {f: v for f, v in fields.items() if v or f in ("picture", "looks")}


# --- the actions ----------------------------------------------------------------------

def problem(s: ColoniesState, p: int, a: Action) -> str | None:
    """None if seat p may take the sheet action a now, else the reason. Also answers a
    ``goal`` action in a game with sheets: there the goal is a line of the sheet."""
    if not enabled(s):
        return "this game has no character sheets (the option sheets=true gives them)"
    if s.phase != "setup":
        return f"character sheets are settled before the game; it is {s.season_label()}"
    if a.kind == "goal":
        return 'in this game the goal is a line of the character sheet: sheet goal "..."'
    if p == s.master:
        return _master_problem(s, a.args)
    args = a.args
    verb = args[0] if args else None
    sheet = s.sheets[p]
    if verb in ("approve", "return"):
        return "only the Master approves or returns a sheet"
    if sheet.status == "approved":
        return "your sheet is approved and can no longer change"
    if verb == "submit":
        if len(args) != 1:
            return "write: sheet submit"
        if sheet.status == "submitted":
            return "your sheet is already with the Master"
        gaps = missing(sheet.fields)
        return f"the sheet is not complete: write the {', '.join(gaps)}" if gaps else None
    if not isinstance(verb, str) or verb not in FIELDS:
        return f"unknown sheet line {verb!r}; {USAGE}"
    if len(args) != 2 or not isinstance(args[1], str):
        return f'write: sheet {verb} "text"'
    return field_problem(verb, args[1])


def _master_problem(s: ColoniesState, args: tuple[Any, ...]) -> str | None:
    usage = 'the Master writes: sheet approve PLAYER, or sheet return PLAYER "what to change"'
    if len(args) < 2 or args[0] not in ("approve", "return") or not isinstance(args[1], int):
        return usage
    q = int(args[1])
    if not 0 <= q < s.n:
        return f"no player {q + 1} to approve or return a sheet of: the players are 1 to {s.n}"
    status = s.sheets[q].status
    if status != "submitted":
        return f"the sheet of {s.name(q)} is not waiting for the Master (it is {status})"
    if args[0] == "approve":
        return None if len(args) == 2 else "write: sheet approve PLAYER"
    if len(args) != 3 or not isinstance(args[2], str) or not args[2].strip():
        return 'say what to change: sheet return PLAYER "comment"'
    if len(args[2]) > SPEC["comment_max"]:
        return f"the comment is too long (at most {SPEC['comment_max']} characters)"
    return None


def apply(s: ColoniesState, p: int, a: Action) -> None:
    if p == s.master:
        _apply_master(s, a)
        return
    sheet = s.sheets[p]
    verb = str(a.args[0])
    if verb == "submit":
        sheet.status = "submitted"
        s.log.add(s.round, texts.t("sheet.submitted", who=texts.seat(s, p)))
        return
    value = _clean(str(a.args[1]))
    sheet.fields[verb] = (team_of(value) or "") if verb == "class" else value
    if sheet.status == "submitted":
        sheet.status = "draft"  # changed after handing it in: it must be handed in again


def _apply_master(s: ColoniesState, a: Action) -> None:
    q = int(a.args[1])
    sheet = s.sheets[q]
    if a.args[0] == "approve":
        sheet.status = "approved"
        pl = s.players[q]
        pl.team = sheet.fields["class"]
        pl.goal, pl.goal_status, pl.goal_note = sheet.fields["goal"], "approved", ""
        s.log.add(s.round, texts.t("sheet.approved", p=q, name=sheet.fields["name"],
                                   team=term(texts.CATALOG, "team", pl.team)))
    else:
        sheet.status, sheet.note = "returned", _clean(str(a.args[2]))
        s.log.add(s.round, texts.t("sheet.returned", note=sheet.note), q)


def player_actions(s: ColoniesState, p: int) -> list[Action]:
    """The sheet actions a list can hold: the class, and handing in a complete sheet."""
    if not enabled(s) or s.phase != "setup" or s.sheets[p].status not in ("draft", "returned"):
        return []
    sheet = s.sheets[p]
    out = [Action("sheet", ("class", t)) for t in TEAMS if t != sheet.fields["class"]]
    if not missing(sheet.fields):
        out.append(Action("sheet", ("submit",)))
    return out


def master_actions(s: ColoniesState) -> list[Action]:
    if not enabled(s) or s.phase != "setup":
        return []
    return [Action("sheet", ("approve", q)) for q, sh in enumerate(s.sheets)
            if sh.status == "submitted"]


def needs_player(s: ColoniesState, p: int) -> bool:
    return enabled(s) and s.phase == "setup" and s.sheets[p].status in ("draft", "returned")


def needs_master(s: ColoniesState) -> bool:
    return enabled(s) and s.phase == "setup" and any(
        sh.status == "submitted" for sh in s.sheets)


def prompt(s: ColoniesState, p: int) -> str:
    """What player p is asked before the game, in a game with sheets."""
    sheet, ready = s.sheets[p], s.players[p].ready
    todo = [] if ready else ["swap up to 2 resource units"]
    if sheet.status in ("draft", "returned"):
        todo.append('write your character sheet (sheet FIELD "text") and hand it in '
                    "(sheet submit)")
    out = ", ".join(todo) + ("" if ready else ", then ready")
    if sheet.status == "returned":
        out += f". The Master sent your sheet back: {sheet.note}"
    return out


def describe(s: ColoniesState, a: Action) -> str:
    verb = a.args[0] if a.args else ""
    if verb == "submit":
        return "hand the character sheet to the Master"
    if verb == "approve":
        return f"approve the character sheet of {s.name(int(a.args[1]))}"
    if verb == "class" and len(a.args) == 2:
        team = TEAMS.get(str(a.args[1]))
        return f"class: {team['name']} ({team['ability']})" if team else str(a)
    return str(a)


# --- what each seat sees --------------------------------------------------------------

def sheet_view(s: ColoniesState, p: int, full: bool) -> dict[str, Any]:
    """Player p's sheet for a viewer: all of it (``full``: the player or the Master), the
    public lines of an approved sheet, or only where it stands."""
    sheet = s.sheets[p]
    out: dict[str, Any] = {"status": sheet.status}
    if full:
        out.update(sheet.fields)
        out["note"] = sheet.note
        out["missing"] = missing(sheet.fields)
    elif sheet.status == "approved":
        out.update({f: sheet.fields[f] for f in PUBLIC})
    return out


def redeal(s: ColoniesState, viewer: int | None) -> None:
    """Blank what ``viewer`` cannot see of the others' sheets (for search bots' samples)."""
    for q, sheet in enumerate(s.sheets):
        if q == viewer:
            continue
        if sheet.status != "approved":
            sheet.fields = dict.fromkeys(FIELDS, "")
        sheet.fields["goal"] = ""
        sheet.note = ""


# --- the opening post -----------------------------------------------------------------

def _md(text: str) -> str:
    return "  \n".join(_MD_SPECIAL.sub(r"\\\1", line) for line in text.split("\n"))


def opening_post(s: ColoniesState, fmt: str = "md", lang: str = "en") -> str:
    """The Master's first post of the game: every player's approved sheet, public lines
    only (the goal is said to exist, never shown), in Markdown or BBCode."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: md or bbcode")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: {', '.join(LANGS)}")
    post: dict[str, Any] = SPEC["post"]
    md = fmt == "md"
    out = [f"# {post['title'][lang]}" if md else f"[b]{post['title'][lang]}[/b]", "",
           post["intro"][lang]]

    def line(key: str, value: str) -> None:
        out.append("")
        out.append(f"**{key}:** {_md(value)}" if md else f"[b]{key}:[/b] {value}")

    data = load()
    for p in range(s.n):
        sheet = s.sheets[p] if p < len(s.sheets) else None
        fields = sheet.fields if sheet is not None and sheet.status == "approved" else None
        head = f"{post['player'][lang]} {p + 1}" + (f" — {fields['name']}" if fields else "")
        out += ["", f"## {_md(head)}" if md else f"[b]{head}[/b]"]
        if fields is None:
            out += ["", f"*{post['not_approved'][lang]}*" if md
                    else f"[i]{post['not_approved'][lang]}[/i]"]
            continue
        if fields["picture"]:
            url = fields["picture"]
            out += ["", f"![{_md(fields['name'])}]({url.replace('(', '%28').replace(')', '%29')})"
                    if md else f"[img]{url}[/img]"]
        team = TEAMS[fields["class"]]
        ability = post["abilities"][fields["class"]][lang]
        line(label("class", lang), f"{team['name_ru' if lang == 'ru' else 'name']} "
                                   f"({post['ability'][lang].lower()}: {ability})")
        line(label("race", lang), fields["race"])
        held = [f"{pr.id} {pr.name_ru if lang == 'ru' else pr.name}"
                for i, pr in enumerate(data.provinces) if s.owner[i] == p]
        line(post["province"][lang], ", ".join(held) or "—")
        line(label("history", lang), fields["history"])
        if fields["looks"]:
            line(label("looks", lang), fields["looks"])
        line(label("skill", lang), fields["skill"])
        line(label("goal", lang), post["goal_hidden"][lang])
    return "\n".join(out) + "\n"
