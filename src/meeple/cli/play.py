"""Terminal play: the board as the deciding player may see it, numbered options, the log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.core.game import State
from meeple.core.record import GameRecord
from meeple.core.text import DEFAULT_LANG, Text, render
from meeple.sim.match import Chooser, play_match


def outcome(result: dict[str, object], lang: str = DEFAULT_LANG) -> str:
    """Who won and why, seats counted from 1, with the game's own sentence if it has one."""
    winners = result.get("winners")
    if not isinstance(winners, list) or not winners:
        winner = result.get("winner")
        winners = [winner] if isinstance(winner, int) else []
    seats = [Text("core.seat", p=w) for w in winners if isinstance(w, int)]
    said = render(Text("core.wins" if len(seats) == 1 else "core.win", who=seats) if seats
                  else Text("core.nobody_wins"), lang)
    # The game's sentence says why in words; the reason alone may be a key ("round_limit").
    text = result.get("text") or result.get("reason_text")
    reason = result.get("reason")
    if isinstance(text, Text | str) and text:
        why = render(text, lang)  # a sentence of its own here, in the web a "Reason:"
        said += f". {why[:1].upper()}{why[1:]}"
    elif isinstance(reason, Text | str) and reason:
        said += f" ({render(reason, lang)})"
    return said if said.endswith((".", "!")) else said + "."


class Quit(Exception):
    """The person asked to stop; the game so far is saved."""


class TerminalSeat:
    """Chooses for a human seat by asking on the terminal."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None],
                 lang: str = DEFAULT_LANG) -> None:
        self.read = read
        self.write = write
        self.lang = lang
        self.seen: dict[int, int] = {}

    def _new_log(self, state: State, player: int) -> None:
        events = state.log.visible(player)
        start = self.seen.get(player, 0)
        for e in events[start:]:
            self.write(f"  · {e.line(self.lang)}")
        self.seen[player] = len(events)

    def __call__(self, state: State, player: int) -> Action:
        self._new_log(state, player)
        self.write("")
        self.write(state.render(player, self.lang))
        legal = state.legal_actions(player)
        prompt = next(p for p in state.prompts() if p.player == player)
        self.write(f"\n{render(prompt.text, self.lang)}")
        for i, a in enumerate(legal, 1):
            self.write(f"  {i:>3}. {render(state.describe(player, a), self.lang):<60} [{a}]")
        while True:
            line = self.read(render(Text("core.terminal.asks", who=Text("core.seat", p=player)),
                                    self.lang)).strip()
            if not line:
                continue
            if line in ("help", "?"):
                self.write(render(Text("core.terminal.help"), self.lang))
            elif line == "board":
                self.write(state.render(player, self.lang))
            elif line == "log":
                self.write(state.log.text(player, self.lang))
            elif line in ("quit", "exit"):
                raise Quit
            elif line.isdecimal():
                n = int(line)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.write(render(Text("core.terminal.no_option", n=n, k=len(legal)), self.lang))
            else:
                try:
                    action = Action.parse(line)
                except MeepleError as e:
                    self.write(render(Text("core.terminal.not_action", why=str(e)), self.lang))
                    continue
                if action in legal:
                    return action
                self.write(render(Text("core.terminal.not_now", action=str(action),
                                       k=len(legal)), self.lang))


def play_terminal(
    game: str,
    players: int,
    seats: list[str],
    seed: int,
    options: dict[str, object],
    save: Path | None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    resume: GameRecord | None = None,
    lang: str = DEFAULT_LANG,
) -> GameRecord | None:
    human = TerminalSeat(read, write, lang)
    choosers: list[str | Chooser] = [human if s == "human" else s for s in seats]
    record = resume or GameRecord(game=game, players=players, seed=seed, options=dict(options))

    def saved(state: State, player: int, action: Action) -> None:
        record.add(player, action)
        if save is not None:
            record.save(save)

    try:
        result = play_match(game, players, seed, choosers, options, on_action=saved,
                            history=resume.model_copy(deep=True) if resume else None)
    except (Quit, EOFError, KeyboardInterrupt):
        write(f"\nStopped after {len(record.actions)} actions."
              + (f" The game is saved in {save}; continue with --resume {save}." if save else ""))
        return None
    final = result.state
    for p in range(players):
        if seats[p] == "human":
            human._new_log(final, p)
            break
    write("")
    write(final.render(None, lang))
    res = final.result()
    said = outcome(res, lang)
    write("\n" + render(Text("core.game_over", n=final.round, said=said), lang))
    return record
