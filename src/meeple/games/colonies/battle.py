"""One battle for one province, with every roll and modifier recorded in the order the
source applies them: halved if the owner attacks elsewhere, halved if the attacker
attacks two provinces, then +1 for the colony (the dice is d3 + army strength)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from meeple.core.text import Text
from meeple.games.colonies.texts import t

NEUTRAL = -2  # the unowned province's defenders in Frost ("a player with army 2")


@dataclass
class Fighter:
    who: int  # a player, or NEUTRAL
    army: int
    steps: list[Text] = field(default_factory=list)
    roll: int = 0
    result: int = 0
    loss: int = 0


@dataclass
class Battle:
    province: int
    owner: int
    fighters: list[Fighter]
    winner: int | None = None  # a player or NEUTRAL; None: a tie nobody owns
    notes: list[Text] = field(default_factory=list)

    def fighter(self, who: int) -> Fighter:
        return next(f for f in self.fighters if f.who == who)


def half_up(x: int) -> int:
    return (x + 1) // 2


def fight(
    province: int,
    owner: int,
    fighters: list[Fighter],
    owner_attacks: bool,
    double_attackers: set[int],
    colonized: bool,
    roll: Callable[[int], int],
    die: int,
    colony_bonus: int,
) -> Battle:
    """Roll for every fighter and decide the winner (ties: the owner; else nobody)."""
    for f in fighters:
        army = f.army
        if f.who == owner and owner_attacks:
            army = half_up(army)
            f.steps.append(t("fight.halved.owner", army=army))
        if f.who in double_attackers:
            army = half_up(army)
            f.steps.append(t("fight.halved.double", army=army))
        f.roll = roll(die)
        f.result = f.roll + army
        f.steps.append(t("fight.roll", die=die, roll=f.roll, army=army, result=f.result))
        if f.who == owner and colonized:
            f.result += colony_bonus
            f.steps.append(t("fight.colony", bonus=colony_bonus, result=f.result))
    battle = Battle(province, owner, fighters)
    top = max(f.result for f in fighters)
    tied = [f.who for f in fighters if f.result == top]
    if owner in tied:
        battle.winner = owner
        if len(tied) > 1:
            battle.notes.append(t("fight.tie.owner"))
    elif len(tied) == 1:
        battle.winner = tied[0]
    else:
        battle.notes.append(t("fight.tie.none"))
    return battle
