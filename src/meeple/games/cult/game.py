"""Cult (Культ) for 2-5 players: the game definition and its set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.game import Game, OptionSpec, State
from meeple.core.rng import Rng
from meeple.core.text import DEFAULT_LANG, Text, catalog_keys
from meeple.games.cult import board as B
from meeple.games.cult import flow
from meeple.games.cult import texts as T
from meeple.games.cult.evaluate import evaluate_state
from meeple.games.cult.hidden import redeal
from meeple.games.cult.model import CONSPIRACY, LICENCE, PATRIARCH, Player
from meeple.games.cult.state import CultState


class CultGame(Game):
    name = "cult"
    title = "Cult (Культ)"
    min_players = 2
    max_players = 5
    default_players = 4
    # The evaluation already counts districts a cult leads, so no random moves are needed.
    heuristic_samples = 1
    heuristic_depth = 0
    max_actions = 512  # most seen in 30 random games: 73
    # The best of the settings tried against three heuristic bots (docs/bots.md): low
    # exploration, the 4 best placements by the one-ply evaluation, and 4 moves after the
    # tree chosen the heuristic's way (best of 10 candidates); below the root, the next
    # child expanded is the best of 10 untried actions by the one-ply evaluation.
    search_tuning: ClassVar[Mapping[str, float]] = {
        "exploration": 0.02, "top": 4, "greedy": 10, "rollout": 4, "expand": 10}
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "cults": OptionSpec(
            "random", "'random' (dealt by the seed) or a comma list of cult keys, one per seat"),
        "max_rounds": OptionSpec(
            0, "house rule for simulations: stop after this many rounds (0: no limit)"),
    }

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> CultState:
        self.check_players(players)
        opts = self.resolve_options(options)
        if opts["max_rounds"] < 0:
            raise ValueError("option 'max_rounds' must be 0 (no limit) or positive")
        s = CultState()
        s.n = players
        s.options = opts
        s.rng = Rng(seed)
        cults = self._deal_cults(s.rng, players, str(opts["cults"]))
        start = B.RULES["start"]
        s.players = [Player(c, start["coins"], start["followers"], [PATRIARCH, *start["priests"]])
                     for c in cults]
        s.miracles = list(range(len(B.DATA.miracles)))
        s.conspiracies = [CONSPIRACY + i for i in range(len(B.DATA.conspiracies))]
        s.licence_deck = [LICENCE + i for i in range(len(B.DATA.licences))]
        for deck in (s.miracles, s.conspiracies, s.licence_deck):
            s.rng.shuffle(deck)
        s.palace = [s.licence_deck.pop(0) for _ in range(B.RULES["palace_slots"])]
        s.first = max(range(players), key=lambda p: B.power(s, p))
        s.log.add(0, T.fresh("begins", seats=T.seats_with_cults(s)))
        flow.start_round(s)
        flow.advance(s)
        return s

    def _deal_cults(self, rng: Rng, players: int, choice: str) -> list[int]:
        if choice == "random":
            order = list(range(len(B.DATA.cults)))
            rng.shuffle(order)
            return order[:players]
        keys = [k.strip().lower() for k in choice.split(",")]
        if len(keys) != players:
            raise ValueError(f"option 'cults' names {len(keys)} cults for {players} players")
        if len(set(keys)) != len(keys):
            raise ValueError("option 'cults' names a cult twice")
        try:
            return [B.DATA.cult_by_key(k).index for k in keys]
        except KeyError as e:
            raise ValueError(str(e).strip("'\"")) from e

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> CultState:
        from meeple.games.cult.scenario import setup as do_setup

        assert isinstance(state, CultState)
        return do_setup(state, setup)

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> CultState:
        # (redeal imported with the module: a search deals a sample at every iteration)
        assert isinstance(state, CultState)
        return redeal(state, player, Rng(seed))

    def factions(self, state: State) -> list[str]:
        assert isinstance(state, CultState)
        return [B.DATA.cults[pl.cult].key for pl in state.players]

    def tags(self, state: State, actions: list[tuple[int, Action]]) -> dict[str, list[list[str]]]:
        from meeple.games.cult.evaluate import tags

        assert isinstance(state, CultState)
        return tags(state, actions)

    # the compiled function itself, not a method calling it: the search evaluates every
    # candidate it weighs, and each call through an interpreted method cost a Python frame
    # (issue 41, as Clash's since issue 19)
    evaluate = staticmethod(evaluate_state)

    def inspect(self, state: State) -> dict[str, Any]:
        from meeple.games.cult.scenario import inspect

        assert isinstance(state, CultState)
        return inspect(state)

    def state_from_json(self, data: Any) -> CultState:
        from meeple.games.cult.saves import state_from_json

        return state_from_json(data)

    def catalog(self, lang: str = DEFAULT_LANG) -> dict[str, str]:
        """Card tokens ("m1", "c4", "l12", "G") to their names, and the glossary's names
        ("district.temple", "cult.anubis", "ability.smile", "festival.feast", "word.altar"…),
        in ``lang``."""
        from meeple.games.cult.model import GREATNESS, card_token

        codes = [*range(len(B.DATA.miracles)),
                 *(CONSPIRACY + i for i in range(len(B.DATA.conspiracies))),
                 *(LICENCE + i for i in range(len(B.DATA.licences))), GREATNESS]
        out = {card_token(code): T.card_title(code).render(lang) for code in codes}
        for key in catalog_keys(T.CATALOG):
            name = key.partition(".")[2]
            # "district" and "festival" alone are sentences with arguments, not names.
            if name.partition(".")[0] in T.GLOSSARY and "." in name:
                out[name] = Text(key).render(lang)
        return out


CultState.game = CultGame()
