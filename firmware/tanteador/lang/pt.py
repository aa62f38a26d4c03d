"""Português strings for the screens.

One string, one text per line in the order of the ids in tanteador.i18n:
a single object keeps the heap small.
"""

S = (
    "Português\n"  # LANG
    "ouros|copas|espadas|paus\n"  # SUITS
    "A|3|R|C|V|9|8|7|6|5|4|2\n"  # RANKS
    "Nova partida\n"  # NEW_MATCH
    "Começar\n"  # START
    "Jogadores\n"  # PLAYERS
    "Jogo\n"  # SIDES
    "individual|pares|trios|chamada\n"  # SIDE_VALS
    "Meta\n"  # GOAL
    "vitórias|melhor de|mãos|pontos|tempo\n"  # GOAL_VALS
    "Valor\n"  # TARGET
    "Baralho\n"  # DECK
    "Cartas extra\n"  # PREP
    "retirar|no monte\n"  # PREP_VALS
    "Sentido\n"  # DIRECTION
    "à direita|à esquerda\n"  # DIR_VALS
    "60-60\n"  # TIE
    "nula|dividida|última vaza\n"  # TIE_VALS
    "Ao contrário\n"  # REVERSE
    "Bandeira\n"  # CAPOTE
    "Trunfo rotativo\n"  # CYCLE
    "Sinais\n"  # SIGNALS
    "Nomes\n"  # NAMES
    "Primeiro a dar\n"  # FIRST
    "sorteio\n"  # DRAW
    "não|sim\n"  # ONOFF
    "J%d\n"  # PLAYER
    "%s dá as cartas\n"  # DEALS
    "Mão %d\n"  # HAND
    "Trunfo\n"  # TRUMP
    "Pontos\n"  # POINTS
    "Ganha %s\n"  # WINS_HAND
    "Mão nula\n"  # VOID
    "Bandeira: %s\n"  # CAPOTE_BY
    "Fim da partida\n"  # MATCH_OVER
    "Ganha %s!\n"  # WINS_MATCH
    "Sem vencedor\n"  # NO_WINNER
    "Mãos\n"  # HANDS
    "Tempo\n"  # TIME
    "Desforra\n"  # REMATCH
    "Histórico\n"  # HISTORY
    "Ainda sem mãos\n"  # NO_HANDS
    "Editar mão %d\n"  # EDIT
    "Menu\n"  # MENU
    "Desfazer\n"  # UNDO
    "Refazer\n"  # REDO
    "Definições\n"  # SETTINGS
    "Terminar partida\n"  # END_MATCH
    "Teste de botões\n"  # HWTEST
    "Sobre\n"  # ABOUT
    "OK: sim  BACK: não\n"  # SURE
    "Idioma\n"  # LANGUAGE
    "Contraste\n"  # CONTRAST
    "Desligar ecrã\n"  # TIMEOUT
    "Som\n"  # SOUND
    "%d min\n"  # MIN
    "Versão\n"  # VERSION
    "Memória livre\n"  # FREE_MEM
    "Erro\n"  # ERROR
    "A partida está salva.\n"  # KEPT
    "BACK: mesa\n"  # BACK_TABLE
    "Partida retomada\n"  # RESUMED
    "Gravação danificada posta de lado\n"  # DAMAGED
    "Gravação mais recente posta de lado\n"  # NEWER
    "Falhou a gravação: memória cheia\n"  # FULL
    "Falhou a gravação\n"  # IOFAIL
    "Nada a fazer\n"  # NOTHING
    "Desfeita: mão %d\n"  # UNDONE
    "Refeita: mão %d\n"  # REDONE
    "Pontos de 0 a 120\n"  # E_RANGE
    "%d é impossível\n"  # E_ONE
    "Total %d, deve ser 120\n"  # E_TOTAL
    "Pontos impossíveis\n"  # E_CARDS
    "Faltam %d: impossível\n"  # E_UNDRAWN
    "A partida terminou\n"  # E_OVER
    "Não é possível\n"  # E_OTHER
    "Verifique a configuração\n"  # E_SETUP
    "Retire um 2\n"  # H_RM2
    "Última carta fica no monte\n"  # H_UNDRAWN1
    "Retire três 8 ou 9\n"  # H_RM89
    "3 últimas ficam no monte\n"  # H_UNDRAWN3
    "Retire os quatro 2\n"  # H_RM2S
    "Manter BACK para sair\n"  # HOLD_BACK
    "O sentido fica fixo após a primeira mão\n"  # DIR_FIXED
    "Total %d: mais de 120\n"  # E_ABOVE
    "Faltam %d, máximo %d\n"  # E_MISSING
    "Terminar a partida agora? As mãos jogadas ficam guardadas.\n"  # END_ASK
    "Predefinições\n"  # DEFAULTS
    "Naipes\n"  # CARDS
    "espanhóis|franceses\n"  # CARDS_VALS
    "ouros|copas|espadas|paus\n"  # SUITS_FR
    "A|7|R|V|D|9|8|6|5|4|3|2\n"  # RANKS_FR
    "Pares: 1+3 contra 2+4\n"  # SEATS_PAIRS
    "Exige mais de %d vazas\n"  # E_TRICKS
    "Quem chama\n"  # CALLER
    "Aposta\n"  # BID
    "Parceiro\n"  # PARTNER
    "a sós\n"  # ALONE
    "Cumpriu: %s %+d\n"  # CALL_MADE
    "Falhou: %s %+d\n"  # CALL_DOWN
    "Bandeira: %s %+d\n"  # CAPPOTTO
    "Última vaza\n"  # LAST_TRICK
    "Quem chama está de fora\n"  # E_CALLER
    "Parceiro está de fora\n"  # E_PARTNER
    "Aposta %d: de 61 a 120\n"  # E_BID
    "Quem fez a última vaza?\n"  # E_LAST
    "Defesa\n"  # DEFENDERS
    "A sós\n"  # ALONE_ROW
    "Bandeira\n"  # CAPPOTTO_ROW
    "%d (chamad. %d)\n"  # CALLER_SHARE
    "só\n"  # ALONE_SHORT
    "Quem ganhou o leilão?\n"  # ASK_CALLER
    "Pontos a fazer\n"  # ASK_BID
    "Quem tinha a carta?\n"  # ASK_PARTNER
    "Mesa %d - Ronda %d\n"  # TABLE_ROUND
    "segure: 10\n"  # HOLD_TEN
    "Ficheiro da placa recusado: pinos de origem\n"  # BOARD_REFUSED
    "Novo nome…\n"  # NEW_NAME
    "segure: salta\n"  # HOLD_JUMP
    "OK segue, segure OK: fim\n"  # LETTER_KEYS
    "Já está na mesa\n"  # NAME_TAKEN
    "A lista tem %d nomes: este não fica guardado\n"  # NAMES_FULL
    "Acabaria a partida na mão %d: desfaça antes as mãos seguintes\n"  # E_ENDS_AT
    "Lista de nomes danificada: posta de lado, começa outra\n"  # NAMES_ASIDE
    "Código do resultado\n"  # RESULT_CODE
)
