"""Cult for people: the board as text (what each prompt asks: ``state.prompt_text``; what
each action does: :mod:`meeple.games.cult.choices`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult.model import NOBODY, level_token

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def _district(d: int) -> str:
    return f"{d} {B.DATA.districts[d - 1].name}"


def _cult(s: CultState, p: int) -> str:
    """A seat on the text board: its cult's name (one cult per seat)."""
    return B.DATA.cults[s.players[p].cult].name


def render(s: CultState, viewer: int | None) -> str:
    lines = [f"== Cult, round {s.round_no}"
             + (f", district {_district(s.district)} active" if s.district else "") + " =="]
    for p, pl in enumerate(s.players):
        side = "dark" if B.dark_side(s, p) else "light"
        free = " ".join(str(level_token(lv)) for lv in sorted(pl.free)) or "-"
        shield = " ".join(str(level_token(lv)) for lv in pl.shield)
        shield = f" shield {shield}" if shield else ""
        mark = ">" if p == viewer else "*" if p == s.first else " "
        hand = f" hand {len(pl.hand)}"  # the viewer's cards are named below
        lic = ", ".join(shared.card_name(c) for c in sorted(pl.licences)) or "-"
        lines.append(
            f"{mark}{s.name(p):<14} {side:<5} power {B.power(s, p):>2} | coins {pl.coins:>2} "
            f"followers {pl.followers} mobs {pl.mobs} altars {B.altar_count(s, p)} "
            f"rituals {pl.rituals} | patriarch {B.patriarch_level(s, p):>2} | free "
            f"{free}{shield}"
            f" | licences {lic} |{hand}{' [festival]' if pl.skip else ''}"
            f"{' [passed]' if pl.passed and not pl.skip else ''}")
    for d in range(1, 14):
        priests = " ".join(
            f"#{i + 1}:{_cult(s, pr[0])}/{level_token(pr[1])}" + (f"+{pr[2]}" if pr[2] else "")
            + (f"${pr[3]}" if pr[3] else "")
            for i, pr in enumerate(s.board[d - 1]))
        altars = " ".join(f"altar:{_cult(s, o)}" for o in s.altars[d - 1])
        if priests or altars or d == s.district:
            extra = f" seized by {s.name(s.seized[d - 1])}" if s.seized[d - 1] != NOBODY else ""
            lines.append(f"  {_district(d):<14} {priests} {altars}{extra}".rstrip())
    if viewer is not None and s.players[viewer].hand:
        lines.append("  Your hand: " + "; ".join(
            shared.card_name(c) for c in sorted(s.players[viewer].hand)))
    palace = ", ".join(shared.card_name(c) for c in s.palace if c != NOBODY) or "empty"
    holder = s.name(s.g_holder) if s.g_holder != NOBODY else "bank"
    lines.append(f"  Palace: {palace}")
    lines.append(f"  Decks: miracles {len(s.miracles)}, conspiracies {len(s.conspiracies)}, "
                 f"licences {len(s.licence_deck)} | Greatness: {holder}"
                 f"{'' if s.g_up else ' (face down)'}")
    return "\n".join(lines)
