"""Hidden information in Cult: what one player cannot know, and a redeal of it.

Hidden from player P: the cards in other players' hands (not their number or kind),
cards others drew and have not yet chosen from, and the order of every deck except the
cards everyone saw go under it. ``redeal`` deals those cards again at random and keeps
only the log lines P saw. Its result depends only on what P knows and on the seed, so
it is P's information set sampled: search bots plan on it, and P's view of it is the
view P has.
"""

from __future__ import annotations

from meeple.core.rng import Rng
from meeple.games.cult.model import CONSPIRACY, LICENCE
from meeple.games.cult.state import CultState


def redeal(s: CultState, player: int | None, rng: Rng) -> CultState:
    c = s.clone()
    c.log = s.log.visible_log(player)
    decks = [c.miracles, c.conspiracies, c.licence_deck]
    for i, deck in enumerate(decks):
        hidden_part = len(deck) - c.known[i]
        pool = deck[:hidden_part]
        hands: list[tuple[int, int]] = []  # (player, index in hand) of hidden cards
        for q, pl in enumerate(c.players):
            if q == player:
                continue
            for j, card in enumerate(pl.hand):
                if _deck_index(card) == i:
                    pool.append(card)
                    hands.append((q, j))
        frames: list[tuple[int, int]] = []  # (stack index, position) of drawn cards
        for k, f in enumerate(c.stack):
            if f[0] == "keep" and f[1] != player:
                for pos, card in enumerate(f[3]):
                    if _deck_index(card) == i:
                        pool.append(card)
                        frames.append((k, pos))
        pool.sort()  # forget where each card really was
        rng.shuffle(pool)
        deck[:hidden_part] = pool[:hidden_part]
        # the rest dealt back by index (compiled, zip() with its keyword was Python's
        # generic call, twice a deck at every sample a search deals, issue 41); the pool
        # holds exactly the hidden part and these cards
        at = hidden_part
        for q, j in hands:
            c.players[q].hand[j] = pool[at]
            at += 1
        for k, pos in frames:
            f = c.stack[k]
            drawn = list(f[3])
            drawn[pos] = pool[at]
            at += 1
            c.stack[k] = (*f[:3], tuple(drawn), *f[4:])
    return c


def _deck_index(card: int) -> int:
    return 2 if card >= LICENCE else 1 if card >= CONSPIRACY else 0
