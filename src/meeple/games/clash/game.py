"""Clash of Cultures (Christian Marcussen, Z-Man Games, 2012), base game for 2-4
players: the game definition and its set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.game import Game, OptionSpec, State
from meeple.core.rng import Rng
from meeple.games.clash import texts as tx
from meeple.games.clash.data import load
from meeple.games.clash.evaluate import evaluate_state
from meeple.games.clash.redeal import redeal
from meeple.games.clash.state import RESOURCES, ClashState

DATA = load()
RULES = DATA.rules


class ClashGame(Game):
    name = "clash"
    search_tuning: ClassVar[Mapping[str, float]] = {
        "exploration": 0.02, "top": 4, "greedy": 10, "rollout": 4, "expand": 10}
    title = "Clash of Cultures"
    min_players = 2
    max_players = 4
    default_players = 2
    heuristic_samples = 1
    heuristic_depth = 0
    max_actions = 4096
    timeout_kinds: ClassVar[tuple[str, ...]] = ("stop", "none", "keep", "retreat", "end")
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "rounds": OptionSpec(0, "house rule: play this many rounds instead of 6 (0: the rule)"),
        "extra_buildings": OptionSpec(False, "markets, obelisks and observatories besides the "
                                             "four kinds of building (the later edition's)"),
    }

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        opts = super().resolve_options(given)
        if not 0 <= opts["rounds"] <= 12:
            raise ValueError("option 'rounds' must be 0 (the rule: 6) or 1-12")
        return opts

    def new_state(self, players: int, seed: int,
                  options: Mapping[str, Any] | None = None) -> ClashState:
        opts = self.resolve_options(options)
        self.check_players(players)
        board = DATA.boards[players]
        s = ClashState(players, opts, board, Rng(seed))
        rng = s.rng
        s.tiles = list(range(len(RULES["tiles"])))
        rng.shuffle(s.tiles)
        copies = int(RULES["copies"])
        s.action_deck = sorted(DATA.action_cards) * copies
        s.objective_deck = sorted(DATA.objective_cards) * copies
        s.wonder_deck = sorted(DATA.wonders)
        s.event_deck = sorted(DATA.events)
        for deck in (s.action_deck, s.objective_deck, s.wonder_deck, s.event_deck):
            rng.shuffle(deck)
        first = rng.below(players)
        s.order = [(first + i) % players for i in range(players)]
        s.homes = list(board.homes)
        rng.shuffle(s.homes)  # who starts where is dealt, as at a real table
        for p, region in enumerate(s.homes):
            hexes = list(range(4 * region, 4 * region + 4))
            # The city stands on the home hex with the most neighbours (away from the edge),
            # the other terrains follow by neighbours too: the same for every home of a
            # map whose homes are alike (the 2-player map is symmetric under a half turn).
            hexes.sort(key=lambda x: (-len(board.adj[x]), x))
            for x, t in zip(hexes, RULES["home_tile"], strict=True):
                s.terrain[x] = str(t)
            s.revealed[region] = True
            h = hexes[0]
            s.cities.append({"hex": h, "owner": p, "mood": 1, "acts": 0, "bld": {},
                             "wonders": []})
            s.units.append([p, "settler", h, 0])
            s.adv[p] = list(RULES["start_advances"])
            s.res[p] = {r: int(RULES["start_resources"].get(r, 0)) for r in RESOURCES}
        s.log.add(1, tx.t("start", n=players, who=tx.who(first)))
        from meeple.games.clash.economy import draw

        for p in s.order:
            draw(s, p, "action", tx.t("why.start"))
            draw(s, p, "objective", tx.t("why.start"))
        from meeple.games.clash.flow import start_turn

        start_turn(s)
        return s

    def state_from_json(self, data: Any) -> ClashState:
        from meeple.games.clash.saves import state_from_json

        return state_from_json(data)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> ClashState:
        from meeple.games.clash.scenario import setup as do_setup

        assert isinstance(state, ClashState)
        return do_setup(state, setup)

    def inspect(self, state: State) -> dict[str, Any]:
        from meeple.games.clash.scenario import inspect

        assert isinstance(state, ClashState)
        return inspect(state)

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> ClashState:
        """Other players' action and objective cards, the decks' order and the tiles not
        yet explored are dealt again at random (redeal.py)."""
        assert isinstance(state, ClashState)
        return redeal(state, player, seed)

    def catalog(self, lang: str = "en") -> dict[str, str]:
        """What each advance, wonder, action card, objective card and event does, keyed by
        its English name (the client's key), in ``lang``; and under ``name:`` + the
        English name, every named thing's name in ``lang`` (the glossary, data/texts.yaml)."""
        return tx.glossary(lang)

    def factions(self, state: State) -> list[str]:
        """The start each seat was dealt (the map's home regions are not all alike), by the
        home region's name as the map writes it ("home Thrace"), in English as every report's
        labels are."""
        assert isinstance(state, ClashState)
        return [f"home {tx.area(r).render('en')}" for r in state.homes]

    def tags(self, state: State, actions: list[tuple[int, Action]]) -> dict[str, list[list[str]]]:
        """For the balance report, per player: the objective and action cards dealt to
        them (the fair measure of a card's worth: being dealt it is luck), the objectives
        completed and the action cards played (either half)."""
        assert isinstance(state, ClashState)
        played: list[set[str]] = [set() for _ in range(state.n)]
        for p, a in actions:
            if a.kind in ("card", "tactic") and a.args and 0 <= p < state.n:
                played[p].add(str(a.args[0]))
        done = [sorted({c.split(":")[0] for c in state.claimed[p]}) for p in range(state.n)]
        dealt = [set(d) for d in state.drawn]
        return {"objective dealt": [sorted(d & set(DATA.objective_cards)) for d in dealt],
                "objective completed": done,
                "action card dealt": [sorted(d & set(DATA.action_cards)) for d in dealt],
                "action card played": [sorted(x) for x in played]}

    # the compiled function itself, not a method calling it: the search evaluates every
    # candidate it weighs (issue 19)
    evaluate = staticmethod(evaluate_state)


ClashState.game = ClashGame()
