"""Request bodies of the HTTP API (they make its OpenAPI schema). Unknown fields are
errors, so a typo is reported rather than ignored."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Body):
    kind: str = Field("human", max_length=32,
                      description="human, or a bot: random, heuristic, ismcts, ismcts:2000, "
                                  "ismcts:1s")
    name: str | None = Field(None, min_length=1, max_length=64)


class Settings(Body):
    deadline_seconds: int | None = Field(
        None, ge=1, le=60 * 60 * 24 * 60,
        description="Time each person has to decide, counted from when they are first "
                    "waited on in a phase; none: no deadline.")
    zombie: Literal["pass", "bot"] = Field(
        "pass", description="When a deadline passes: pass (the game's timeout action: hand "
                            "in the drafted orders, pass, or the first legal choice), or "
                            "let zombie_bot decide.")
    zombie_bot: str = Field("heuristic", max_length=32)
    public: bool = Field(False, description="Listed in the lobby; free seats can be claimed.")


class CreateGame(Settings):
    game: str = Field(max_length=32, examples=["cult"])
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, lt=2**63,
                             description="Fixes every random outcome; random if absent.")
    seats: list[SeatSpec] | None = Field(
        None, max_length=16, description="One per player, in seat order; all human if absent.")


class ImportGame(Settings):
    record: dict[str, Any] = Field(description="A game record, as the export gives it.")
    seats: list[SeatSpec] | None = Field(None, max_length=16)


class Join(Body):
    token: str = Field(min_length=10, max_length=100)
    name: str = Field(min_length=1, max_length=64)
    webhook: str | None = Field(None, max_length=500, pattern=r"^https?://",
                                description="Where to POST a notice when it is your turn.")


class Claim(Body):
    name: str = Field(min_length=1, max_length=64)
    webhook: str | None = Field(None, max_length=500, pattern=r"^https?://")


class Submit(Body):
    action: str | dict[str, Any] = Field(
        description='Text ("place 3") or JSON ({"kind": "place", "args": [3]}).',
        examples=["place 3"])
    version: int | None = Field(
        None, ge=0, description="The version of the game the action was decided at; a "
                                "stale one is refused (409).")
    key: str | None = Field(None, min_length=1, max_length=100,
                            description="Idempotency key (or the Idempotency-Key header).")
