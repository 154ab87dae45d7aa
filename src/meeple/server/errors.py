"""Errors the API answers with: an HTTP status, a short code and a sentence naming the
problem. Nothing is changed when one is raised."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.server.metrics import Metrics

log = logging.getLogger("meeple.server")


class ApiError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_json(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}


class BadRequest(ApiError):
    pass


class Unauthorized(ApiError):
    status = 401
    code = "unauthorized"


class Forbidden(ApiError):
    status = 403
    code = "forbidden"


class NotFound(ApiError):
    status = 404
    code = "not_found"


class Conflict(ApiError):
    status = 409
    code = "stale_version"


class Illegal(ApiError):
    status = 422
    code = "illegal_action"


class Restarting(ApiError):
    status = 503
    code = "restarting"


class StorageUnavailable(ApiError):
    status = 503
    code = "storage_unavailable"


def storage_refusal(e: BaseException) -> tuple[str, str]:
    """A database error as the server refuses with it: its reason (the first line of the
    driver's own message, SQLAlchemy's ``orig``: never the statement or its parameters,
    which may hold other games' moves) and the sentence a client is told."""
    lines = str(getattr(e, "orig", None) or e).splitlines()
    reason = lines[0][:200] if lines and lines[0].strip() else type(e).__name__
    return reason, f"the database cannot take this now ({reason}); nothing was changed: try " \
                   "again later"


def storage_failed(e: BaseException, metrics: Metrics) -> str:
    """A database error met while serving a request or a WebSocket move: logged with its
    reason, counted, and the sentence the client is told (the same on both paths)."""
    reason, said = storage_refusal(e)
    log.error("storage error: %s", reason)
    metrics.database_errors.inc()
    return said
