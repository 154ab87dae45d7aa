"""What every reliability check returns; the server process to attack is
``meeple.server.process.ServerProcess``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Outcome:
    test: str
    tried: str
    failed: int = 0
    count: int = 0  # how many things were tried (kills, views, requests...)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def fail(self, problem: str) -> None:
        self.failed += 1
        if len(self.problems) < 20:
            self.problems.append(problem)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
