"""Golden records (issue 19): games recorded once with fixed seeds replay to the very
hashes they reached, so a change meant only to make the engine faster is proven to have
changed no result. ``meeple golden check tests/golden`` replays them all."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.check.golden import GAMES, check_record, load
from meeple.cli.golden import app

GOLDEN = Path(__file__).parent / "golden"
runner = CliRunner()


# The suite replays every EVERY-th record (a fixed quarter: about 30 s of one core for the
# four games); `meeple golden check tests/golden` replays them all (about two minutes).
EVERY = 4


@pytest.mark.parametrize("game", GAMES)
def test_golden_records_replay_to_the_hashes_they_were_recorded_with(game: str) -> None:
    found = [d for rec in load(GOLDEN, game)[::EVERY] for d in check_record(rec)]
    rules = [d for d in found if " exact " not in d]
    assert not rules, "the rules changed (re-recording cannot fix this):\n" + "\n".join(
        rules[:20])
    texts = [d for d in found if " exact " in d]
    assert not texts, ("views, texts or the log changed while the rules did not; if only "
                       "texts were changed, run `meeple golden record tests/golden --replace` "
                       "(it checks the rules fingerprints again):\n" + "\n".join(texts[:20]))


@pytest.mark.parametrize("game", ["cult", "cyclades", "clash", "colonies"])
def test_each_game_has_200_golden_games_over_its_player_counts_options_and_bots(
        game: str) -> None:
    records = load(GOLDEN, game)
    assert len(records) >= 200
    assert len({r["players"] for r in records}) >= 3
    assert len({tuple(sorted(r["options"].items())) for r in records}) >= 4
    assert any(r["heuristic"] for r in records) and any(not r["heuristic"] for r in records)
    assert all(r["stable"]["returns"] is not None for r in records), "every game ended"


def test_a_changed_action_or_hash_is_named_in_the_differences() -> None:
    rec = load(GOLDEN, "cult")[1]
    wrong_hash = copy.deepcopy(rec)
    wrong_hash["exact"]["hash"] = "0" * 16
    assert [d for d in check_record(wrong_hash) if "exact hash" in d]
    assert check_record(wrong_hash, stable_only=True) == []
    wrong_view = copy.deepcopy(rec)
    step = sorted(wrong_view["exact"]["views"], key=int)[1]
    wrong_view["exact"]["views"][step][0] = "0" * 16
    assert any(f"exact views at step {step} differ for seats [0]" in d
               for d in check_record(wrong_view))
    wrong_rules = copy.deepcopy(rec)
    wrong_rules["stable"]["legal_counts"] = "0" * 16
    assert any("stable legal_counts" in d for d in check_record(wrong_rules, stable_only=True))
    wrong_action = copy.deepcopy(rec)
    wrong_action["actions"][3] = [wrong_action["actions"][3][0], "fly away"]
    assert any("cannot replay" in d and "action #3" in d for d in check_record(wrong_action))


def test_golden_record_refuses_to_overwrite_unless_told_to_replace(tmp_path: Path) -> None:
    first = runner.invoke(app, ["record", str(tmp_path), "--game", "counter"])
    assert first.exit_code == 0, first.output
    made = (tmp_path / "counter.json.gz").read_bytes()
    again = runner.invoke(app, ["record", str(tmp_path), "--game", "counter"])
    assert again.exit_code == 2 and "--replace" in again.output
    assert (tmp_path / "counter.json.gz").read_bytes() == made
    replaced = runner.invoke(app, ["record", str(tmp_path), "--game", "counter", "--replace"])
    assert replaced.exit_code == 0 and "identical to the previous recording" in replaced.output
    assert (tmp_path / "counter.json.gz").read_bytes() == made, "same games, same bytes"
    checked = runner.invoke(app, ["check", str(tmp_path), "--game", "counter"])
    assert checked.exit_code == 0 and "6 records replayed" in checked.output
    missing = runner.invoke(app, ["check", str(tmp_path), "--game", "cult"])
    assert missing.exit_code == 2 and "missing" in missing.output
    unknown = runner.invoke(app, ["check", str(tmp_path), "--game", "chess"])
    assert unknown.exit_code == 2 and "no golden records for game 'chess'" in unknown.output
