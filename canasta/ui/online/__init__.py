"""Playing online from the window: *Play online* on the main menu.

* :mod:`.play`: the session's online part (host, join, lobby, table, the score history);
* :mod:`.screens`: Play online, Host a table, the lobby, Join a table;
* :mod:`.controller` and :mod:`.scene`: the online table (the local table's, with the
  server as the only authority), :mod:`.facedown`: steady ids for the backs;
* :mod:`.pause`: Escape at an online table.

The network itself runs on a thread of its own (:mod:`canasta.net.link`): the frame
loop never waits on it.
"""
