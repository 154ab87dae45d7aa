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


def test_the_state_is_every_64_bit_number_and_a_copy_resumes_the_stream_alone() -> None:
    for value in (0, 1, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 0xDEADBEEF12345678):
        r = Rng(0)
        r.state = value
        assert r.state == value and Rng(value).state == value
    assert Rng(2**64 + 5).state == 5 and Rng(-1).state == 2**64 - 1  # taken modulo 2**64
    a = Rng(0xFEDCBA9876543210)
    a.below(1000)
    b = a.copy()
    assert b.state == a.state
    assert [b.below(97) for _ in range(20)] == [a.below(97) for _ in range(20)]
    items_a, items_b = list(range(30)), list(range(30))
    a.shuffle(items_a)
    assert b.state != a.state, "a copy moves on its own"
    b.shuffle(items_b)
    assert items_a == items_b and a.state == b.state


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


def test_the_stream_is_splitmix64s_reference_sequence() -> None:
    """SplitMix64 from seed 0 starts with these numbers (the published reference values);
    ``below`` draws them in the same order, so a faster draw cannot change a game."""
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    a, b = Rng(12345), Rng(12345)
    for n in (1, 2, 3, 6, 7, 52, 1000, 2**40 + 3, 2**63 + 1):
        x = b.next64()
        limit = (1 << 64) - ((1 << 64) % n)
        while x >= limit:
            x = b.next64()
        assert a.below(n) == x % n
        assert a.state == b.state


def test_shuffle_draws_each_swap_as_below_does() -> None:
    """Fisher-Yates with ``below(i + 1)`` for the card at i, from the last card down:
    the order every saved game and golden record was dealt with."""
    for seed in (1, 2, 99):
        items = list(range(52))
        Rng(seed).shuffle(items)
        want, r = list(range(52)), Rng(seed)
        for i in range(51, 0, -1):
            j = r.below(i + 1)
            want[i], want[j] = want[j], want[i]
        assert items == want
    a, b = Rng(4), Rng(4)
    a.shuffle([1, 2, 3])
    b.below(3)
    b.below(2)
    assert a.state == b.state, "the stream goes on where the shuffle left it"


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63 + 7, 2**64 - 1])
def test_draws_on_32_bit_halves_are_the_same_numbers(seed: int) -> None:
    """The compiled build draws on two 32-bit halves (core/rng.py); interpreted, the same
    code must give exactly what the 64-bit draw gives, or a game would change with the
    build it runs on."""
    bounds = (1, 2, 3, 5, 6, 7, 52, 1000, 3**19, 2**30 + 3, 2**31 - 1)
    a, b = Rng(seed), Rng(seed)
    for _ in range(40):
        for n in bounds:
            assert b.below_on_halves(n) == a.below(n), n
            assert a.state == b.state
    for size in (0, 1, 2, 3, 17, 60):
        x, y = list(range(size)), list(range(size))
        a.shuffle(x)
        b.shuffle_on_halves(y)
        assert x == y and a.state == b.state



def _state_before(x: int) -> int:
    """The state whose next 64-bit draw is ``x`` (SplitMix64's steps undone)."""
    mask = (1 << 64) - 1

    def unshift(y: int, k: int) -> int:
        z = y
        for _ in range(64 // k + 1):
            z = y ^ (z >> k)
        return z

    z = unshift(x, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask, 27)
    z = unshift((z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("n", [3, 7, 1000, 2**31 - 1])
def test_a_draw_in_the_last_partial_block_is_redrawn_on_halves_too(n: int) -> None:
    """A draw at or past the largest multiple of n below 2**64 would bias the result, so
    it is drawn again: the halves must redraw exactly where the 64-bit limit says."""
    limit = (1 << 64) - ((1 << 64) % n)
    for x in (limit, (1 << 64) - 1, limit - 1):
        start = _state_before(x)
        assert Rng(start).next64() == x
        a, b = Rng(start), Rng(start)
        assert b.below_on_halves(n) == a.below(n)
        assert a.state == b.state
        step = 2 if x >= limit else 1
        probe = Rng(start)
        for _ in range(step):
            probe.next64()
        assert a.state == probe.state, "a draw past the limit is drawn again"
