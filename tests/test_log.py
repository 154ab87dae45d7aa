"""The event log: each line addressed to everyone or to one player; a player sees the
lines addressed to everyone and to them, a spectator only the public ones."""

from __future__ import annotations

import pytest

from meeple.core.errors import QuietLogError
from meeple.core.log import EVERYONE, Log


def _log() -> Log:
    log = Log()
    for i in range(40):
        log.add(i // 10, f"line {i}", EVERYONE if i % 3 else i % 4)
    return log


def test_a_player_sees_public_lines_and_their_own_only() -> None:
    log = _log()
    for player in (0, 1, 2, 3):
        seen = log.visible(player)
        assert [e.message for e in seen] == [
            e.message for e in log.events() if e.audience in (EVERYONE, player)]
        assert all(e.visible_to(player) for e in seen)
    assert all(e.audience == EVERYONE for e in log.visible(None))
    assert len(log.visible(None)) == sum(1 for i in range(40) if i % 3)


def test_a_clone_that_writes_on_does_not_change_what_the_original_shows() -> None:
    log = _log()
    before = log.visible(1)
    other = log.clone()
    other.add(9, "secret for 1", 1)
    assert log.visible(1) == before
    assert other.visible(1)[-1].message == "secret for 1"
    log.add(9, "public")
    assert [e.message for e in other.visible(None)][-1] != "public"


def _messages(log: Log) -> list[object]:
    return [e.message for e in log.events()]


def test_logs_sharing_their_lines_each_read_their_own_whoever_reads_first() -> None:
    # Lines are kept plain and made into events when first read, in lists clones share:
    # every order of adding and reading must give each log its own lines.
    for read_first in ("original", "clone", "both", "none"):
        for given in (False, True):
            base = Log.from_json(_log().to_json()) if given else _log()
            copy = base.clone()
            if read_first in ("original", "both"):
                base.events()
            if read_first in ("clone", "both"):
                copy.visible(None)
            base.add(5, "original's")
            copy.add(5, "clone's", 2)
            twin = copy.clone()
            twin.add(6, "twin's")
            for log in (base, copy, twin):
                log.visible(2)
            assert _messages(base)[40:] == ["original's"]
            assert _messages(copy)[40:] == ["clone's"]
            assert _messages(twin)[40:] == ["clone's", "twin's"]
            assert _messages(base)[:40] == _messages(copy)[:40] == [f"line {i}" for i in range(40)]
            assert [e.message for e in copy.visible(2)][-1] == "clone's"
            assert [e.message for e in base.visible(2)][-1] == "original's"
            assert [(e.round, e.audience) for e in copy.events_from(40)] == [(5, 2)]


def test_a_log_of_the_visible_lines_reads_as_those_lines_and_leaves_the_original_alone(
) -> None:
    # A redeal's log is made on the list visible() keeps, not a copy of it: adding to the
    # new log, or to the original, must change neither the other's lines nor what the
    # original shows its reader afterwards.
    for player in (None, 0, 2):
        for asked_before in (False, True):
            log = _log()
            if asked_before:
                log.visible(player)
            seen = log.visible_log(player)
            expected = [e.message for e in log.visible(player)]
            assert [e.message for e in seen.events()] == expected
            assert [e.message for e in seen.visible(player)] == expected
            seen.add(9, "the sample's own line", EVERYONE)
            log.add(9, "the game's next line", EVERYONE)
            assert [e.message for e in log.visible(player)] == [
                *expected, "the game's next line"]
            assert [e.message for e in seen.events()] == [*expected, "the sample's own line"]
            assert [e.message for e in log.visible_log(player).events()] == [
                *expected, "the game's next line"]


def test_a_quiet_log_has_no_log_of_visible_lines() -> None:
    quiet = Log.quiet_log()
    with pytest.raises(QuietLogError):
        quiet.visible_log(0)
