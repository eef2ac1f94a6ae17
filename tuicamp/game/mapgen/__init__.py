"""The random map generator: coherent terrain, rivers, territories, settlements, roads
and fair starting positions, as a whole scenario (``tuicamp generate``, and the editor).

The public face is :func:`generate` with its :class:`MapSpec`; the stages are modules of
their own (noise, shape, terrain, rivers, territories, settlements, roads, fairness,
tiles), each a function of the working sheet (:mod:`.land`) and a seeded random source.
An ``aasen`` tile map is set up as Hex Island instead (:mod:`.realms` draws its realms
and raises the pirate's island, :mod:`.hexisland` writes its teams, territories and
``[ruleset.aasen]`` table); :mod:`.seats` holds the players and the host each starts with.
"""

from tuicamp.game.mapgen.fairness import BOUNDS, Fairness, Start
from tuicamp.game.mapgen.generate import Generated, MapSpec, generate
from tuicamp.game.mapgen.shape import Shape

__all__ = ["BOUNDS", "Fairness", "Generated", "MapSpec", "Shape", "Start", "generate"]
