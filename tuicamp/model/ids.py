"""Ids that count nothing: what a campaign calls the things made in play.

An id a seat is shown must not tell how many things were made before it (R-ALL-7): with a
campaign-wide count, a seat's first purchase being ``p2`` told it another seat had bought
first, and a new army numbered ``a14`` where the last one seen was ``a12`` told of an army
hidden somewhere. So the n-th id of a counter is not ``n`` but a code of four characters
that looks random: the counter put through a keyed permutation (a four-round Feistel
network over 20 bits, its round function SHA-256 of the campaign's secret seed, the
counter's name and the round). A permutation never gives two counters' values the same
code, so an id is never given twice (a chronicle line naming a dead army never comes to
mean a new one), and the same save plus the same orders still gives the same ids.

The codes stay short and typable in an orders file: a letter for what it is, then four
characters of an alphabet without the look-alikes ``0``, ``1``, ``l`` and ``o``
(``a7kq2``, ``pm3xe``). Past a million ids of one counter, characters go in front.
"""

from __future__ import annotations

import hashlib

ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz"  # 32 characters, none mistaken for another
_HALF = 10  # bits in each half of the 20-bit block: four characters of 5 bits
_MASK = (1 << _HALF) - 1
_ROUNDS = 4
_WIDTH = 4  # characters of a code


def _round(key: bytes, step: int, half: int) -> int:
    digest = hashlib.sha256(key + bytes((step,)) + half.to_bytes(2, "big")).digest()
    return int.from_bytes(digest[:2], "big") & _MASK


def _permute(key: bytes, n: int) -> int:
    """A bijection of [0, 2**20): the Feistel network keyed by ``key``."""
    left, right = n >> _HALF, n & _MASK
    for step in range(_ROUNDS):
        left, right = right, left ^ _round(key, step, right)
    return (left << _HALF) | right


def _letters(value: int, width: int) -> str:
    out = []
    for _ in range(width):
        out.append(ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


def id_code(seed: int, counter: str, n: int) -> str:
    """The code of the ``n``-th id (from 1) of the counter named ``counter`` in the
    campaign whose dice seed is ``seed``: four characters, unique for each ``n``."""
    key = hashlib.sha256(f"tuicamp-ids:{seed}:{counter}".encode()).digest()
    block, high = (n - 1) & ((1 << 2 * _HALF) - 1), (n - 1) >> (2 * _HALF)
    tail = _letters(_permute(key, block), _WIDTH)
    if not high:
        return tail
    front = ""
    while high:
        front, high = ALPHABET[high & 31] + front, high >> 5
    return front + tail


# --- roll numbers ---------------------------------------------------------------------------
# A roll is named by a number (``roll #4821``: what a re-roll names, typed as ``roll = 4821``).
# The n-th roll of a campaign gets a four-digit number from a keyed permutation of its
# place in a block of 9,000; the next block's numbers are the next ten thousands' (14821),
# so numbers never repeat and only every 9,000th roll shows on them.
_ROLL_BLOCK = 9000
_ROLL_BITS = 14  # 2**14 > 9000: the permutation walks its cycle until it lands below 9000
_ROLLS_ROUNDS = 4


def _permute_small(key: bytes, n: int) -> int:
    """A bijection of [0, 2**14), seven bits a half."""
    half, mask = _ROLL_BITS // 2, (1 << (_ROLL_BITS // 2)) - 1
    left, right = n >> half, n & mask
    for step in range(_ROLLS_ROUNDS):
        left, right = right, left ^ (_round(key, step, right) & mask)
    return (left << half) | right


def roll_number(seed: int, n: int) -> int:
    """The number of the ``n``-th roll (from 1) of the campaign whose dice seed is
    ``seed``: 1000-9999 for the first 9,000 rolls, unique for each ``n``."""
    block, place = divmod(n - 1, _ROLL_BLOCK)
    key = hashlib.sha256(f"tuicamp-rolls:{seed}:{block}".encode()).digest()
    value = _permute_small(key, place)
    while value >= _ROLL_BLOCK:  # cycle-walking keeps it a bijection of [0, 9000)
        value = _permute_small(key, value)
    return block * 10_000 + 1000 + value
