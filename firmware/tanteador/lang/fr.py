"""Français strings for the screens.

One string, one text per line in the order of the ids in tanteador.i18n:
a single object keeps the heap small.
"""

S = (
    "Français\n"  # LANG
    "deniers|coupes|épées|bâtons\n"  # SUITS
    "A|3|R|C|V|9|8|7|6|5|4|2\n"  # RANKS
    "Nouvelle partie\n"  # NEW_MATCH
    "Commencer\n"  # START
    "Joueurs\n"  # PLAYERS
    "Jeu\n"  # SIDES
    "individuel|équipes|trios|appel\n"  # SIDE_VALS
    "Objectif\n"  # GOAL
    "gagnées|au meilleur de|donnes|points|temps\n"  # GOAL_VALS
    "Valeur\n"  # TARGET
    "Paquet\n"  # DECK
    "Cartes en trop\n"  # PREP
    "retirer|au talon\n"  # PREP_VALS
    "Sens\n"  # DIRECTION
    "à droite|à gauche\n"  # DIR_VALS
    "60-60\n"  # TIE
    "nulle|partagée|dernier pli\n"  # TIE_VALS
    "À l'envers\n"  # REVERSE
    "Capot\n"  # CAPOTE
    "Atout tournant\n"  # CYCLE
    "Signes\n"  # SIGNALS
    "Noms\n"  # NAMES
    "Premier donneur\n"  # FIRST
    "tirage\n"  # DRAW
    "non|oui\n"  # ONOFF
    "J%d\n"  # PLAYER
    "%s distribue\n"  # DEALS
    "Donne %d\n"  # HAND
    "Atout\n"  # TRUMP
    "Points\n"  # POINTS
    "%s gagne\n"  # WINS_HAND
    "Donne nulle\n"  # VOID
    "Capot : %s\n"  # CAPOTE_BY
    "Fin de partie\n"  # MATCH_OVER
    "%s gagne !\n"  # WINS_MATCH
    "Pas de gagnant\n"  # NO_WINNER
    "Donnes\n"  # HANDS
    "Temps\n"  # TIME
    "Revanche\n"  # REMATCH
    "Historique\n"  # HISTORY
    "Aucune donne jouée\n"  # NO_HANDS
    "Modifier donne %d\n"  # EDIT
    "Menu\n"  # MENU
    "Annuler\n"  # UNDO
    "Rétablir\n"  # REDO
    "Réglages\n"  # SETTINGS
    "Terminer la partie\n"  # END_MATCH
    "Test des boutons\n"  # HWTEST
    "À propos\n"  # ABOUT
    "OK : oui  BACK : non\n"  # SURE
    "Langue\n"  # LANGUAGE
    "Contraste\n"  # CONTRAST
    "Veille écran\n"  # TIMEOUT
    "Son\n"  # SOUND
    "%d min\n"  # MIN
    "Version\n"  # VERSION
    "Mémoire libre\n"  # FREE_MEM
    "Erreur\n"  # ERROR
    "La partie est conservée.\n"  # KEPT
    "BACK : table\n"  # BACK_TABLE
    "Partie reprise\n"  # RESUMED
    "Sauvegarde endommagée mise de côté\n"  # DAMAGED
    "Sauvegarde plus récente mise de côté\n"  # NEWER
    "Échec de sauvegarde : mémoire pleine\n"  # FULL
    "Échec de sauvegarde\n"  # IOFAIL
    "Rien à faire\n"  # NOTHING
    "Annulée : donne %d\n"  # UNDONE
    "Rétablie : donne %d\n"  # REDONE
    "Points de 0 à 120\n"  # E_RANGE
    "%d est impossible\n"  # E_ONE
    "Total %d, doit être 120\n"  # E_TOTAL
    "Cartes impossibles\n"  # E_CARDS
    "Il manque %d : impossible\n"  # E_UNDRAWN
    "La partie est finie\n"  # E_OVER
    "Impossible\n"  # E_OTHER
    "Vérifiez la partie\n"  # E_SETUP
    "Retirez un 2\n"  # H_RM2
    "Dernière non piochée\n"  # H_UNDRAWN1
    "Retirez trois 8 ou 9\n"  # H_RM89
    "3 dernières non piochées\n"  # H_UNDRAWN3
    "Retirez les quatre 2\n"  # H_RM2S
    "Maintenir BACK : sortir\n"  # HOLD_BACK
    "Le sens est fixé après la première donne\n"  # DIR_FIXED
    "Total %d : plus de 120\n"  # E_ABOVE
    "Il manque %d, max %d\n"  # E_MISSING
    "Terminer la partie maintenant ? Les donnes jouées sont gardées.\n"  # END_ASK
    "Par défaut\n"  # DEFAULTS
    "Couleurs\n"  # CARDS
    "espagnoles|françaises\n"  # CARDS_VALS
    "carreau|cœur|pique|trèfle\n"  # SUITS_FR
    "A|7|R|V|D|9|8|6|5|4|3|2\n"  # RANKS_FR
    "Équipes 1+3 contre 2+4\n"  # SEATS_PAIRS
    "Il faut plus de %d plis\n"  # E_TRICKS
    "Preneur\n"  # CALLER
    "Enchère\n"  # BID
    "Appelé\n"  # PARTNER
    "en solo\n"  # ALONE
    "Réussi : %s %+d\n"  # CALL_MADE
    "Chuté : %s %+d\n"  # CALL_DOWN
    "Capot : %s %+d\n"  # CAPPOTTO
    "Dernier pli\n"  # LAST_TRICK
    "Preneur hors jeu\n"  # E_CALLER
    "Appelé hors jeu\n"  # E_PARTNER
    "Enchère %d : de 61 à 120\n"  # E_BID
    "Qui a fait le dernier pli ?\n"  # E_LAST
    "Défense\n"  # DEFENDERS
    "En solo\n"  # ALONE_ROW
    "Capot\n"  # CAPPOTTO_ROW
    "%d (preneur %d)\n"  # CALLER_SHARE
    "solo\n"  # ALONE_SHORT
    "Qui a gagné l'enchère ?\n"  # ASK_CALLER
    "Points à faire\n"  # ASK_BID
    "Qui a la carte appelée ?\n"  # ASK_PARTNER
    "Table %d - Tour %d\n"  # TABLE_ROUND
    "maintien : 10\n"  # HOLD_TEN
    "Fichier de carte refusé : câblage par défaut\n"  # BOARD_REFUSED
    "Nouveau nom…\n"  # NEW_NAME
    "maintien : saute\n"  # HOLD_JUMP
    "OK suite, OK long : fin\n"  # LETTER_KEYS
    "Déjà à la table\n"  # NAME_TAKEN
    "La liste a %d noms : celui-ci n'est pas gardé\n"  # NAMES_FULL
    "La partie finirait à la donne %d : annulez d'abord les suivantes\n"  # E_ENDS_AT
    "Liste des noms endommagée, mise de côté : on repart de zéro\n"  # NAMES_ASIDE
    "Code du résultat\n"  # RESULT_CODE
)
