"""The seeded RNG held in the state: deterministic, unbiased in range, and cheap to copy."""

from collections import Counter

import pytest

from meeple.core.rng import Rng


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Rng(1).next64() != Rng(2).next64()


def test_state_is_one_integer_that_resumes_the_stream() -> None:
    a = Rng(7)
    a.next64()
    b = Rng(0)
    b.state = a.state
    assert a.next64() == b.next64()


def test_dice_cover_their_faces_evenly() -> None:
    r = Rng(3)
    counts = Counter(r.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_shuffle_is_a_permutation() -> None:
    items = list(range(30))
    Rng(5).shuffle(items)
    assert sorted(items) == list(range(30))
    assert items != list(range(30))


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).below(0)
