"""A generic multi-base "Attack" resolution (the rules text's "Attack" entry), as code.

One module per concept of the text: ``battlefield`` (units, bases, terrain, the initiative pool),
``geometry`` (shapes, range, arc, trace), ``target`` (step 1), ``attack_pool`` (2), ``to_hit`` (3),
``shaken`` (4), ``saves`` (5), ``casualties`` and ``coherency`` (6), ``destruction`` (7),
``attack`` (the sequence, ranged and close combat) and ``odds`` (exact distributions).
"""
