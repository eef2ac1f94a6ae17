"""Seeded value noise: the smooth random fields the generator's height and moisture come from.

A value-noise lattice hashed from the seed, smoothed between lattice points and summed
over octaves. It is ours rather than a library's because the generator needs one promise
above all, the same map from the same seed on every machine and every Python, and a few
lines of integer hashing keep it without a compiled dependency.
"""

from __future__ import annotations

import math

_MASK = 0xFFFFFFFF


def _mix(x: int, y: int, seed: int) -> float:
    """A number in [0, 1) for a lattice point: an integer hash, the same everywhere."""
    h = (x * 374761393 + y * 668265263 + seed * 2246822519) & _MASK
    h = ((h ^ (h >> 13)) * 1274126177) & _MASK
    h ^= h >> 16
    return h / 4294967296.0


class ValueNoise:
    """Smooth noise in [0, 1) over the plane, fixed by ``seed``. Lattice values are kept
    once worked out: the broad octaves read the same few thousand points for every hex."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._lattice: dict[tuple[int, int, int], float] = {}

    def fractal(self, x: float, y: float, scale: float, octaves: int = 4) -> float:
        """Octaves of the noise summed, each twice as fine and half as strong: broad shapes
        with detail on them, in [0, 1). ``scale`` is the size of the broadest feature.

        Each octave reads the four lattice points around its point and blends them
        smoothly; written out in one loop rather than a call per octave, since a 200 x 200
        map asks for 160,000 of these."""
        total, weight, norm = 0.0, 1.0, 0.0
        freq = 1.0 / scale
        lattice, floor = self._lattice, math.floor
        for octave in range(octaves):
            s = self.seed + 7919 * octave
            px, py = x * freq + 0.37 * octave, y * freq + 0.71 * octave
            ix, iy = floor(px), floor(py)
            tx, ty = px - ix, py - iy
            fx, fy = tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty)
            jx, jy = ix + 1, iy + 1
            ka, kb, kc, kd = (ix, iy, s), (jx, iy, s), (ix, jy, s), (jx, jy, s)
            a = lattice.get(ka) or lattice.setdefault(ka, _mix(*ka))
            b = lattice.get(kb) or lattice.setdefault(kb, _mix(*kb))
            c = lattice.get(kc) or lattice.setdefault(kc, _mix(*kc))
            d = lattice.get(kd) or lattice.setdefault(kd, _mix(*kd))
            top = a + (b - a) * fx
            low = c + (d - c) * fx
            total += (top + (low - top) * fy) * weight
            norm += weight
            weight *= 0.5
            freq *= 2.0
        return total / norm

    def ridged(self, x: float, y: float, scale: float, octaves: int = 3) -> float:
        """Ridges: high along thin lines where the noise crosses its middle, so mountains
        come out as chains rather than blobs."""
        return 1.0 - abs(2.0 * self.fractal(x, y, scale, octaves) - 1.0)
