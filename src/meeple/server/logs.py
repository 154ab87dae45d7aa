"""The server's logs: never a seat's secret in them, and one JSON object a line on a
switch (``meeple serve --log-format json``) for log collectors."""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "meeple.server")


class Redact(logging.Filter):
    """WebSocket URLs carry a seat's secret (``?token=``): never write it to a log."""

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.PATTERN.sub(r"\1***", a) if isinstance(a, str) else a
                                for a in record.args)
        if isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1***", record.msg)
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, and the
    exception's text when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage()}
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def log_config(level: str, fmt: str) -> dict[str, Any]:
    """uvicorn's ``log_config``: every server logger to stderr, plain or JSON, redacted."""
    formatter: dict[str, Any] = (
        {"()": JsonLines} if fmt == "json"
        else {"format": "%(levelname)s:     %(message)s"})
    return {
        "version": 1, "disable_existing_loggers": False,
        "filters": {"redact": {"()": Redact}},
        "formatters": {"main": formatter},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "main",
                                "filters": ["redact"], "stream": "ext://sys.stderr"}},
        "loggers": {name: {"handlers": ["stderr"], "level": level.upper(), "propagate": False}
                    for name in LOGGERS},
    }
