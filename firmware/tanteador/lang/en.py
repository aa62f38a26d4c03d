"""English strings for the screens.

One string, one text per line in the order of the ids in tanteador.i18n:
a single object keeps the heap small.
"""

S = (
    "English\n"  # LANG
    "coins|cups|swords|clubs\n"  # SUITS
    "A|3|K|N|J|9|8|7|6|5|4|2\n"  # RANKS
    "New match\n"  # NEW_MATCH
    "Start\n"  # START
    "Players\n"  # PLAYERS
    "Play\n"  # SIDES
    "solo|pairs|trios|chiamata\n"  # SIDE_VALS
    "Goal\n"  # GOAL
    "wins|best of|hands|points|time\n"  # GOAL_VALS
    "Target\n"  # TARGET
    "Deck\n"  # DECK
    "Extra cards\n"  # PREP
    "remove|undrawn\n"  # PREP_VALS
    "Direction\n"  # DIRECTION
    "to the right|to the left\n"  # DIR_VALS
    "60-60\n"  # TIE
    "void|split|last trick\n"  # TIE_VALS
    "Reverse\n"  # REVERSE
    "Capote\n"  # CAPOTE
    "Trump cycle\n"  # CYCLE
    "Signals\n"  # SIGNALS
    "Names\n"  # NAMES
    "First dealer\n"  # FIRST
    "draw\n"  # DRAW
    "off|on\n"  # ONOFF
    "P%d\n"  # PLAYER
    "%s deals\n"  # DEALS
    "Hand %d\n"  # HAND
    "Trump\n"  # TRUMP
    "Points\n"  # POINTS
    "%s wins\n"  # WINS_HAND
    "Void hand\n"  # VOID
    "Capote: %s\n"  # CAPOTE_BY
    "Match over\n"  # MATCH_OVER
    "%s wins!\n"  # WINS_MATCH
    "No winner\n"  # NO_WINNER
    "Hands\n"  # HANDS
    "Time\n"  # TIME
    "Rematch\n"  # REMATCH
    "History\n"  # HISTORY
    "No hands yet\n"  # NO_HANDS
    "Edit hand %d\n"  # EDIT
    "Menu\n"  # MENU
    "Undo\n"  # UNDO
    "Redo\n"  # REDO
    "Settings\n"  # SETTINGS
    "End match\n"  # END_MATCH
    "Button test\n"  # HWTEST
    "About\n"  # ABOUT
    "OK: yes  BACK: no\n"  # SURE
    "Language\n"  # LANGUAGE
    "Contrast\n"  # CONTRAST
    "Screen off\n"  # TIMEOUT
    "Sound\n"  # SOUND
    "%d min\n"  # MIN
    "Version\n"  # VERSION
    "Free memory\n"  # FREE_MEM
    "Error\n"  # ERROR
    "The match is kept.\n"  # KEPT
    "BACK: table\n"  # BACK_TABLE
    "Match resumed\n"  # RESUMED
    "Damaged save kept aside\n"  # DAMAGED
    "Save from a newer version kept aside\n"  # NEWER
    "Save failed: flash full\n"  # FULL
    "Save failed\n"  # IOFAIL
    "Nothing to do\n"  # NOTHING
    "Undone: hand %d\n"  # UNDONE
    "Redone: hand %d\n"  # REDONE
    "Points must be 0 to 120\n"  # E_RANGE
    "%d is impossible\n"  # E_ONE
    "Total %d, must be 120\n"  # E_TOTAL
    "No card split gives this\n"  # E_CARDS
    "%d missing: impossible\n"  # E_UNDRAWN
    "The match is over\n"  # E_OVER
    "Not possible\n"  # E_OTHER
    "Check the setup\n"  # E_SETUP
    "Remove one 2\n"  # H_RM2
    "Last card undrawn\n"  # H_UNDRAWN1
    "Remove three 8s/9s\n"  # H_RM89
    "Last 3 cards undrawn\n"  # H_UNDRAWN3
    "Remove the four 2s\n"  # H_RM2S
    "Hold BACK to leave\n"  # HOLD_BACK
    "The direction is fixed once a hand is counted\n"  # DIR_FIXED
    "Total %d is over 120\n"  # E_ABOVE
    "%d missing, %d at most\n"  # E_MISSING
    "End this match now? The hands played are kept.\n"  # END_ASK
    "Defaults\n"  # DEFAULTS
    "Suits\n"  # CARDS
    "Spanish|French\n"  # CARDS_VALS
    "diamonds|hearts|spades|clubs\n"  # SUITS_FR
    "A|7|K|J|Q|9|8|6|5|4|3|2\n"  # RANKS_FR
    "Pairs: 1+3 vs 2+4\n"  # SEATS_PAIRS
    "Needs over %d tricks\n"  # E_TRICKS
    "Caller\n"  # CALLER
    "Bid\n"  # BID
    "Partner\n"  # PARTNER
    "alone\n"  # ALONE
    "Made: %s %+d\n"  # CALL_MADE
    "Down: %s %+d\n"  # CALL_DOWN
    "Cappotto: %s %+d\n"  # CAPPOTTO
    "Last trick\n"  # LAST_TRICK
    "Caller not in play\n"  # E_CALLER
    "Partner not in play\n"  # E_PARTNER
    "Bid %d: 61 to 120\n"  # E_BID
    "Who took the last trick?\n"  # E_LAST
    "Defenders\n"  # DEFENDERS
    "Alone\n"  # ALONE_ROW
    "Cappotto\n"  # CAPPOTTO_ROW
    "%d (caller %d)\n"  # CALLER_SHARE
    "alone\n"  # ALONE_SHORT
    "Who won the auction?\n"  # ASK_CALLER
    "Points to make\n"  # ASK_BID
    "Who had the called card?\n"  # ASK_PARTNER
    "Table %d - Round %d\n"  # TABLE_ROUND
    "hold: 10\n"  # HOLD_TEN
    "Board file refused: default wiring\n"  # BOARD_REFUSED
    "New name…\n"  # NEW_NAME
    "hold: jump\n"  # HOLD_JUMP
    "OK next, hold OK: done\n"  # LETTER_KEYS
    "Already at the table\n"  # NAME_TAKEN
    "The list has %d names: this one is not kept\n"  # NAMES_FULL
    "It would end the match at hand %d: undo the later hands first\n"  # E_ENDS_AT
    "The names list was damaged: kept aside, a new one started\n"  # NAMES_ASIDE
    "Result code\n"  # RESULT_CODE
)
