"""What one seat may see of Colonies. Public: the map (owners, colonies), teams, who has
sent orders, the season's public dice. Private to each player: their resources, goal,
orders, ravens, personal events and spy results. The Master sees everything; a
spectator sees what is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.colonies import sheets
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, RESOURCES, order_text

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()


def _sheet(s: ColoniesState, p: int, full: bool) -> dict[str, Any]:
    pl = s.players[p]
    out: dict[str, Any] = {
        "index": p,
        "name": s.name(p),
        "team": pl.team,
        "provinces": [i + 1 for i, o in enumerate(s.owner) if o == p],
        "colonies": sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i]),
        "ready": pl.ready,
        # While spies write their new orders, everyone else just sees the Master at work.
        "orders_sent": pl.submitted or s.phase == "spy" if s.phase in ("orders", "spy")
        else None,
    }
    if sheets.enabled(s):
        out["sheet"] = sheets.sheet_view(s, p, full)
    if full:
        out.update({res: pl.get(res) for res in RESOURCES})
        out.update({
            "goal": pl.goal, "goal_status": pl.goal_status, "goal_note": pl.goal_note,
            "goal_met": pl.goal_met,
            "swaps": [list(x) for x in pl.swaps],
            "orders": [order_text(o) for o in pl.orders],
            "ravens": [{"to": to, "text": text} for to, text in pl.ravens],
            "thaw_bonus": pl.thaw_bonus, "thaw": pl.thaw[:], "heat": pl.heat[:],
            "forced": pl.forced[:],
            "event": next((e[1] for e in s.events if e[0] == p), None),
            "spying_on": next((t for spy, t, _k in s.spies if spy == p), None),
        })
    return out


def _phase(s: ColoniesState, viewer: int | None, master: bool) -> str:
    if s.phase == "spy" and not master and not any(spy == viewer for spy, _t, _k in s.spies):
        return "resolving"
    return s.phase


def pending_players(s: ColoniesState, viewer: int | None) -> list[int]:
    """Who ``viewer`` may know is being waited on: a spy's second round of orders is
    known only to the spy and the Master."""
    master = viewer is not None and viewer == s.master
    return [p for p in s.current_players()
            if p == viewer or master or s.phase in ("setup", "orders")]


def view(s: ColoniesState, viewer: int | None, log: bool = True) -> dict[str, Any]:
    """What ``viewer`` may see; without ``log`` no ``"log"`` key (the server sends only
    the new lines)."""
    master = viewer is not None and viewer == s.master
    pending = []
    for pr in s.prompts():
        if pr.player == viewer:
            item = pr.to_view()
            item["options"] = [str(a) for a in s.legal_actions(viewer)]
            pending.append(item)
        elif master or s.phase in ("setup", "orders"):
            pending.append({"player": pr.player, "kind": pr.kind})
    harvest = [{"province": prov, "roll": roll} for prov, roll, _ok in s.harvest]
    for h, (prov, _roll, ok) in zip(harvest, s.harvest, strict=True):
        if master or (viewer is not None and s.owner[prov - 1] == viewer):
            h["income"] = bool(ok)
    out: dict[str, Any] = {
        "game": "colonies",
        "viewer": viewer,
        "master": s.master,
        "season": s.season_label(),
        # The season by key and year: a client names it from the glossary in its language.
        "season_key": DATA.season(s.season_no)[0],
        "year": DATA.season(s.season_no)[1],
        "calendar": [list(DATA.season(i)) for i in range(s.options["seasons"])],
        "season_index": s.season_no,
        "seasons": s.options["seasons"],
        "phase": _phase(s, viewer, master),
        "provinces": [{"id": pr.id, "name": pr.name, "owner": s.owner[i] if s.owner[i] != NOBODY
                       else None, "colonized": s.colonized[i]}
                      for i, pr in enumerate(DATA.provinces)],
        "players": [_sheet(s, p, master or p == viewer) for p in range(s.n)],
        "thaw_roll": s.thaw_roll or None,
        "harvest": harvest,
        "personal_events": [{"player": p, "text": t, "changes": c} for p, t, c in s.events]
        if master else [],
        "pending": pending,
    }
    if log:
        events = s.log.events() if master else s.log.visible(viewer)
        out["log"] = [e.text for e in events]
    out["result"] = s.result() if s.phase == "over" else None
    return out
