"""The screens. Each module holds one screen; the app imports them only when needed.

A screen has ``NAME``, ``draw(app)`` (through the app's Painter,
``app.p``, and the helpers of ``ui``) and ``handle(ev, app)``, and
optionally ``tick(app, now_ms)`` and ``editing`` (True while it holds a
change to the app's state that is not saved yet: a pending save waits).
The app draws the screen again after handing it an event, unless
``handle`` returns False: the event changed nothing on the screen.
"""
