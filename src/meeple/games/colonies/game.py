"""Colonies 1402 for 2-8 players: the game definition and its set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.game import Game, OptionSpec, State
from meeple.core.rng import Rng
from meeple.core.text import term
from meeple.games.colonies.data import load
from meeple.games.colonies.model import Sheet
from meeple.games.colonies.sheets import CharacterSheet
from meeple.games.colonies.state import ColoniesState
from meeple.games.colonies.texts import CATALOG, chain, seat, t

DATA = load()
TEAMS = tuple(DATA.rules["teams"])


class ColoniesGame(Game):
    name = "colonies"
    title = "Colonies 1402 (Колонии 1402)"
    min_players = 2
    max_players = 8
    default_players = 4
    # Orders change nothing until the season is resolved: look past the resolution.
    heuristic_samples = 2
    heuristic_depth = 40
    simultaneous = True
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "teams": OptionSpec(
            "random", "'random' (dealt by the seed) or a comma list of traders/generals"),
        "master": OptionSpec(
            False, "a human Master approves goals, writes personal events, resolves seasons"),
        "seasons": OptionSpec(
            DATA.season_count(), "seasons to play (Heat 1402 to Heat 1405 is 13)"),
        "adjacency": OptionSpec(
            False, "Offensives only against provinces next to one you hold (not in the source)"),
        "sheets": OptionSpec(
            False, "character sheets: each player writes one, the Master approves it before "
                   "the game (needs master=true)"),
    }

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> ColoniesState:
        self.check_players(players)
        opts = self.resolve_options(options)
        if not 1 <= opts["seasons"] <= DATA.season_count():
            raise ValueError(f"option 'seasons' must be 1 to {DATA.season_count()}")
        if opts["sheets"] and not opts["master"]:
            raise ValueError("option 'sheets' needs a Master to approve them (master=true)")
        s = ColoniesState()
        s.n = players
        s.options = opts
        s.rng = Rng(seed)
        teams = self._teams(s.rng, players, str(opts["teams"]))
        s.players = [Sheet(t, DATA.rules["start"]) for t in teams]
        if opts["sheets"]:
            s.sheets = [CharacterSheet() for _ in range(players)]
        for p, prov in enumerate(DATA.start[players]):
            s.owner[prov - 1] = p
        s.log.add(0, t("begins", seats=chain([
            t("begins.seat", who=seat(s, p), province=DATA.start[players][p],
              team=term(CATALOG, "team", s.players[p].team))
            for p in range(players)], "comma")))
        return s

    def _teams(self, rng: Rng, players: int, choice: str) -> list[str]:
        if choice == "random":
            return [TEAMS[rng.below(len(TEAMS))] for _ in range(players)]
        teams = [t.strip().lower() for t in choice.split(",")]
        if len(teams) != players:
            raise ValueError(f"option 'teams' names {len(teams)} teams for {players} players")
        bad = [t for t in teams if t not in TEAMS]
        if bad:
            raise ValueError(f"unknown team {bad[0]!r}; teams: {', '.join(TEAMS)}")
        return teams

    def catalog(self, lang: str = "en") -> dict[str, str]:
        """For clients, in ``lang``: the names of provinces, seasons and their events,
        teams and their abilities (with what each does), resources, by catalog key
        (``province.1``, ``season.frost``, ``team.traders``, ``ability.traders.text``)."""
        from meeple.games.colonies.texts import glossary

        return glossary(lang)

    def state_from_json(self, data: Any) -> ColoniesState:
        from meeple.games.colonies.saves import state_from_json

        return state_from_json(data)

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> ColoniesState:
        from meeple.games.colonies.hidden import redeal

        assert isinstance(state, ColoniesState)
        return redeal(state, player, Rng(seed))

    def timeout_action(self, state: State, player: int) -> Action:
        """A deadline cannot write a character sheet: it hands in a complete one."""
        from meeple.games.colonies import sheets

        assert isinstance(state, ColoniesState)
        submit = Action("sheet", ("submit",))
        if submit in sheets.player_actions(state, player):
            return submit
        return super().timeout_action(state, player)

    def seat_count(self, state: State) -> int:
        assert isinstance(state, ColoniesState)
        return state.n + (state.master is not None)

    def visible_waiting(self, state: State, viewer: int | None) -> list[int]:
        from meeple.games.colonies.view import pending_players

        assert isinstance(state, ColoniesState)
        return pending_players(state, viewer)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> ColoniesState:
        from meeple.games.colonies.scenario import setup as do_setup

        assert isinstance(state, ColoniesState)
        return do_setup(state, setup)

    def factions(self, state: State) -> list[str]:
        assert isinstance(state, ColoniesState)
        return [pl.team for pl in state.players]

    def evaluate(self, state: State) -> list[float]:
        from meeple.games.colonies.evaluate import evaluate

        assert isinstance(state, ColoniesState)
        return evaluate(state)

    def inspect(self, state: State) -> dict[str, Any]:
        from meeple.games.colonies.scenario import inspect

        assert isinstance(state, ColoniesState)
        return inspect(state)


ColoniesState.game = ColoniesGame()
