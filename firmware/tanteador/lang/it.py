"""Italiano strings for the screens.

One string, one text per line in the order of the ids in tanteador.i18n:
a single object keeps the heap small.
"""

S = (
    "Italiano\n"  # LANG
    "denari|coppe|spade|bastoni\n"  # SUITS
    "A|3|R|C|F|9|8|7|6|5|4|2\n"  # RANKS
    "Nuova partita\n"  # NEW_MATCH
    "Inizia\n"  # START
    "Giocatori\n"  # PLAYERS
    "Gioco\n"  # SIDES
    "singoli|coppie|terzetti|chiamata\n"  # SIDE_VALS
    "Obiettivo\n"  # GOAL
    "vinte|al meglio di|mani|punti|tempo\n"  # GOAL_VALS
    "Valore\n"  # TARGET
    "Mazzo\n"  # DECK
    "Carte in più\n"  # PREP
    "togliere|nel mazzo\n"  # PREP_VALS
    "Senso\n"  # DIRECTION
    "a destra|a sinistra\n"  # DIR_VALS
    "60-60\n"  # TIE
    "patta|divisa|ultima presa\n"  # TIE_VALS
    "Al contrario\n"  # REVERSE
    "Cappotto\n"  # CAPOTE
    "Briscola a giro\n"  # CYCLE
    "Segni\n"  # SIGNALS
    "Nomi\n"  # NAMES
    "Primo mazziere\n"  # FIRST
    "a sorte\n"  # DRAW
    "no|sì\n"  # ONOFF
    "G%d\n"  # PLAYER
    "%s fa le carte\n"  # DEALS
    "Mano %d\n"  # HAND
    "Briscola\n"  # TRUMP
    "Punti\n"  # POINTS
    "Vince %s\n"  # WINS_HAND
    "Mano patta\n"  # VOID
    "Cappotto: %s\n"  # CAPOTE_BY
    "Fine partita\n"  # MATCH_OVER
    "Vince %s!\n"  # WINS_MATCH
    "Nessun vincitore\n"  # NO_WINNER
    "Mani\n"  # HANDS
    "Tempo\n"  # TIME
    "Rivincita\n"  # REMATCH
    "Cronologia\n"  # HISTORY
    "Ancora nessuna mano\n"  # NO_HANDS
    "Modifica mano %d\n"  # EDIT
    "Menu\n"  # MENU
    "Annulla\n"  # UNDO
    "Ripristina\n"  # REDO
    "Impostazioni\n"  # SETTINGS
    "Termina partita\n"  # END_MATCH
    "Prova tasti\n"  # HWTEST
    "Informazioni\n"  # ABOUT
    "OK: sì  BACK: no\n"  # SURE
    "Lingua\n"  # LANGUAGE
    "Contrasto\n"  # CONTRAST
    "Spegnimento\n"  # TIMEOUT
    "Suono\n"  # SOUND
    "%d min\n"  # MIN
    "Versione\n"  # VERSION
    "Memoria libera\n"  # FREE_MEM
    "Errore\n"  # ERROR
    "La partita è salva.\n"  # KEPT
    "BACK: tavolo\n"  # BACK_TABLE
    "Partita ripresa\n"  # RESUMED
    "Salvataggio danneggiato messo da parte\n"  # DAMAGED
    "Salvataggio più recente messo da parte\n"  # NEWER
    "Salvataggio fallito: memoria piena\n"  # FULL
    "Salvataggio fallito\n"  # IOFAIL
    "Niente da fare\n"  # NOTHING
    "Annullata: mano %d\n"  # UNDONE
    "Ripristinata: mano %d\n"  # REDONE
    "Punti da 0 a 120\n"  # E_RANGE
    "%d è impossibile\n"  # E_ONE
    "Totale %d, deve essere 120\n"  # E_TOTAL
    "Punti impossibili\n"  # E_CARDS
    "Mancano %d: impossibile\n"  # E_UNDRAWN
    "La partita è finita\n"  # E_OVER
    "Non è possibile\n"  # E_OTHER
    "Controlla la partita\n"  # E_SETUP
    "Togli un 2\n"  # H_RM2
    "Ultima non pescata\n"  # H_UNDRAWN1
    "Togli tre 8 o 9\n"  # H_RM89
    "Ultime 3 non pescate\n"  # H_UNDRAWN3
    "Togli i quattro 2\n"  # H_RM2S
    "Tieni BACK per uscire\n"  # HOLD_BACK
    "Il senso è fisso dopo la prima mano\n"  # DIR_FIXED
    "Totale %d: oltre 120\n"  # E_ABOVE
    "Mancano %d, massimo %d\n"  # E_MISSING
    "Terminare ora la partita? Le mani giocate restano salvate.\n"  # END_ASK
    "Predefiniti\n"  # DEFAULTS
    "Semi\n"  # CARDS
    "italiani|francesi\n"  # CARDS_VALS
    "quadri|cuori|picche|fiori\n"  # SUITS_FR
    "A|7|K|J|Q|9|8|6|5|4|3|2\n"  # RANKS_FR
    "Coppie: 1+3 contro 2+4\n"  # SEATS_PAIRS
    "Servono più di %d prese\n"  # E_TRICKS
    "Chiamante\n"  # CALLER
    "Offerta\n"  # BID
    "Socio\n"  # PARTNER
    "solista\n"  # ALONE
    "Fatta: %s %+d\n"  # CALL_MADE
    "Persa: %s %+d\n"  # CALL_DOWN
    "Cappotto: %s %+d\n"  # CAPPOTTO
    "Ultima presa\n"  # LAST_TRICK
    "Chiamante fuori gioco\n"  # E_CALLER
    "Socio fuori gioco\n"  # E_PARTNER
    "Offerta %d: da 61 a 120\n"  # E_BID
    "Chi ha preso l'ultima?\n"  # E_LAST
    "Difesa\n"  # DEFENDERS
    "Solista\n"  # ALONE_ROW
    "Cappotto\n"  # CAPPOTTO_ROW
    "%d (chiamante %d)\n"  # CALLER_SHARE
    "solo\n"  # ALONE_SHORT
    "Chi ha vinto l'asta?\n"  # ASK_CALLER
    "Punti da fare\n"  # ASK_BID
    "Chi aveva la chiamata?\n"  # ASK_PARTNER
    "Tavolo %d - Turno %d\n"  # TABLE_ROUND
    "tieni: 10\n"  # HOLD_TEN
    "File della scheda rifiutato: pin predefiniti\n"  # BOARD_REFUSED
    "Nuovo nome…\n"  # NEW_NAME
    "tieni: salta\n"  # HOLD_JUMP
    "OK avanti, tieni OK: fine\n"  # LETTER_KEYS
    "Già al tavolo\n"  # NAME_TAKEN
    "La lista ha %d nomi: questo non si tiene\n"  # NAMES_FULL
    "Chiuderebbe la partita alla mano %d: annulla prima le mani dopo\n"  # E_ENDS_AT
    "Elenco nomi danneggiato: messo da parte, ne inizia un altro\n"  # NAMES_ASIDE
    "Codice del risultato\n"  # RESULT_CODE
)
