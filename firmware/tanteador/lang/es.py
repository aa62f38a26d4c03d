"""Español strings for the screens.

One string, one text per line in the order of the ids in tanteador.i18n:
a single object keeps the heap small.
"""

S = (
    "Español\n"  # LANG
    "oros|copas|espadas|bastos\n"  # SUITS
    "A|3|R|C|S|9|8|7|6|5|4|2\n"  # RANKS
    "Nueva partida\n"  # NEW_MATCH
    "Empezar\n"  # START
    "Jugadores\n"  # PLAYERS
    "Juego\n"  # SIDES
    "individual|parejas|tríos|llamada\n"  # SIDE_VALS
    "Objetivo\n"  # GOAL
    "ganadas|al mejor de|manos|puntos|tiempo\n"  # GOAL_VALS
    "Valor\n"  # TARGET
    "Baraja\n"  # DECK
    "Sobrantes\n"  # PREP
    "quitar|sin robar\n"  # PREP_VALS
    "Sentido\n"  # DIRECTION
    "a la derecha|a la izquierda\n"  # DIR_VALS
    "60-60\n"  # TIE
    "nula|se reparte|última baza\n"  # TIE_VALS
    "Al revés\n"  # REVERSE
    "Capote\n"  # CAPOTE
    "Triunfo rotativo\n"  # CYCLE
    "Señas\n"  # SIGNALS
    "Nombres\n"  # NAMES
    "Reparte primero\n"  # FIRST
    "sorteo\n"  # DRAW
    "no|sí\n"  # ONOFF
    "J%d\n"  # PLAYER
    "%s reparte\n"  # DEALS
    "Mano %d\n"  # HAND
    "Triunfo\n"  # TRUMP
    "Puntos\n"  # POINTS
    "Gana %s\n"  # WINS_HAND
    "Mano nula\n"  # VOID
    "Capote: %s\n"  # CAPOTE_BY
    "Fin de partida\n"  # MATCH_OVER
    "¡Gana %s!\n"  # WINS_MATCH
    "Sin ganador\n"  # NO_WINNER
    "Manos\n"  # HANDS
    "Tiempo\n"  # TIME
    "Revancha\n"  # REMATCH
    "Historial\n"  # HISTORY
    "Aún no hay manos\n"  # NO_HANDS
    "Editar mano %d\n"  # EDIT
    "Menú\n"  # MENU
    "Deshacer\n"  # UNDO
    "Rehacer\n"  # REDO
    "Ajustes\n"  # SETTINGS
    "Terminar partida\n"  # END_MATCH
    "Prueba de botones\n"  # HWTEST
    "Acerca de\n"  # ABOUT
    "OK: sí  BACK: no\n"  # SURE
    "Idioma\n"  # LANGUAGE
    "Contraste\n"  # CONTRAST
    "Apagar pantalla\n"  # TIMEOUT
    "Sonido\n"  # SOUND
    "%d min\n"  # MIN
    "Versión\n"  # VERSION
    "Memoria libre\n"  # FREE_MEM
    "Error\n"  # ERROR
    "La partida está guardada.\n"  # KEPT
    "BACK: mesa\n"  # BACK_TABLE
    "Partida recuperada\n"  # RESUMED
    "Partida dañada, apartada\n"  # DAMAGED
    "Guardado de versión más nueva apartado\n"  # NEWER
    "No se guardó: memoria llena\n"  # FULL
    "No se guardó\n"  # IOFAIL
    "Nada que hacer\n"  # NOTHING
    "Deshecha: mano %d\n"  # UNDONE
    "Rehecha: mano %d\n"  # REDONE
    "Puntos de 0 a 120\n"  # E_RANGE
    "%d es imposible\n"  # E_ONE
    "Total %d, debe ser 120\n"  # E_TOTAL
    "Puntos imposibles\n"  # E_CARDS
    "Faltan %d: imposible\n"  # E_UNDRAWN
    "La partida ha terminado\n"  # E_OVER
    "No es posible\n"  # E_OTHER
    "Revisa la configuración\n"  # E_SETUP
    "Quita un 2\n"  # H_RM2
    "Última carta sin robar\n"  # H_UNDRAWN1
    "Quita tres 8 o 9\n"  # H_RM89
    "3 últimas sin robar\n"  # H_UNDRAWN3
    "Quita los cuatro 2\n"  # H_RM2S
    "Mantén BACK para salir\n"  # HOLD_BACK
    "El sentido no cambia tras la primera mano\n"  # DIR_FIXED
    "Total %d: más de 120\n"  # E_ABOVE
    "Faltan %d, máximo %d\n"  # E_MISSING
    "¿Terminar la partida ahora? Las manos jugadas se guardan.\n"  # END_ASK
    "Por defecto\n"  # DEFAULTS
    "Palos\n"  # CARDS
    "españoles|franceses\n"  # CARDS_VALS
    "diamantes|corazones|picas|tréboles\n"  # SUITS_FR
    "A|7|K|J|Q|9|8|6|5|4|3|2\n"  # RANKS_FR
    "Parejas: 1+3 contra 2+4\n"  # SEATS_PAIRS
    "Exige más de %d bazas\n"  # E_TRICKS
    "Llamador\n"  # CALLER
    "Apuesta\n"  # BID
    "Pareja\n"  # PARTNER
    "a solas\n"  # ALONE
    "Cumple: %s %+d\n"  # CALL_MADE
    "Falla: %s %+d\n"  # CALL_DOWN
    "Capote: %s %+d\n"  # CAPPOTTO
    "Última baza\n"  # LAST_TRICK
    "Llamador fuera de juego\n"  # E_CALLER
    "Pareja fuera de juego\n"  # E_PARTNER
    "Apuesta %d: de 61 a 120\n"  # E_BID
    "¿Quién se llevó la última?\n"  # E_LAST
    "Defensa\n"  # DEFENDERS
    "A solas\n"  # ALONE_ROW
    "Capote\n"  # CAPPOTTO_ROW
    "%d (llamador %d)\n"  # CALLER_SHARE
    "solo\n"  # ALONE_SHORT
    "¿Quién ganó la subasta?\n"  # ASK_CALLER
    "Puntos a hacer\n"  # ASK_BID
    "¿Quién tenía la carta?\n"  # ASK_PARTNER
    "Mesa %d - Ronda %d\n"  # TABLE_ROUND
    "mantén: 10\n"  # HOLD_TEN
    "Archivo de placa rechazado: pines de serie\n"  # BOARD_REFUSED
    "Nombre nuevo…\n"  # NEW_NAME
    "mantén: salta\n"  # HOLD_JUMP
    "OK sigue, mantén OK: fin\n"  # LETTER_KEYS
    "Ya está en la mesa\n"  # NAME_TAKEN
    "La lista tiene %d nombres: este no se guarda\n"  # NAMES_FULL
    "Acabaría la partida en la mano %d: deshaz antes las que siguen\n"  # E_ENDS_AT
    "Lista de nombres dañada: apartada; empieza otra\n"  # NAMES_ASIDE
    "Código del resultado\n"  # RESULT_CODE
)
