"""A search's sample of what a player does not see: the other players' action and
objective cards, the decks' order and the tiles not yet explored dealt again at random
(``ClashGame.redeal_hidden``). Here, not in game.py, so that it compiles: ``ClashGame``
subclasses the interpreted ``Game``, and a search deals a sample at every iteration
(issue 19)."""

from __future__ import annotations

from meeple.core.rng import Rng
from meeple.games.clash.state import ClashState


def redeal(state: ClashState, player: int | None, seed: int) -> ClashState:
    c = state.clone()
    c.own_cards()  # (shared only when ``state`` is a search's quiet copy)
    c.own_rare()
    c.log = state.log.visible_log(player)
    rng = Rng(seed)
    # the action deck, then the objective deck, each with the hidden hands (written out
    # for the two decks: compiled, getattr and setattr by name are generic calls)
    c.action_deck = _deal(rng, c.action_deck, c.action_hand, c.n, player)
    c.objective_deck = _deal(rng, c.objective_deck, c.objective_hand, c.n, player)
    for q in range(c.n):
        if q != player:  # the cards once dealt to others are hidden too
            c.drawn[q] = sorted(c.action_hand[q] + c.objective_hand[q])
    c.tiles.sort()
    rng.shuffle(c.tiles)
    for names in (c.wonder_deck, c.event_deck):
        names.sort()
        rng.shuffle(names)
    c.rng = Rng(seed ^ 0x5DEECE66D)
    return c


def _deal(rng: Rng, deck: list[str], hands: list[list[str]], n: int,
          player: int | None) -> list[str]:
    """The deck and the hands of all but ``player`` shuffled together and dealt again, each
    hand as long as it was (in place); the rest is the new deck."""
    pool: list[str] = list(deck)
    for q in range(n):
        if q != player:
            pool += hands[q]
    pool.sort()
    rng.shuffle(pool)
    for q in range(n):
        if q != player:
            k = len(hands[q])
            hands[q][:] = pool[:k]
            del pool[:k]
    return pool
