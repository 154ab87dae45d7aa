"""The interface every game implements, in the manner of OpenSpiel's Python games.

A :class:`State` always knows which decisions are pending (:meth:`State.prompts`): one
player, several players at once (simultaneous secret orders), or nobody when the game
is over. Each prompt lists its legal options; bots, the terminal, the server and the
web client all drive a game through the same two calls, ``legal_actions`` and
``apply``.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.core.text import DEFAULT_LANG, Message, render

CHANCE = -1
"""The pseudo-player of chance nodes (games that expose dice as explicit decisions)."""


@dataclass(frozen=True, slots=True, init=False)
class Prompt:
    """A pending decision: who decides, what kind of decision, and a sentence for people."""

    player: int
    kind: str
    text: Message  # a template read in the reader's language (meeple.core.text)

    def __init__(self, player: int, kind: str, text: Message) -> None:
        # the slots' own setters: a frozen dataclass's __init__ calls object.__setattr__
        # for each field, and every step of every game asks for its prompts anew
        _SET_PLAYER(self, player)
        _SET_KIND(self, kind)
        _SET_TEXT(self, text)

    def to_json(self, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "text": render(self.text, lang)}

    def to_view(self) -> dict[str, Any]:
        """The prompt as a view holds it: its text still a template, so that each reader
        reads it in the reader's language (a view is built once for every reader and
        rendered as it is sent: ``meeple.core.text.localize``)."""
        return {"player": self.player, "kind": self.kind, "text": self.text}


def _slot_setter(name: str) -> Callable[[Prompt, Any], None]:
    setter: Callable[[Prompt, Any], None] = vars(Prompt)[name].__set__
    return setter


_SET_PLAYER = _slot_setter("player")
_SET_KIND = _slot_setter("kind")
_SET_TEXT = _slot_setter("text")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its default and a one-line description."""

    default: Any
    help: str


class Game(ABC):
    """A game definition: name, player counts, options, and the factory of states."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[Mapping[str, OptionSpec]] = {}
    # How the one-ply heuristic bot looks at an action: on how many samples of its
    # information set, and after how many random moves (0: judge the position at once).
    heuristic_samples: ClassVar[int] = 2
    heuristic_depth: ClassVar[int] = 8
    # The search bot's settings for this game (ISMCTS keyword arguments), where they differ
    # from its defaults; measured in docs/bots.md.
    search_tuning: ClassVar[Mapping[str, float]] = {}
    # False for a game without dice, shuffles or hidden facts (its seed changes nothing).
    has_chance: ClassVar[bool] = True
    # The most legal actions a player can have at once (adapters give fixed action spaces
    # this wide; the conformance suite checks every game stays under it).
    max_actions: ClassVar[int] = 1024
    # True when several players decide at once (secret orders): adapters say so.
    simultaneous: ClassVar[bool] = False

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; an unknown option or a value of the wrong type is an error."""
        out = {k: spec.default for k, spec in self.options.items()}
        for key, value in (given or {}).items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"unknown option {key!r} for {self.name} (known: {known})")
            want = type(self.options[key].default)
            if want is int and isinstance(value, str) and value.lstrip("-").isdecimal():
                value = int(value)
            if isinstance(value, bool) != (want is bool) or not isinstance(value, want):
                raise ValueError(f"option {key!r} must be {want.__name__}, got {value!r}")
            out[key] = value
        return out

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}"
            )

    @abstractmethod
    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State: ...

    @abstractmethod
    def state_from_json(self, data: Any) -> State:
        """Rebuild a state saved by :meth:`State.to_json`; raise SaveFileError if broken."""

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> State:
        """Rearrange a fresh state as a scenario's ``setup`` block says (see docs/scenarios.md)."""
        raise NotImplementedError(f"{self.name} has no scenario set-up")

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> State:
        """A copy of ``state`` with everything hidden from ``player`` dealt again at random
        (other hands, deck orders); ``player``'s view of it must be the same. None: a spectator."""
        raise NotImplementedError(f"{self.name} cannot redeal hidden information")

    # What a seat that missed its deadline does, in this order of preference: hand in
    # what it has drafted, say it is ready, or pass; else the first legal action.
    timeout_kinds: ClassVar[tuple[str, ...]] = (
        "submit", "ready", "pass", "done", "decline", "refuse", "keep")

    def timeout_action(self, state: State, player: int) -> Action:
        """The action taken for ``player`` when its deadline passes (the zombie policy
        "pass"); the game's own rule where it has one."""
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has nothing to decide")
        for kind in self.timeout_kinds:
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]

    def seat_count(self, state: State) -> int:
        """How many seats decide: the players, plus any seat that is not a player (the
        Colonies Master)."""
        return state.num_players

    def catalog(self) -> dict[str, str]:
        """What each token of the game's public components is called (cards, licences),
        for clients that show names; the same for every game of this kind."""
        return {}

    def visible_waiting(self, state: State, viewer: int | None) -> list[int]:
        """The players ``viewer`` may know are being waited on (default: all of them;
        a game with secret decisions, such as Colonies' spies, says less)."""
        return state.current_players()

    def factions(self, state: State) -> list[str]:
        """What each seat plays as (a cult, a team), for balance reports."""
        return [f"seat{p}" for p in range(state.num_players)]

    def tags(self, state: State, actions: list[tuple[int, Action]]) -> dict[str, list[list[str]]]:
        """Per category, the tags each player earned in a finished game (licences held at
        the end, card kinds played...), for balance reports."""
        return {}

    def evaluate(self, state: State) -> list[float]:
        """Each player's chance of winning as the game judges it from the position (sums
        to 1); search bots use it where they stop looking ahead. Default: the returns at
        the end, an even split before."""
        if state.is_terminal():
            return state.returns()
        return [1.0 / state.num_players] * state.num_players

    def view_problems(self, view: dict[str, Any]) -> list[str]:
        """What is malformed in a view (the kit checks its table description), for the
        conformance suite."""
        return []

    def inspect(self, state: State) -> dict[str, Any]:
        """Everything about a state, hidden parts included, for scenario expectations."""
        return state.view(None)


class State(ABC):
    """One position of a game, with everything needed to continue it exactly."""

    game: ClassVar[Game]
    log: Log

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def prompts(self) -> list[Prompt]:
        """The pending decisions; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty if nothing is asked of them)."""

    def random_action(self, player: int, rng: Rng) -> Action:
        """One of ``player``'s legal actions, uniformly at random from ``rng``: what a random
        player or a playout takes. A game may draw it without listing every action (as
        python-chess's lazy legal moves); it must stay uniform over :meth:`legal_actions`
        and draw only from ``rng``. The default lists them and picks one."""
        return rng.choice(self.legal_actions(player))

    @abstractmethod
    def apply_unchecked(self, player: int, action: Action) -> None:
        """Apply an action known to be legal (taken from :meth:`legal_actions`)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Once the game is over: 1 for the winner and 0 for the others; k players sharing
        a victory get 1/k each."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """``{"winner": index or None, "reason": str}`` plus game-specific facts (a shared
        victory has ``"winner": None`` and ``"winners": [...]``)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """All that ``player`` may see (None: a spectator); this is what bots receive."""

    def view_without_log(self, player: int | None) -> dict[str, Any]:
        """:meth:`view` without its ``"log"``, for a reader who gets the log's lines
        another way (the server's updates carry only the new ones). A game whose view
        lists the log overrides this to skip building the list."""
        view = self.view(player)
        view.pop("log", None)
        return view

    def views_without_log(self, players: Sequence[int | None],
                          options: Mapping[int, list[str]] | None = None
                          ) -> dict[int | None, dict[str, Any]]:
        """:meth:`view_without_log` of each of ``players`` (the server's update to every
        reader after a move). A game whose views share a public part overrides this to
        build it once; the views may then share objects, which no reader may change.
        ``options``: an asked player's legal actions as text, when the caller listed them
        for this state already (a view that lists them need not list them again)."""
        return {p: self.view_without_log(p) for p in players}

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def describe(self, player: int, action: Action) -> Message:
        """A sentence saying what the action does, for people (a template or plain text)."""

    @abstractmethod
    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        """The board as text, as ``player`` may see it."""

    @property
    @abstractmethod
    def round(self) -> int: ...

    def current_players(self) -> list[int]:
        return [p.player for p in self.prompts()]

    def silence(self) -> State:
        """Make this state a search's throwaway copy and return it: from now on its log
        (and its clones' logs) keeps no lines, and a game may skip building the texts of
        its lines (``self.log.quiet``). The rules and the RNG run exactly as before, so
        the play is the same; but the state can no longer be viewed, saved or replayed
        (reading its log raises :class:`meeple.core.log.QuietLogError`). Only for copies
        the caller owns, never for a game being played."""
        self.log = Log.quiet_log()
        return self

    def apply(self, player: int, action: Action | str) -> None:
        """Apply ``action`` for ``player`` if the rules allow it; else raise, changing nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action} was not applied")
        waiting = self.current_players()
        if player not in waiting:
            # Seats counted from 1, as the table and the log name them ("Player 1").
            who = ", ".join(f"player {p + 1}" for p in waiting)
            raise IllegalActionError(
                f"it is not player {player + 1}'s decision now (waiting for {who}); "
                f"{action} was not applied"
            )
        self.check_action(player, action)
        self.apply_unchecked(player, action)

    def check_action(self, player: int, action: Action) -> None:
        """Raise IllegalActionError, naming the reason, unless ``player`` may take ``action``
        now. By default: it must be one of :meth:`legal_actions`. Games whose actions carry
        free text (messages, goals), which no list can hold, also accept those here."""
        legal = self.legal_actions(player)
        if action in legal:
            return
        sample = ", ".join(str(a) for a in legal[:8])
        more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
        prompt = next(p for p in self.prompts() if p.player == player)
        raise IllegalActionError(
            f"{action} is not legal for player {player + 1} now ({prompt.text}); "
            f"legal: {sample}{more}"
        )

    def hash(self) -> str:
        """A stable hash of the whole state (same on every machine and run)."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]
