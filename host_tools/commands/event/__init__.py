"""`tanteador event`: a club evening or a tournament kept on the organiser's PC.

One SQLite file holds the event (store); pairing, collecting results from
devices (collect), pushing a table's match to a device (push), standings,
ratings and the standings page each have their module; cli drives them.
The schema and the commands are described in host_tools/docs/event.md.
"""
