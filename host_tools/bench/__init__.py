"""`tanteador bench`'s measures: the match it plays on the lanes, heap, time, hand steps, the report, a board."""
