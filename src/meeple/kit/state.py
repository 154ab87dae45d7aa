"""The state of a kit game: the game writes its rules, the kit does the engine's plumbing.

A game's state class subclasses :class:`KitState` and declares its fields as annotated
attributes (``market: list[str]``); the kit saves and loads them (a broken save names the
bad field), clones them for searches, hashes them, deals the hidden ones again for the
conformance suite and the bots, and sets them from a scenario's ``setup``. What the game
writes: ``setup`` (the opening position), ``prompts``, ``legal_actions``,
``apply_unchecked``, ``describe``, ``facts`` and ``table`` (what a player sees), and
``hidden`` (what a player does not). The end of the game is :meth:`KitState.finish`.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Self

from meeple.core.actions import Action
from meeple.core.errors import SaveFileError
from meeple.core.game import Game, Prompt, State
from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.core.saves import log_from_json
from meeple.core.text import DEFAULT_LANG, Message, Text, render
from meeple.kit.fields import copy_value, fields_of, load_fields, to_plain

if TYPE_CHECKING:
    from meeple.kit.table import Table

# What a viewer does not see: groups of places whose contents may be any arrangement of
# the same things (a deck and the other player's hand: the cards among them). A place is
# a whole list, or one item of a list given as (list, index).
Place = list[Any] | tuple[list[Any], int]
Hidden = list[list[Place]]


class KitState(State):
    game: ClassVar[Game]
    # The kit's own attributes; every other annotated attribute of a subclass is a field.
    n: int
    options: dict[str, Any]
    rng: Rng
    log: Log
    round_no: int
    winners: list[int]
    reason: str

    # --- what the game writes ----------------------------------------------------------

    @abstractmethod
    def setup(self) -> None:
        """Give every field its opening value (``self.n`` players, ``self.options``,
        ``self.rng`` for the shuffles)."""

    @abstractmethod
    def facts(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (None: a spectator) knows, as plain data: the view's part that
        bots, adapters and the terminal read."""

    @abstractmethod
    def table(self, viewer: int | None) -> Table:
        """What the table shows ``viewer`` (meeple.kit.table)."""

    def hidden(self, viewer: int | None) -> Hidden:
        """The places whose contents ``viewer`` cannot see, in groups that may be dealt
        again among themselves (default: nothing is hidden)."""
        return []

    def check(self) -> None:
        """Raise ValueError if the position is impossible (a card twice, a count below 0):
        checked after a save is loaded and after a scenario's set-up."""

    def settle(self, changed: set[str]) -> None:
        """After a scenario's set-up has set the fields named in ``changed``, bring the
        others in line before ``check`` (take the cards it placed out of the deck, the
        tokens it handed out out of the supply), so that a scenario need not spell out
        every field. Default: nothing."""

    def scores(self) -> list[int] | None:
        """Each player's score, where the game counts one (the end screen and places)."""
        return None

    def standing(self) -> list[float] | None:
        """How well each player is doing, in points or their like (the bots' evaluation:
        ``KitGame.evaluate``); by default the scores."""
        found = self.scores()
        return None if found is None else [float(x) for x in found]

    # --- the plumbing --------------------------------------------------------------------

    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> KitState:
        s = cls.__new__(cls)
        s.n, s.options, s.rng, s.log = players, dict(options), Rng(seed), Log()
        s.round_no, s.winners, s.reason = 1, [], ""
        s.setup()
        missing = [f.name for f in fields_of(cls, KitState) if not hasattr(s, f.name)]
        if missing:
            raise TypeError(f"{cls.__name__}.setup() left fields unset: {', '.join(missing)}")
        return s

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def round(self) -> int:
        return self.round_no

    def is_terminal(self) -> bool:
        return bool(self.reason)

    def finish(self, winners: list[int], reason: str, line: Message | None = None) -> None:
        """End the game: ``winners`` share the victory; ``reason`` is a word the result
        and the end screen give (its text is the catalog's ``reason.WORD``)."""
        self.winners, self.reason = sorted(winners), reason
        if line is not None:
            self.log.add(self.round_no, line)

    def returns(self) -> list[float]:
        if not self.reason or not self.winners:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.n)]

    def result(self) -> dict[str, Any]:
        win = self.winners[0] if len(self.winners) == 1 else None
        out: dict[str, Any] = {"winner": win, "winners": list(self.winners),
                               "reason": self.reason or "playing"}
        if self.reason:  # the reason in words, as the end screen gives it
            out["reason_text"] = Text(f"{self.game.name}.reason.{self.reason}")
        found = self.scores()
        if found is not None:
            out["scores"] = found
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        return {"viewer": player, "round": self.round_no, **self.facts(player),
                "table": self.table(player).to_json()}

    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        from meeple.kit.text_table import render_table

        return render_table(self.table(player).to_json(), self.seat_names(lang), lang)

    def seat_names(self, lang: str = DEFAULT_LANG) -> list[str]:
        return [render(self.seat(p), lang) for p in range(self.n)]

    @staticmethod
    def seat(player: int) -> Text:
        """A player as the texts name one: "Player 2" («Игрок 2»), counted from 1."""
        return Text("core.seat", p=player)

    def asked(self) -> int | None:
        """The one player asked now (None when the game is over or several are asked)."""
        found = self.prompts()
        return found[0].player if len(found) == 1 else None

    def prompt(self, player: int, kind: str, key: str, **args: Any) -> list[Prompt]:
        """One pending decision whose text is the catalog's ``prompt.KEY``."""
        return [Prompt(player, kind, Text(f"{self.game.name}.prompt.{key}", **args))]

    def say(self, key: str, audience: int = -1, **args: Any) -> None:
        """A log line, the catalog's ``log.KEY``; ``audience``: one player, or everyone."""
        if self.log.quiet:
            return
        text = Text(f"{self.game.name}.log.{key}", **args)
        if audience < 0:
            self.log.add(self.round_no, text)
        else:
            self.log.add(self.round_no, text, audience)

    def to_json(self) -> dict[str, Any]:
        return {"format": f"meeple-{self.game.name}/1", "players": self.n,
                "options": dict(self.options), "rng": self.rng.state, "round": self.round_no,
                "winners": list(self.winners), "reason": self.reason,
                "state": {f.name: to_plain(getattr(self, f.name))
                          for f in fields_of(type(self), KitState)},
                "log": self.log.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> KitState:
        what = f"{cls.game.title} save"
        want = f"meeple-{cls.game.name}/1"
        if not isinstance(data, dict):
            raise SaveFileError(f"a {what} is a JSON object")
        if data.get("format") != want:
            raise SaveFileError(f"not a {what}: format is {data.get('format')!r}, want {want!r}")
        keys = {"format", "players", "options", "rng", "round", "winners", "reason", "state",
                "log"}
        if set(data) != keys:
            raise SaveFileError(f"a {what} has the keys {sorted(keys)}, not {sorted(data)}")
        try:
            players, rng, round_no = int(data["players"]), int(data["rng"]), int(data["round"])
            winners = [int(w) for w in data["winners"]]
            reason = str(data["reason"])
            options = cls.game.resolve_options(data["options"])
            cls.game.check_players(players)
        except (TypeError, ValueError) as e:
            raise SaveFileError(f"bad {what}: {e}") from None
        if not isinstance(data["log"], list):
            raise SaveFileError(f"bad {what}: the log is a list")
        s = cls.__new__(cls)
        s.n, s.options, s.rng = players, options, Rng(0)
        s.rng.state = rng
        s.round_no, s.winners, s.reason = round_no, winners, reason
        s.log = log_from_json(data["log"], what)
        for name, value in load_fields(cls, KitState, data["state"], what).items():
            setattr(s, name, value)
        try:
            s.check()
        except ValueError as e:
            raise SaveFileError(f"bad {what}: {e}") from None
        return s

    def clone(self) -> Self:
        cls = type(self)
        c = cls.__new__(cls)
        c.n, c.options, c.rng, c.log = self.n, self.options, self.rng.copy(), self.log.clone()
        c.round_no, c.winners, c.reason = self.round_no, list(self.winners), self.reason
        for f in fields_of(cls, KitState):
            v = getattr(self, f.name)
            setattr(c, f.name, v if f.atomic else copy_value(v))
        return c

    def redeal(self, viewer: int | None, seed: int) -> Self:
        """A copy with what ``viewer`` cannot see dealt again at random, group by group."""
        c = self.clone()
        rng = Rng(seed)
        # What the viewer did not see is not in its copy: the log's private lines of
        # others, and the chance still to come (the copy's own RNG is drawn afresh).
        c.log = Log.quiet_log() if self.log.quiet else self.log.visible_log(viewer)
        c.rng = Rng(rng.below(2**31) + 1)
        for group in c.hidden(viewer):
            pool: list[Any] = []
            for place in group:
                pool.extend(place if isinstance(place, list) else [place[0][place[1]]])
            pool.sort(key=repr)  # forget where each thing really was
            rng.shuffle(pool)
            i = 0
            for place in group:
                if isinstance(place, list):
                    place[:] = pool[i:i + len(place)]
                    i += len(place)
                else:
                    place[0][place[1]] = pool[i]
                    i += 1
        return c

    def describe(self, player: int, action: Action) -> Message:
        """What an action does, for people: the catalog's ``do.KIND`` with the action's
        arguments as ``{a0}``, ``{a1}``... (a game overrides this for richer sentences)."""
        args = {f"a{i}": a for i, a in enumerate(action.args)}
        return Text(f"{self.game.name}.do.{action.kind}", **args)
