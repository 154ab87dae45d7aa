"""Hidden information in Cult: what one player cannot know, and a redeal of it.

Hidden from player P: the cards in other players' hands (not their number or kind) and
the order of every deck except the cards everyone saw go under it. ``redeal`` deals
those cards again at random, keeping everything P knows; P's view must not change.
"""

from __future__ import annotations

from meeple.core.rng import Rng
from meeple.games.cult.model import CONSPIRACY, LICENCE
from meeple.games.cult.state import CultState


def redeal(s: CultState, player: int | None, rng: Rng) -> CultState:
    c = s.clone()
    decks = [c.miracles, c.conspiracies, c.licence_deck]
    for i, deck in enumerate(decks):
        hidden_part = len(deck) - c.known[i]
        pool = deck[:hidden_part]
        slots: list[tuple[int, int]] = []  # (player, index in hand) of hidden cards of this kind
        for q, pl in enumerate(c.players):
            if q == player:
                continue
            for j, card in enumerate(pl.hand):
                if _deck_index(card) == i:
                    pool.append(card)
                    slots.append((q, j))
        rng.shuffle(pool)
        deck[:hidden_part] = pool[:hidden_part]
        for (q, j), card in zip(slots, pool[hidden_part:], strict=True):
            c.players[q].hand[j] = card
    return c


def _deck_index(card: int) -> int:
    return 2 if card >= LICENCE else 1 if card >= CONSPIRACY else 0
