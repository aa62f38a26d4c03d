"""The decisions a table makes before the first deal, and the engine's constants.

Seats are numbered 0..players-1 counterclockwise (the order of play). A
"side" is whoever shares the points of a hand: one player (SOLO), a pair of
partners facing each other (PAIRS, 4 or 6 players) or a team of three
sitting alternately (TRIOS, 6 players).

Briscola chiamata (CHIAMATA, 5 players, or 6 with the dealer sitting out)
has no fixed sides: each hand a caller and a secret partner play against
the others, and every player keeps a score of their own (see chiamata.py).
Its "sides" are the players.
"""

from micropython import const

from tanteador.rules import RulesError, prep_info

SOLO = const(0)
PAIRS = const(1)
TRIOS = const(2)
CHIAMATA = const(3)

CCW = const(0)
CW = const(1)

GOAL_WINS = const(0)
GOAL_BESTOF = const(1)
GOAL_HANDS = const(2)
GOAL_POINTS = const(3)
GOAL_TIME = const(4)

TIE_VOID = const(0)
TIE_SPLIT = const(1)
# The tied side that took the last trick wins the hand (an Italian habit).
TIE_LAST = const(2)

PREP_REMOVE = const(0)
PREP_UNDRAWN = const(1)

# Card style: Spanish (or Italian) suits and ranking, or French suits with
# the Portuguese ranking (see rules.RANK_FACE_FR). Only the names, the icons
# and the faces shown change: the points are the same in both.
CARDS_SPANISH = const(0)
CARDS_FRENCH = const(1)

# Longest player name, in characters (names.json's too: see storeops.check_names).
MAX_NAME_CHARS = const(12)

# Chiamata scores: [defender, partner, alone, cappotto]. With a partner each
# of the three defenders wins or loses ``defender``, the partner ``partner``
# and the caller the rest, 3 * defender - partner; alone each of the four
# defenders wins or loses ``alone``, the caller 4 * alone. A hand where one
# side takes all 120 points counts ``cappotto`` times. The caller's share is
# derived so that every hand adds up to zero; the partner never gets more
# than the caller. The common table: caller 2,
# partner 1, defenders 1; alone 4 and 1 each; cappotto doubles.
CALL_DEFAULT = (1, 1, 1, 2)
# Highest value of each chiamata score (the lowest: 1, 0, 1, 1).
CALL_MAX = (9, 13, 9, 4)

# Allowed targets per goal: (lowest, highest).
# GOAL_WINS hands won; GOAL_BESTOF rounds (odd: 1, 3, 5...); GOAL_HANDS hands
# played; GOAL_POINTS cumulative points; GOAL_TIME minutes of play.
TARGETS = ((1, 99), (1, 9), (1, 99), (1, 9999), (1, 999))

# Order of the fields in the compact list form (to_list/from_list). The
# card style came last and is left out for Spanish cards, so a save of a
# Spanish-suited match is what earlier versions wrote and still read.
_FIELDS = const(("players", "names", "sides", "deck", "prep", "direction", "signals",
                 "goal", "target", "tie", "reverse", "capote", "trump_cycle", "first_dealer",
                 "cards", "call"))
_BOOLS = const(("signals", "reverse", "capote", "trump_cycle"))


class MatchOptions:
    """Setup of a match. Plain attributes; call validate() after changing them.

    players 2..6; names None or one str per seat (up to 12 chars, "" = the
    default label: textids.PLAYER, "P1", "J1"... by language); sides
    SOLO/PAIRS/TRIOS; deck 40/48; prep PREP_REMOVE or
    PREP_UNDRAWN (3 players/40 cards and 5 players/48 cards only); direction
    CCW (default, as the seeds' "to the right") or CW; signals (between
    partners, a reminder only); goal and target (see TARGETS); tie TIE_VOID
    (default, 60-60 is void) or TIE_SPLIT; reverse (fewest points wins the
    hand); capote (120 points win the match outright); trump_cycle (trump is
    oros, copas, espadas, bastos in turn, starting at oros each match);
    first_dealer seat; cards CARDS_SPANISH or CARDS_FRENCH (the same suit
    numbers: diamonds are oros, hearts copas, spades espadas, clubs bastos);
    call the chiamata scores (see CALL_DEFAULT), a list of four ints.

    Chiamata (sides CHIAMATA) takes 5 or 6 players and the 40-card deck; its
    goal is a number of hands, a points target or a time limit, and the
    Brisca-only choices (tie rule, reverse, capote, trump cycle, signals)
    stay at their defaults.
    """

    def __init__(self, players=2, names=None, sides=SOLO, deck=40, prep=PREP_REMOVE,
                 direction=CCW, signals=False, goal=GOAL_WINS, target=3, tie=TIE_VOID,
                 reverse=False, capote=False, trump_cycle=False, first_dealer=0,
                 cards=CARDS_SPANISH, call=CALL_DEFAULT):
        self.players = players
        self.names = names
        self.sides = sides
        self.deck = deck
        self.prep = prep
        self.direction = direction
        self.signals = signals
        self.goal = goal
        self.target = target
        self.tie = tie
        self.reverse = reverse
        self.capote = capote
        self.trump_cycle = trump_cycle
        self.first_dealer = first_dealer
        self.cards = cards
        self.call = call

    def validate(self):
        """Raise RulesError if the setup is impossible; return self.

        Codes: 'players' (players not 2..6), 'deck' (the deck not 40 or
        48 cards, the preparation or the card style unknown, or 48 cards in
        chiamata), 'direction' (neither way round), 'sides' (pairs need 4
        or 6 players, trios 6), 'goal' (goal, target, tie rule or a flag),
        'names', 'index' (first_dealer not a seat). Normalises names to a
        list and flags to bools.
        """
        n = self.players
        if type(n) is not int or n < 2 or n > 6:
            raise RulesError("players")
        # from_list takes ints only: 40.0 or True would pass the checks
        # below and then make a saved match that cannot be loaded.
        if type(self.deck) is not int or type(self.prep) is not int or type(self.cards) is not int:
            raise RulesError("deck")
        if type(self.direction) is not int:
            raise RulesError("direction")
        if type(self.sides) is not int:
            raise RulesError("sides")
        if type(self.tie) is not int:
            raise RulesError("goal")
        if self.deck not in (40, 48) or self.prep not in (PREP_REMOVE, PREP_UNDRAWN) \
                or self.cards not in (CARDS_SPANISH, CARDS_FRENCH):
            raise RulesError("deck")
        if self.direction not in (CCW, CW):
            raise RulesError("direction")
        s = self.sides
        if not (s == SOLO or (s == PAIRS and n in (4, 6)) or (s == TRIOS and n == 6)
                or (s == CHIAMATA and n in (5, 6))):
            raise RulesError("sides")
        if s == CHIAMATA and self.deck != 40:
            raise RulesError("deck")
        self._check_goal()
        if self.names is not None:
            if type(self.names) not in (list, tuple) or len(self.names) != n:
                raise RulesError("names")
            for x in self.names:
                if type(x) is not str or len(x) > MAX_NAME_CHARS:
                    raise RulesError("names")
            self.names = list(self.names)
        f = self.first_dealer
        if type(f) is not int or f < 0 or f >= n:
            raise RulesError("index")
        for k in _BOOLS:
            v = getattr(self, k)
            if type(v) not in (bool, int) or v not in (0, 1):
                raise RulesError("goal")
            setattr(self, k, bool(v))
        if s == CHIAMATA and (self.goal < GOAL_HANDS or self.tie != TIE_VOID or self.reverse
                              or self.capote or self.trump_cycle or self.signals):
            raise RulesError("goal")
        return self

    def _check_goal(self):
        # The goal, its target, the tie rule and the chiamata scores (see validate).
        g = self.goal
        if type(g) is not int or g < 0 or g > GOAL_TIME:
            raise RulesError("goal")
        lo, hi = TARGETS[g]
        t = self.target
        if type(t) is not int or t < lo or t > hi or (g == GOAL_BESTOF and not t & 1):
            raise RulesError("goal")
        if self.tie not in (TIE_VOID, TIE_SPLIT, TIE_LAST):
            raise RulesError("goal")
        c = self.call
        if type(c) not in (list, tuple) or len(c) != 4:
            raise RulesError("goal")
        for i in range(4):
            # The partner may get nothing, never more than the caller.
            lo = 0 if i == 1 else 1
            if type(c[i]) is not int or c[i] < lo or c[i] > CALL_MAX[i] \
                    or (i == 1 and 2 * c[1] > 3 * c[0]):
                raise RulesError("goal")
        self.call = list(c)

    @property
    def nsides(self):
        """Number of sides sharing points."""
        if self.sides == PAIRS:
            return self.players // 2
        if self.sides == TRIOS:
            return 2
        # SOLO, and CHIAMATA: a score per player.
        return self.players

    def side_seats(self, i):
        """Seats of side i: pairs sit opposite, trios alternate."""
        k = self.nsides
        return tuple(range(i, self.players, k))

    @property
    def chiamata(self):
        """True for Briscola chiamata."""
        return self.sides == CHIAMATA

    def _prep(self):
        # Chiamata deals all 40 cards to the five who play: 8 tricks, none undrawn.
        if self.sides == CHIAMATA:
            return (None, 8, 0)
        return prep_info(self.players, self.deck, self.prep)

    @property
    def tricks_per_hand(self):
        """Tricks in one hand for this table and deck."""
        return self._prep()[1]

    @property
    def prep_hint(self):
        """Deck preparation hint code (see rules.HINTS) or None."""
        return self._prep()[0]

    @property
    def undrawn_cards(self):
        """Cards left undrawn each hand (their points are out of play)."""
        return self._prep()[2]

    def to_list(self):
        """Compact JSON form: the fields in signature order, flags as 0/1.

        The last fields, the card style and the chiamata scores, are left
        out while they are the defaults (Spanish cards, CALL_DEFAULT): such
        a list is what earlier versions wrote and still read.
        """
        out = []
        for k in _FIELDS:
            v = getattr(self, k)
            if k in _BOOLS:
                v = 1 if v else 0
            elif k in ("names", "call") and v is not None:
                v = list(v)
            out.append(v)
        if list(self.call) == list(CALL_DEFAULT):
            out.pop()
            if self.cards == CARDS_SPANISH:
                out.pop()
        return out

    # The checker reads classmethod from MicroPython's stubs, which today
    # type it as taking cls alone; MicroPython itself passes the arguments.
    @classmethod  # pyright: ignore[reportArgumentType]
    def from_list(cls, lst):
        """Inverse of to_list(); validates (RulesError on a bad setup, ValueError on a bad shape).

        A list without the card style (Spanish, or saved before the style
        existed) gives Spanish cards; without the chiamata scores, the
        default ones.
        """
        if type(lst) is not list or len(lst) < len(_FIELDS) - 2 or len(lst) > len(_FIELDS):
            raise ValueError("options")
        o = cls()
        for i in range(len(lst)):
            k = _FIELDS[i]
            v = lst[i]
            if k == "call":
                if type(v) is not list:
                    raise ValueError("options")
            elif k != "names" and type(v) is not int:
                raise ValueError("options")
            setattr(o, k, v)
        return o.validate()

    def copy(self):
        """An independent copy."""
        return MatchOptions.from_list(self.to_list())

    def __eq__(self, other):
        return isinstance(other, MatchOptions) and self.to_list() == other.to_list()
