"""Every wrong entry of the translation review of 2026-12-06
(`shared/reviews/translations-2026-12-06.md`), with the text the reviewed catalogues gave it.

The review abbreviates the text with "…"; these are the whole msgstr of the catalogues it
read, so a test can tell whether the wrong text is still shown. The optional entries are
here too: issue 33 applies them.
"""

from __future__ import annotations

from typing import NamedTuple


class Wrong(NamedTuple):
    language: str  # the folder under locale/
    msgctxt: str | None
    msgid: str  # the singular msgid of a plural entry
    wrong: tuple[str, ...]  # the reviewed msgstr; of a plural entry, each wrong form
    # msgids for which the same text is right (Italian "Posti" is right for "Seats")
    right_for: tuple[str, ...] = ()


ENTRIES: tuple[Wrong, ...] = (
    # it: Terminology
    Wrong(
        "it",
        None,
        "1: turn-up ordered up",
        ("1: carta scoperta ordinata",),
    ),
    Wrong(
        "it",
        None,
        "The bidding round must be 1 (turn-up ordered) or 2 (suit named), not %(value)s.",
        (
            "Il giro di dichiarazione deve essere 1 (carta scoperta ordinata) o 2 (seme "
            "dichiarato), non %(value)s.",
        ),
    ),
    Wrong(
        "it",
        None,
        "The dealer's partner may order up the turn-up only by going alone.",
        ("Il compagno del mazziere può ordinare la carta scoperta solo giocando da solo.",),
    ),
    Wrong(
        "it",
        None,
        "The dealer's partner who orders up must play alone (North American only).",
        (
            "Il compagno del mazziere che ordina la carta scoperta deve giocare da solo (solo "
            "nordamericano).",
        ),
    ),
    Wrong(
        "it",
        None,
        (
            "When the Benny is turned up the dealer names trump and cannot turn it down: trump is "
            "made in round 1, by whoever orders it up or else by the dealer."
        ),
        (
            "Quando la carta scoperta è il Benny il mazziere dichiara la briscola e la carta non "
            "può essere rifiutata: la briscola si sceglie nel giro 1, da chi ordina la carta "
            "oppure, se nessuno la ordina, dal mazziere.",
        ),
    ),
    Wrong(
        "it",
        None,
        (
            "Six-handed as played in Almonte: when the Benny is turned up the dealer names trump, "
            "the other five may order it up, and if all pass the dealer must take it."
        ),
        (
            "Euchre a sei come si gioca ad Almonte: quando la carta scoperta è il Benny il "
            "mazziere dichiara la briscola, gli altri cinque possono ordinare la carta e, se "
            "passano tutti, il mazziere deve prenderla.",
        ),
    ),
    # optional
    Wrong(
        "it",
        None,
        "Stick the dealer",
        ("Mazziere obbligato",),
    ),
    # optional
    Wrong(
        "it",
        None,
        "Opp. init.",
        ("Iniz. avv.",),
    ),
    # it: Ambiguity
    # scorecard round column
    Wrong(
        "it",
        None,
        "Rd",
        ("T.",),
    ),
    # link on the standings page
    Wrong(
        "it",
        None,
        "Seating",
        ("Posti",),
        right_for=("Seats",),
    ),
    # it: Consistency
    Wrong(
        "it",
        None,
        'Choose "fewest changes" or "best balance" for the remaining rounds.',
        ("Scegli “meno modifiche” o “miglior equilibrio” per i turni rimanenti.",),
    ),
    # it: Grammar: a player's name made masculine
    Wrong(
        "it",
        None,
        "%(name)s is here.",
        ("%(name)s è arrivato.",),
    ),
    Wrong(
        "it",
        None,
        "%(name)s is here and plays from round %(number)s.",
        ("%(name)s è arrivato e gioca dal turno %(number)s.",),
    ),
    Wrong(
        "it",
        None,
        "%(name)s is marked late and sits out the first round.",
        ("%(name)s è segnato in ritardo e riposa nel primo turno.",),
    ),
    Wrong(
        "it",
        None,
        "%(name)s is not marked as late.",
        ("%(name)s non è segnato in ritardo.",),
    ),
    Wrong(
        "it",
        None,
        "You are marked late: you join in round %(number)s.",
        ("Sei segnato in ritardo: entri al turno %(number)s.",),
    ),
    Wrong(
        "it",
        None,
        "You are marked late: tell the organiser when you arrive, and you join at the next round.",
        (
            "Sei segnato in ritardo: avvisa l'organizzatore quando arrivi, ed entri al turno "
            "successivo.",
        ),
    ),
    Wrong(
        "it",
        None,
        (
            "%(name)s has played, so they are not deleted: they are marked as having left, their "
            "results stay in the standings, and the rounds not started are planned again without "
            "them."
        ),
        (
            "%(name)s ha già giocato, quindi non viene cancellato: se ne registra l'uscita, i suoi "
            "risultati restano in classifica e i turni non iniziati vengono ripianificati senza "
            "questo giocatore.",
        ),
    ),
    Wrong(
        "it",
        None,
        "%(name)s added.",
        ("%(name)s aggiunto.",),
    ),
    Wrong(
        "it",
        None,
        "%(name)s removed; the rotation is re-planned without them.",
        ("%(name)s tolto dall'elenco; la rotazione è stata ripianificata senza questo giocatore.",),
    ),
    Wrong(
        "it",
        None,
        "%(name)s removed; generate the rotation again.",
        ("%(name)s tolto dall'elenco; genera di nuovo la rotazione.",),
    ),
    Wrong(
        "it",
        None,
        "%(name)s removed.",
        ("%(name)s tolto.",),
    ),
    # it: Style and machine-translation smell
    # plural
    Wrong(
        "it",
        None,
        "%(tables)s confirmed table result counted.",
        (
            "%(tables)s risultato di tavolo confermato contato.",
            "%(tables)s risultati di tavolo confermati contati.",
        ),
    ),
    Wrong(
        "it",
        None,
        "Places marked “=” are shared: those are level on every ranking metric.",
        (
            "Le posizioni segnate con “=” sono a pari merito: sono alla pari in ogni criterio di "
            "classifica.",
        ),
    ),
    Wrong(
        "it",
        None,
        "Ranked first by",
        ("Classificati prima per",),
    ),
    Wrong(
        "it",
        None,
        "The finished game's final score (first to %(target)s).",
        ("Il punteggio finale della partita finita (vince chi arriva prima a %(target)s).",),
    ),
    Wrong(
        "it",
        None,
        "All points scored",
        ("Punti segnati in tutto",),
    ),
    Wrong(
        "it",
        None,
        "behind on all points scored",
        ("dietro per punti segnati in tutto",),
    ),
    Wrong(
        "it",
        None,
        "Ties are broken by nights won, then all points scored, then nights played.",
        (
            "In caso di parità contano le serate vinte, poi i punti segnati in tutto, poi le "
            "serate giocate.",
        ),
    ),
    Wrong(
        "it",
        None,
        "“All points scored” adds up every night played, counted or not.",
        ("“Punti segnati in tutto” somma tutte le serate giocate, contate o no.",),
    ),
    # pt_BR: Untranslated
    Wrong(
        "pt_BR",
        None,
        "Three-handed (cutthroat) Euchre",
        ("Euchre para três (cutthroat)",),
    ),
    Wrong(
        "pt_BR",
        None,
        "Cutthroat (tables of three, each for themselves)",
        ("Cutthroat (mesas de três, cada um por si)",),
    ),
    # pt_BR: Terminology
    Wrong(
        "pt_BR",
        None,
        "Stick the dealer",
        ("Carteador obrigado",),
    ),
    Wrong(
        "pt_BR",
        None,
        "Rotation seed",
        ("Semente do rodízio",),
    ),
    Wrong(
        "pt_BR",
        None,
        "rotation seed",
        ("semente do rodízio",),
    ),
    Wrong(
        "pt_BR",
        None,
        "Format, number of rounds and rotation seed: %(reason)s",
        ("Formato, número de rodadas e semente do rodízio: %(reason)s",),
    ),
    Wrong(
        "pt_BR",
        None,
        "The rotation seed is a whole number from 0 to %(most)s.",
        ("A semente do rodízio é um número inteiro de 0 a %(most)s.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "No teams yet: pair the players by hand or draw them at random, %(size)s to a team.",
        ("Ainda não há equipes: forme as duplas à mão ou sorteie, %(size)s por equipe.",),
    ),
    # optional
    Wrong(
        "pt_BR",
        None,
        "Opp. init.",
        ("Inic. adv.",),
    ),
    # pt_BR: Ambiguity
    Wrong(
        "pt_BR",
        None,
        "In round 1 trump is the turn-up's suit (%(suit)s), not %(trump)s.",
        ("Na rodada 1 o trunfo é o naipe da carta virada (%(suit)s), não %(trump)s.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "In round 2 the turned-down suit (%(suit)s) cannot be named trump.",
        ("Na rodada 2 o naipe recusado (%(suit)s) não pode ser escolhido como trunfo.",),
    ),
    Wrong(
        "pt_BR",
        None,
        (
            "When the Benny is turned up the dealer names trump and cannot turn it down: trump is "
            "made in round 1, by whoever orders it up or else by the dealer."
        ),
        (
            "Quando o Benny é a carta virada, o carteador escolhe o trunfo e não pode recusá-lo: o "
            "trunfo é definido na rodada 1, por quem pedir a carta virada ou, se ninguém pedir, "
            "pelo carteador.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "When the Benny is turned up the dealer names trump at once (round 1) and is the maker.",
        (
            "Quando o Benny é a carta virada, é o carteador quem escolhe o trunfo, na hora (rodada "
            "1).",
        ),
    ),
    # both forms
    Wrong(
        "pt_BR",
        None,
        (
            "%(dealer)s dealt; %(maker)s made %(trump)s (round %(round)s); makers took %(tricks)s "
            "trick"
        ),
        (
            (
                "%(dealer)s deu as cartas; %(maker)s escolheu %(trump)s (rodada %(round)s); o lado "
                "de %(maker)s fez %(tricks)s vaza"
            ),
            (
                "%(dealer)s deu as cartas; %(maker)s escolheu %(trump)s (rodada %(round)s); o lado "
                "de %(maker)s fez %(tricks)s vazas"
            ),
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        (
            "The turn-up %(value)s is not a card: write rank and suit letter such as 9H, 10D, JS, "
            "or BENNY (2S where the two of spades is the Benny)."
        ),
        (
            "A carta virada %(value)s não é uma carta: escreva o valor e a letra do naipe, como "
            "9H, 10D, JS ou BENNY (2S onde o dois de espadas é o Benny).",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Hand the phone to another player at this table: they type the code on their player card.",
        (
            "Passe o celular para outro jogador desta mesa: ele digita o código que está no seu "
            "cartão de jogador.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Hand the phone to a player of the other side: they type the code on their player card.",
        (
            "Passe o celular para um jogador do outro lado: ele digita o código que está no seu "
            "cartão de jogador.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        (
            "These results are entered but not yet confirmed at their tables, so the standings "
            "above do not count them."
        ),
        (
            "Estes resultados foram lançados, mas ainda não foram confirmados nas suas mesas, "
            "então a classificação acima não os conta.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Next: round %(number)s. Starting it opens its tables' result entry.",
        (
            "A seguir: rodada %(number)s. Começar a rodada abre o lançamento de resultados nas "
            "suas mesas.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Partners share their side's score, but the %(name)s %(scores)s differ between partners.",
        (
            "Parceiros dividem a pontuação do seu lado, mas os %(name)s %(scores)s são diferentes "
            "entre os parceiros.",
        ),
    ),
    # pt_BR: Consistency
    Wrong(
        "pt_BR",
        None,
        "Round %(number)s is in play",
        ("A rodada %(number)s está em jogo",),
    ),
    Wrong(
        "pt_BR",
        None,
        "Started while round %(rounds)s was still in play, by %(who)s at %(when)s: “%(reason)s”",
        (
            "Iniciada enquanto a rodada %(rounds)s ainda estava em jogo, por %(who)s às %(when)s: "
            "“%(reason)s”",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Round %(number)s is not in play: players swap seats only in a round in play.",
        (
            "A rodada %(number)s não está em jogo: os jogadores só trocam de lugar em uma rodada "
            "em jogo.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Round %(number)s is not in play.",
        ("A rodada %(number)s não está em jogo.",),
    ),
    # round status
    Wrong(
        "pt_BR",
        None,
        "In play",
        ("Em jogo",),
    ),
    Wrong(
        "pt_BR",
        None,
        "rounds still in play",
        ("rodadas ainda em jogo",),
    ),
    # beside "Hand 1"
    Wrong(
        "pt_BR",
        None,
        "dealt by %(name)s",
        ("dada por %(name)s",),
    ),
    # pt_BR: Grammar
    Wrong(
        "pt_BR",
        None,
        "Places marked “=” are shared: those are level on every ranking metric.",
        (
            "Posições marcadas com “=” são divididas: estão empatados em todos os critérios de "
            "classificação.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "after round %(number)s closes",
        ("após encerrar a rodada %(number)s",),
    ),
    Wrong(
        "pt_BR",
        None,
        "24 cards (9 to ace)",
        ("24 cartas (9 ao ás)",),
    ),
    Wrong(
        "pt_BR",
        None,
        "32 cards (7 to ace)",
        ("32 cartas (7 ao ás)",),
    ),
    Wrong(
        "pt_BR",
        None,
        "%(name)s added.",
        ("%(name)s adicionado.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "%(name)s removed.",
        ("%(name)s removido.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "%(name)s removed; the rotation is re-planned without them.",
        ("%(name)s removido; o rodízio foi replanejado sem ele.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "%(name)s removed; generate the rotation again.",
        ("%(name)s removido; gere o rodízio de novo.",),
    ),
    Wrong(
        "pt_BR",
        None,
        (
            "%(name)s has played, so they are not deleted: they are marked as having left, their "
            "results stay in the standings, and the rounds not started are planned again without "
            "them."
        ),
        (
            "%(name)s já jogou, então não é excluído: fica marcado como tendo saído, os resultados "
            "dele continuam na classificação e as rodadas não começadas são planejadas de novo sem "
            "ele.",
        ),
    ),
    # pt_BR: Style
    # a msgid the code has dropped since the review
    Wrong(
        "pt_BR",
        None,
        (
            "A player's scorecard is reprinted when their seat, their table-mates or their byes "
            "change in a remaining round."
        ),
        (
            "O cartão de um jogador é reimpresso quando o lugar dele, os companheiros de mesa dele "
            "ou as folgas dele mudam em uma rodada restante.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Seat %(seat)s made trump but is not on the makers' side.",
        ("O lugar %(seat)s escolheu o trunfo, mas não está do lado que escolheu o trunfo.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "%(seat)s made trump but is not on the makers' side.",
        ("%(seat)s escolheu o trunfo, mas não está do lado que escolheu o trunfo.",),
    ),
    # [singular]
    Wrong(
        "pt_BR",
        None,
        (
            "The best night of each member counts, and a missed night, as the rule scores it, can "
            "be it; a member's other nights do not."
        ),
        (
            "Conta a melhor noite de cada membro, e uma noite perdida, pontuada conforme a regra, "
            "pode ser ela; as outras noites do membro não contam.",
        ),
    ),
    Wrong(
        "pt_BR",
        None,
        "Players leaving: they are taken out of the rounds still to play.",
        ("Jogadores que saem: são retirados das rodadas que faltam jogar.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "One new player a line: they join the rounds still to play.",
        ("Um novo jogador por linha: entram nas rodadas que faltam jogar.",),
    ),
    Wrong(
        "pt_BR",
        None,
        "Pair by hand",
        ("Formar à mão",),
    ),
    # pl: Terminology
    Wrong(
        "pl",
        None,
        "Bidding round",
        ("Runda licytacji",),
    ),
    Wrong(
        "pl",
        None,
        "Detailed: dealer, maker, bidding round, trump and tricks",
        ("Szczegółowo: rozdający, rozgrywający, runda licytacji, atut i lewy",),
    ),
    Wrong(
        "pl",
        None,
        "The bidding round must be 1 (turn-up ordered) or 2 (suit named), not %(value)s.",
        (
            "Runda licytacji musi być 1 (zamówiona odkryta karta) lub 2 (wskazany kolor), a nie "
            "%(value)s.",
        ),
    ),
    Wrong(
        "pl",
        None,
        "In round 1 trump is the turn-up's suit (%(suit)s), not %(trump)s.",
        ("W rundzie 1 atutem jest kolor odkrytej karty (%(suit)s), a nie %(trump)s.",),
    ),
    Wrong(
        "pl",
        None,
        "In round 2 the turned-down suit (%(suit)s) cannot be named trump.",
        ("W rundzie 2 odrzucony kolor (%(suit)s) nie może zostać atutem.",),
    ),
    Wrong(
        "pl",
        None,
        (
            "With stick the dealer a hand cannot be passed: the dealer must name trump in the "
            "second round."
        ),
        (
            "Przy przymusie dla rozdającego nie można spasować rozdania: rozdający musi wskazać "
            "atut w drugiej rundzie.",
        ),
    ),
    Wrong(
        "pl",
        None,
        (
            "When the Benny is turned up the dealer names trump and cannot turn it down: trump is "
            "made in round 1, by whoever orders it up or else by the dealer."
        ),
        (
            "Gdy odkrytą kartą jest Benny, rozdający wskazuje atut i nie może go odrzucić: atut "
            "wybiera się w rundzie 1, a rozgrywającym jest ten, kto go zamówi, a jeśli nikt, to "
            "rozdający.",
        ),
    ),
    Wrong(
        "pl",
        None,
        "When the Benny is turned up the dealer names trump at once (round 1) and is the maker.",
        (
            "Gdy odkrytą kartą jest Benny, rozdający od razu wskazuje atut (runda 1) i jest "
            "rozgrywającym.",
        ),
    ),
    Wrong(
        "pl",
        None,
        "Seat %(seat)s passed in the round trump was made, so cannot go alone.",
        (
            "Miejsce %(seat)s spasowało w rundzie, w której wybrano atut, więc nie może grać w "
            "pojedynkę.",
        ),
    ),
    Wrong(
        "pl",
        None,
        "%(seat)s passed in the round trump was made, so cannot go alone.",
        (
            "Gracz %(seat)s spasował w rundzie, w której wybrano atut, więc nie może grać w "
            "pojedynkę.",
        ),
    ),
    Wrong(
        "pl",
        None,
        "A player who passed in the round trump was made may not go alone.",
        ("Gracz, który spasował w rundzie, w której wybrano atut, nie może grać w pojedynkę.",),
    ),
    # 4 forms
    Wrong(
        "pl",
        None,
        (
            "%(dealer)s dealt; %(maker)s made %(trump)s (round %(round)s); makers took %(tricks)s "
            "trick"
        ),
        (
            (
                "Rozdający: %(dealer)s; rozgrywający: %(maker)s, atut %(trump)s (runda %(round)s); "
                "strona rozgrywająca wzięła %(tricks)s lewę"
            ),
            (
                "Rozdający: %(dealer)s; rozgrywający: %(maker)s, atut %(trump)s (runda %(round)s); "
                "strona rozgrywająca wzięła %(tricks)s lewy"
            ),
            (
                "Rozdający: %(dealer)s; rozgrywający: %(maker)s, atut %(trump)s (runda %(round)s); "
                "strona rozgrywająca wzięła %(tricks)s lew"
            ),
            (
                "Rozdający: %(dealer)s; rozgrywający: %(maker)s, atut %(trump)s (runda %(round)s); "
                "strona rozgrywająca wzięła %(tricks)s lewy"
            ),
        ),
    ),
    Wrong(
        "pl",
        None,
        "1: turn-up ordered up",
        ("1: zamówiona odkryta karta",),
    ),
    Wrong(
        "pl",
        None,
        "The dealer's partner may order up the turn-up only by going alone.",
        ("Partner rozdającego może zamówić odkrytą kartę tylko wtedy, gdy gra w pojedynkę.",),
    ),
    Wrong(
        "pl",
        None,
        "The dealer's partner who orders up must play alone (North American only).",
        (
            "Partner rozdającego, który zamawia odkrytą kartę, musi grać w pojedynkę (tylko Euchre "
            "północnoamerykański).",
        ),
    ),
    Wrong(
        "pl",
        None,
        (
            "Six-handed as played in Almonte: when the Benny is turned up the dealer names trump, "
            "the other five may order it up, and if all pass the dealer must take it."
        ),
        (
            "Euchre na sześciu graczy w wersji z Almonte: gdy odkrytą kartą jest Benny, rozdający "
            "wskazuje atut, pozostała piątka może go zamówić, a jeśli wszyscy spasują, rozdający "
            "musi go wziąć.",
        ),
    ),
    Wrong(
        "pl",
        None,
        "Everyone passed: cards thrown in, no score",
        ("Wszyscy spasowali: karty odrzucone, bez punktów",),
    ),
    # pl: Ambiguity
    Wrong(
        "pl",
        None,
        (
            "The turn-up %(value)s is not a card: write rank and suit letter such as 9H, 10D, JS, "
            "or BENNY (2S where the two of spades is the Benny)."
        ),
        (
            "Odkryta karta %(value)s to nie karta: wpisz wysokość i literę koloru, np. 9H, 10D, JS "
            "albo BENNY (2S tam, gdzie dwójka pik jest Benny).",
        ),
    ),
    # pl: Consistency
    Wrong(
        "pl",
        None,
        "Six-handed Euchre",
        ("Euchre na sześciu graczy",),
    ),
    Wrong(
        "pl",
        None,
        (
            "For a pack with no joker: the two of spades is the Benny, and a turned-up 2S is the "
            "Benny (British and six-handed, packs with the Benny)."
        ),
        (
            "Dla talii bez jokera: rolę Benny pełni dwójka pik, także odkryta jako 2S (Euchre "
            "brytyjski i na sześciu graczy, talie z Benny).",
        ),
    ),
    Wrong(
        "pl",
        None,
        "Ranking settings",
        ("Ustawienia rankingu",),
    ),
    Wrong(
        "pl",
        None,
        "The name is empty.",
        ("Nazwisko jest puste.",),
    ),
    Wrong(
        "pl",
        None,
        "Entering as <strong>%(name)s</strong> (your seat link)",
        ("Wpisujesz jako <strong>%(name)s</strong> (twój link do miejsca)",),
    ),
    # pl: Grammar
    Wrong(
        "pl",
        None,
        "Maker (chose trump)",
        ("Rozgrywający (kto wybrał atut)",),
    ),
    # pl: Style
    Wrong(
        "pl",
        None,
        "Card code of %(names)s",
        ("Kod z karty: %(names)s",),
    ),
    Wrong(
        "pl",
        None,
        "The round cannot close: %(tables)s not confirmed yet.",
        ("Nie można zamknąć rundy: jeszcze niepotwierdzone: %(tables)s.",),
    ),
    Wrong(
        "pl",
        None,
        "Started while round %(rounds)s was still in play, by %(who)s at %(when)s: “%(reason)s”",
        (
            "Rozpoczęta, gdy wciąż trwała runda %(rounds)s; rozpoczął(a): %(who)s, o %(when)s: "
            "„%(reason)s”",
        ),
    ),
    Wrong(
        "pl",
        None,
        "Waiting for a printer worker…",
        ("Czekam na wolny proces drukowania…",),
    ),
    Wrong(
        "pl",
        None,
        "Making the PDF…",
        ("Tworzę PDF…",),
    ),
    Wrong(
        "pl",
        None,
        "Each side types one player's code from their player card.",
        ("Każda strona wpisuje kod jednego swojego gracza z jego karty gracza.",),
    ),
    Wrong(
        "pl",
        None,
        "This table has %(seats)s players but the game needs %(players)s.",
        ("Przy tym stole siedzi graczy: %(seats)s, a gra wymaga: %(players)s.",),
    ),
    Wrong(
        "pl",
        None,
        "Say why in at most %(max)s characters.",
        ("Podaj powód (liczba znaków: najwyżej %(max)s).",),
    ),
    Wrong(
        "pl",
        None,
        "Press Retry to ask for it again; if it stays stuck, tell the site's administrator.",
        (
            "Naciśnij Ponów, aby zlecić go ponownie; jeśli dalej stoi, powiadom administratora "
            "strony.",
        ),
    ),
)

# Entries per language, as counted from the review's tables (optional ones included).
COUNTS = {"it": 30, "pt_BR": 43, "pl": 33}
