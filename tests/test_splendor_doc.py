"""docs/rules/splendor.md gives the cards and nobles of data/cards.yaml in tables: they
are made here from the data and must be in the page as they are."""

from pathlib import Path

from meeple.games.splendor.state import CARDS, GEMS, NOBLES

DOC = Path(__file__).parents[1] / "docs" / "rules" / "splendor.md"
NAMES = {"white": "diamond", "blue": "sapphire", "green": "emerald", "red": "ruby",
         "black": "onyx"}


def _price(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {NAMES[GEMS[i]]}" for i, n in enumerate(counts) if n)


def card_table() -> str:
    rows = ["| id | level | bonus | points | cost |", "| --- | --- | --- | --- | --- |"]
    rows += [f"| {c.id} | {c.level} | {NAMES[GEMS[c.bonus]]} | {c.points} | {_price(c.cost)} |"
             for c in CARDS.values()]
    return "\n".join(rows)


def noble_table() -> str:
    rows = ["| id | points | needs (bonuses) |", "| --- | --- | --- |"]
    rows += [f"| {x} | 3 | {_price(need)} |" for x, need in NOBLES.items()]
    return "\n".join(rows)


def test_the_rules_page_lists_every_card_and_noble_of_the_data() -> None:
    text = DOC.read_text("utf-8")
    assert card_table() in text
    assert noble_table() in text
