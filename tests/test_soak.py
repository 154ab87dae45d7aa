"""The soak check's short form: a mixed load (people playing and reconnecting, bot games
with spectators, deadlines acting) for a few seconds loses no move and answers no 5xx."""

from meeple.check.soak import soak


def test_a_short_soak_loses_nothing_and_reports_each_window() -> None:
    r = soak(0.4, window_seconds=8.0, people=2, bot_games=1, deadline_games=1)
    assert r["errors_5xx"] == 0 and r["lost"] == 0, r
    assert r["moves"] > 20 and r["games_started"] >= 4
    assert len(r["windows"]) == 3 and all(w["rss_mb"] for w in r["windows"])
    assert all(w["load_average"] is not None for w in r["windows"])
    # The server's /metrics tells the C heap's free bytes (glibc, as on this machine).
    assert all(w["heap_free_mb"] is not None and w["heap_free_mb"] >= 0 for w in r["windows"])
    assert isinstance(r["rss_slope_after_first_window_mb_per_hour"], float)
    assert sum(w["moves"] for w in r["windows"]) == r["moves"]
    assert r["rss_start_mb"] > 10 and isinstance(r["rss_slope_mb_per_hour"], float)
