"""Cyclades (Cathala & Maublanc, 2009) for 2-5 players, with the Titans expansion's
modules for 3-6: the game definition, its options and its set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.game import Game, OptionSpec, State
from meeple.core.rng import Rng
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.data import load
from meeple.games.cyclades.state import BUILDINGS, CycladesState

DATA = load()
RULES = DATA.rules
MODULES = ("kronos", "artifacts", "special_metropolises", "teams")


class CycladesGame(Game):
    name = "cyclades"
    title = "Cyclades (with the Titans expansion)"
    min_players = 2
    max_players = 6
    default_players = 4
    heuristic_samples = 1
    heuristic_depth = 0
    max_actions = 4096
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "map": OptionSpec("base", "'base' (2-5 players) or 'titans' (3-6: large islands, "
                                  "free placement start)"),
        "kronos": OptionSpec(False, "Titans: Kronos joins the gods; Titans can be hired"),
        "artifacts": OptionSpec(False, "Titans: the five Divine Artifacts in the creature deck"),
        "special_metropolises": OptionSpec(False, "Titans: two special Metropolises on display"),
        "teams": OptionSpec(False, "Titans: teams of two (4 or 6 players; compulsory at 6)"),
        "titans": OptionSpec(False, "every Titans module at once (the Titans map, Kronos, "
                                    "artifacts, special Metropolises; teams at 6)"),
        "max_rounds": OptionSpec(0, "house rule: end after this many cycles, most "
                                    "Metropolises then gold winning (0: no limit)"),
    }

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        opts = super().resolve_options(given)
        if opts["titans"]:
            opts.update(map="titans", kronos=True, artifacts=True, special_metropolises=True)
        if opts["map"] not in ("base", "titans"):
            raise ValueError(f"option 'map' must be base or titans, not {opts['map']!r}")
        if opts["max_rounds"] < 0:
            raise ValueError("option 'max_rounds' must be 0 (no limit) or positive")
        return opts

    def check_setup(self, players: int, opts: dict[str, Any]) -> None:
        self.check_players(players)
        if opts["map"] == "base" and players > 5:
            raise ValueError("the base map is for 2-5 players; 6 play on the Titans map")
        if opts["map"] == "titans" and players < 3:
            raise ValueError("the Titans map is for 3-6 players")
        if opts["teams"] and players not in (4, 6):
            raise ValueError("team play is for 4 or 6 players")

    def new_state(self, players: int, seed: int,
                  options: Mapping[str, Any] | None = None) -> CycladesState:
        opts = self.resolve_options(options)
        if players == 6:  # six only play on the Titans map, in teams, with Kronos
            opts.update(map="titans", kronos=True, teams=True)
        self.check_setup(players, opts)
        name = f"base{players}" if opts["map"] == "base" else \
            ("titans34" if players <= 4 else "titans56")
        board = DATA.boards[name]
        s = CycladesState(players, opts, board, Rng(seed))
        rng = s.rng
        s.gold = [int(RULES["free_start_gold" if s.opt("free_start") else "start_gold"])] * players
        for c, card in DATA.creatures.items():
            s.deck += [c] * int(card["copies"])
        if opts["artifacts"]:
            s.deck += list(DATA.artifacts)
        rng.shuffle(s.deck)
        if opts["special_metropolises"]:
            kinds = list(RULES["special_metropolises"])
            rng.shuffle(kinds)
            s.special_display = sorted(kinds[:2])
        if opts["teams"]:
            s.teams = [p // 2 for p in range(players)]
        order = list(range(players)) * (2 if players == 2 else 1)
        rng.shuffle(order)
        s.order = order
        seats = list(range(players))
        rng.shuffle(seats)
        if not s.opt("free_start"):
            for p, ((a, b), (x, y)) in zip(seats, board.starts[players], strict=True):
                for t in (a, b):
                    s.owner[t], s.troops[t] = p, 1
                for sea in (x, y):
                    s.fleet_owner[sea], s.fleets[sea] = p, 1
        kinds = list(BUILDINGS)
        rng.shuffle(kinds)
        for t, kind in zip(board.start_buildings, kinds, strict=False):
            s.buildings[t].append(kind)
        modules = [k for k in MODULES if opts[k]]
        board_name = T.t(f"board.{name}")
        if modules:
            s.log.add(0, T.t("log.begins.modules", n=players, board=board_name,
                             modules=T.commas([T.t(f"module.{m}") for m in modules])))
        else:
            s.log.add(0, T.t("log.begins", n=players, board=board_name))
        from meeple.games.cyclades import flow

        if s.opt("free_start"):
            flow.update_gods(s)
            s.queue = [[p, ""] for p in s.order]
            s.log.add(0, T.t("log.preliminary"))
        else:
            flow.start_cycle(s)
        return s

    def state_from_json(self, data: Any) -> CycladesState:
        from meeple.games.cyclades.saves import state_from_json

        return state_from_json(data)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> CycladesState:
        from meeple.games.cyclades.scenario import setup as do_setup

        assert isinstance(state, CycladesState)
        return do_setup(state, setup)

    def inspect(self, state: State) -> dict[str, Any]:
        from meeple.games.cyclades.scenario import inspect

        assert isinstance(state, CycladesState)
        return inspect(state)

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> CycladesState:
        """Only the creature deck's order is hidden (gold is counted from public facts)."""
        from meeple.core.log import Log

        assert isinstance(state, CycladesState)
        c = state.clone()
        c.log = Log(state.log.visible(player))
        c.deck = sorted(c.deck)
        Rng(seed).shuffle(c.deck)
        c.rng = Rng(seed ^ 0x5DEECE66D)
        return c

    def catalog(self, lang: str = "en") -> dict[str, str]:
        """For clients, in ``lang``: what each creature, artifact and special Metropolis
        does (keyed by its data name, ``military metropolis``), and the glossary's every
        name and text by its catalog key (``god.zeus``, ``creature.satyr.text``)."""
        out = {k: T.t(f"creature.{k}.text").render(lang) for k in DATA.creatures}
        out.update({k: T.t(f"artifact.{k}.text").render(lang) for k in DATA.artifacts})
        out.update({f"{k} metropolis": T.t(f"special.{k}.text").render(lang)
                    for k in RULES["special_metropolises"]})
        out.update(T.glossary(lang))
        return out

    def factions(self, state: State) -> list[str]:
        assert isinstance(state, CycladesState)
        if state.opt("teams"):
            return [f"team{state.teams[p] + 1}" for p in range(state.n)]
        return super().factions(state)

    def tags(self, state: State, actions: list[tuple[int, Action]]) -> dict[str, list[list[str]]]:
        """Creatures and artifacts each player bought, special Metropolises held at the end,
        and the gods each played, for the balance report."""
        assert isinstance(state, CycladesState)
        specials = [sorted({k for t, k in enumerate(state.specials) if k and state.owner[t] == p})
                    for p in range(state.n)]
        gods: list[set[str]] = [set() for _ in range(state.n)]
        for p, a in actions:
            if a.kind == "bid" and a.args and p < state.n:
                gods[p].add(str(a.args[0]))
        return {"creature": [sorted(set(b)) for b in state.bought], "special": specials,
                "offered to": [sorted(g) for g in gods]}

    def evaluate(self, state: State) -> list[float]:
        from meeple.games.cyclades.evaluate import evaluate

        assert isinstance(state, CycladesState)
        return evaluate(state)


CycladesState.game = CycladesGame()
