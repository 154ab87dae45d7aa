"""Cult for people: the board as text, what each action does, what each prompt asks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult.cults import BY_KEY
from meeple.games.cult.model import NOBODY, Frame, card_token, level_token, parse_card

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def _district(d: int) -> str:
    return f"{d} {B.DATA.districts[d - 1].name}"


def prompt_text(s: CultState, f: Frame) -> str:
    kind, p = f[0], f[1]
    who = s.name(p)
    if kind == "place":
        return f"{who}: place a free priest, or pass"
    if kind == "deal":
        return f"{who}: sell conspiracies or buy licences, then done"
    if kind == "act":
        return f"{who}: one action before district {_district(f[2])} is decided, or pass"
    if kind == "service":
        return f"{who}: use the service of {_district(f[2])}, or decline"
    if kind == "pay":
        return f"{who}: choose a card to discard ({f[2]} more) for {BY_KEY[f[4]].name}"
    if kind == "give":
        return f"{who}: choose a card to hand to {s.name(f[2])} ({f[3]} in all)"
    if kind == "ransom":
        return f"{who}: give {s.name(f[2])} a follower to put the exiled priest back?"
    if kind == "keep":
        return f"{who}: choose the conspiracy to keep"
    if kind == "drawn":
        return f"{who}: play the drawn card(s) now"
    return f"{who}: {kind}"


def describe(s: CultState, p: int, a: Action) -> str:
    k, args = a.kind, a.args
    if k == "place":
        what = "the Patriarch" if args[1] == "P" else f"the level-{args[1]} priest"
        return f"place {what} in {_district(int(args[0]))}"
    if k in ("sell", "buy", "keep", "give", "pay"):
        c = parse_card(args[0])
        return f"{k} {shared.card_name(c) if c is not None else args[0]}"
    if k in ("miracle", "plot"):
        c = parse_card(args[0])
        rest = " ".join(str(x) for x in args[1:])
        return f"play {shared.card_name(c) if c is not None else args[0]} {rest}".strip()
    if k == "ability":
        rest = " ".join(str(x) for x in args[1:])
        return f"{BY_KEY[str(args[0])].name} {rest}".strip()
    if k == "festival":
        f = next(x for x in B.DATA.festival if x.key == args[0])
        return f"hold the festival '{f.name}' (skip this round) {' '.join(map(str, args[1:]))}"
    if k == "steal":
        return f"pay {args[1]} coins: the level-{args[0]} priest steals {_district(int(args[1]))}"
    if k == "build":
        return f"pay 5: altar in {_district(int(args[0]))} from the level-{args[1]} priest"
    if k == "study":
        return f"raise the level-{args[0]} priest by {args[1]}"
    if k == "hire":
        return f"hire {args[0]} followers"
    return str(a)


def render(s: CultState, viewer: int | None) -> str:
    lines = [f"== Cult, round {s.round_no}"
             + (f", district {_district(s.district)} active" if s.district else "") + " =="]
    for p, pl in enumerate(s.players):
        side = "dark" if B.dark_side(s, p) else "light"
        free = " ".join(str(level_token(lv)) for lv in sorted(pl.free)) or "-"
        shield = " ".join(str(level_token(lv)) for lv in pl.shield)
        shield = f" shield {shield}" if shield else ""
        mark = ">" if p == viewer else "*" if p == s.first else " "
        hand = (" hand " + (" ".join(card_token(c) for c in sorted(pl.hand)) or "-")
                if p == viewer else f" hand {len(pl.hand)}")
        lic = " ".join(card_token(c) for c in sorted(pl.licences)) or "-"
        lines.append(
            f"{mark}{s.name(p):<14} {side:<5} power {B.power(s, p):>2} | coins {pl.coins:>2} "
            f"followers {pl.followers} mobs {pl.mobs} altars {B.altar_count(s, p)} "
            f"rituals {pl.rituals} | patriarch {B.patriarch_level(s, p):>2} | free "
            f"{free}{shield}"
            f" | licences {lic} |{hand}{' [festival]' if pl.skip else ''}"
            f"{' [passed]' if pl.passed and not pl.skip else ''}")
    for d in range(1, 14):
        priests = " ".join(
            f"#{i + 1}:P{pr[0]}/{level_token(pr[1])}" + (f"+{pr[2]}" if pr[2] else "")
            + (f"${pr[3]}" if pr[3] else "")
            for i, pr in enumerate(s.board[d - 1]))
        altars = " ".join(f"A{o}" for o in s.altars[d - 1])
        if priests or altars or d == s.district:
            extra = f" seized by P{s.seized[d - 1]}" if s.seized[d - 1] != NOBODY else ""
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
