"""Playing over the network: a table server that holds the engine, and clients that
are a view plus a sender of actions.

* :mod:`canasta.net.protocol`: the messages (version 2, JSON over a WebSocket), their
  checks, and what a seat may see (its observation, the events with hidden cards hidden).
* :mod:`canasta.net.table`: one table (seats, tokens, the game, its journal).
* :mod:`canasta.net.server`: the asyncio server of many tables (``python -m canasta.server``).
* :mod:`canasta.net.client`: a headless client and a computer-player client.
* :mod:`canasta.net.shuffle`: the commit-reveal check of each deal's shuffle.
* :mod:`canasta.net.bench`: ``python -m canasta.bench net``.

None of it imports pygame.
"""
