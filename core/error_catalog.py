"""Every refusal the app can give, by key: its kind (which says the HTTP status) and
its words, an English msgid rendered in the reader's language when it is shown.

A key is the stable `code` API clients branch on, or "code:variant" where one code
is said in more than one way (the client still sees only `code`). New refusals get
an entry here and are raised as `DomainError(key, **params)` (core.errors).
The rotation engine's own codes come in as "rotation_<code>".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from django.utils.functional import Promise
from django.utils.translation import gettext_noop, ngettext_lazy

from core import limits


class Kind(Enum):
    """What a refusal means to the one asking; each kind is one HTTP status."""

    REFUSED = "refused"  # the request is wrong: fix it and send it again
    FORBIDDEN = "forbidden"  # not for this user
    CONFLICT = "conflict"  # it changed meanwhile, or was already sent: reload
    TOO_MANY = "too_many"  # wait, then try again
    UNAVAILABLE = "unavailable"  # a service it needs is down: nothing was done


# The one place an error's HTTP status is decided.
HTTP_STATUS: dict[Kind, int] = {
    Kind.REFUSED: 400,
    Kind.FORBIDDEN: 403,
    Kind.CONFLICT: 409,
    Kind.TOO_MANY: 429,
    Kind.UNAVAILABLE: 503,
}


@dataclass(frozen=True)
class Entry:
    kind: Kind
    # An msgid with %(name)s placeholders; a lazy string where the same sentence is
    # shared with forms and serializers (core.limits), or where its form
    # depends on a number (ngettext_lazy keyed by the "count" param).
    words: str | Promise


# The codes a page reacts to (a redirect, a fresh form), besides showing their words:
# pages compare an error's code with these names, never with a spelled-out string.
ALREADY_CONFIRMED = "already_confirmed"
ALREADY_DISPUTED = "already_disputed"
CONFLICT = "conflict"
HANDS_ONLY = "hands_only"
OWN_RESULT = "own_result"
RESULT_CHANGED = "result_changed"
STALE_PREVIEW = "stale_preview"
TABLES_DISPUTED = "tables_disputed"
TOTALS_ONLY = "totals_only"
WRONG_CODE = "wrong_code"

# The rotation engine's codes come in as "rotation_<code>" (tournaments.services).
ROTATION_PREFIX = "rotation_"
# Wraps each of the rotation engine's sentences, translated on their own.
SEATING_REFUSED = gettext_noop("The seating cannot be made: %(reason)s")

CATALOG: dict[str, Entry] = {
    # ---------------------------------------------------------------- tournaments
    "already_organiser": Entry(
        # Translators: %(user)s is any organiser, woman or man: word it so that nothing agrees with
        # the name's gender.
        Kind.REFUSED,
        gettext_noop("%(user)s already organises this tournament."),
    ),
    "arrivals_not_teams": Entry(
        Kind.REFUSED, gettext_noop("Late arrivals join as whole teams of %(size)s.")
    ),
    "bad_date": Entry(Kind.REFUSED, gettext_noop("Give the date the tournament is played.")),
    "bad_entry_mode": Entry(
        Kind.REFUSED, gettext_noop("Results are entered either hand by hand or as totals.")
    ),
    "bad_hand_entry": Entry(
        Kind.REFUSED,
        gettext_noop("A hand is entered either by its result (one tap) or in detail."),
    ),
    "bad_options": Entry(Kind.REFUSED, gettext_noop("The rule options must be a set of choices.")),
    "bad_round_play": Entry(
        Kind.REFUSED, gettext_noop("A round is either a number of hands or one game.")
    ),
    "bad_seed": Entry(
        Kind.REFUSED, gettext_noop("The rotation seed is a whole number from 0 to %(most)s.")
    ),
    "bad_team_size": Entry(
        Kind.REFUSED, gettext_noop("A team in %(format)s has %(size)s players.")
    ),
    "earlier_round_not_started": Entry(Kind.REFUSED, gettext_noop("Start round %(number)s first.")),
    "format_does_not_fit_variant": Entry(
        Kind.REFUSED, gettext_noop("%(format)s is not played with %(variant)s; choose %(allowed)s.")
    ),
    "import_failed:no_names": Entry(Kind.REFUSED, gettext_noop("There are no names in the list.")),
    "import_encoding": Entry(
        Kind.REFUSED,
        gettext_noop("This file cannot be read as %(encoding)s: choose another encoding."),
    ),
    "import_encoding:unknown": Entry(
        Kind.REFUSED, gettext_noop("%(encoding)s is not one of the encodings offered.")
    ),
    "import_too_long": Entry(Kind.REFUSED, gettext_noop("The list is longer than %(max)s lines.")),
    "name_required": Entry(Kind.REFUSED, gettext_noop("Give the tournament a name.")),
    "name_too_long": Entry(
        Kind.REFUSED, gettext_noop("The name is longer than %(max)s characters.")
    ),
    "no_rotation": Entry(
        Kind.REFUSED,
        gettext_noop(
            "There is no rotation yet: change the player list, then generate the rotation."
        ),
    ),
    "no_rounds_left": Entry(
        Kind.REFUSED, gettext_noop("Every round has started: there is nothing left to re-plan.")
    ),
    "no_teams_in_format": Entry(Kind.REFUSED, gettext_noop("%(format)s has no fixed teams.")),
    "not_a_player": Entry(
        Kind.REFUSED, gettext_noop("Every team member must be playing in this tournament.")
    ),
    "not_csv": Entry(
        Kind.REFUSED,
        gettext_noop(
            "This file is not a list of names: upload a CSV or text file with one player per line"
            " (name, then team if any)."
        ),
    ),
    "not_owner": Entry(
        Kind.FORBIDDEN, gettext_noop("Only the tournament's owner can remove another organiser.")
    ),
    "not_playing": Entry(
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        Kind.REFUSED,
        gettext_noop("%(name)s is not playing in this tournament now."),
    ),
    "not_playing:left": Entry(
        Kind.REFUSED,
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        gettext_noop("%(name)s has already left; the rounds they played stay as played."),
    ),
    # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
    # with the name's gender.
    "not_late": Entry(Kind.CONFLICT, gettext_noop("%(name)s is not on the late list.")),
    "late_in_fixed_teams": Entry(
        Kind.REFUSED,
        gettext_noop(
            "In an event of fixed teams a whole team plays each round: a team that is "
            "late joins as a late arrival once the night has begun."
        ),
    ),
    "swap_same_player": Entry(Kind.REFUSED, gettext_noop("Choose two different players.")),
    "swap_not_in_play": Entry(
        Kind.REFUSED,
        gettext_noop(
            "Round %(number)s is not in play: players swap seats only in a round in play."
        ),
    ),
    "swap_not_in_round": Entry(
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        Kind.REFUSED,
        gettext_noop("%(name)s has no seat and no bye in round %(number)s."),
    ),
    "swap_both_on_bye": Entry(
        Kind.REFUSED,
        # Translators: %(first)s and %(second)s are any players, women or men: word it so that
        # nothing agrees with the names' gender.
        gettext_noop("%(first)s and %(second)s both sit this round out: there is nothing to swap."),
    ),
    "reissue_left": Entry(
        Kind.CONFLICT,
        gettext_noop(
            # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with
            # the name's gender.
            "%(name)s has left the tournament: their card opens no seat and their code "
            "confirms nothing any more, so there is no card to reissue."
        ),
    ),
    "nothing_to_reprint": Entry(
        Kind.CONFLICT, gettext_noop("No scorecard is waiting to be reprinted.")
    ),
    "nothing_to_reprint:printout": Entry(
        Kind.CONFLICT, gettext_noop("That printout is up to date: nothing to print again.")
    ),
    "nothing_to_change": Entry(
        Kind.REFUSED, gettext_noop("Choose who leaves, arrives or is replaced.")
    ),
    "player_in_two_teams": Entry(Kind.REFUSED, gettext_noop("A player can be in only one team.")),
    "player_twice": Entry(
        Kind.REFUSED,
        gettext_noop("A player can leave only once: either withdraw them or replace them."),
    ),
    "players_not_divisible": Entry(
        Kind.REFUSED,
        ngettext_lazy(
            "%(count)s player is not in a team, and cannot make a team of %(size)s: "
            "add or remove a player.",
            "%(count)s players are not in a team, which cannot be split into teams of %(size)s: "
            "add or remove a player.",
            "count",
        ),
    ),
    "reason_too_long": Entry(Kind.REFUSED, gettext_noop("Say why in at most %(max)s characters.")),
    "removal_not_confirmed": Entry(
        Kind.REFUSED,
        gettext_noop(
            # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with
            # the name's gender.
            "Removing %(name)s changes the rotation: look at GET players/%(id)s/removal and send "
            "its fingerprint."
        ),
    ),
    "rotation_invalid": Entry(
        Kind.REFUSED, gettext_noop("The seating engine returned an impossible round %(number)s.")
    ),
    "round_already_started": Entry(
        Kind.REFUSED, gettext_noop("Round %(number)s has already started.")
    ),
    "round_not_in_play": Entry(Kind.REFUSED, gettext_noop("Round %(number)s is not in play.")),
    # ---------------------------------------------------------------- rounds drawn one by one
    "draw_not_per_round": Entry(
        Kind.REFUSED,
        gettext_noop(
            "%(format)s is not drawn round by round: generate the rotation for the whole night."
        ),
    ),
    "draw_waits_for_results": Entry(
        Kind.REFUSED,
        ngettext_lazy(
            "Round %(number)s cannot be drawn yet: table %(tables)s has no confirmed result.",
            "Round %(number)s cannot be drawn yet: tables %(tables)s have no confirmed result.",
            "count",
        ),
    ),
    "draw_waits_for_results:disputed": Entry(
        Kind.REFUSED,
        ngettext_lazy(
            "Round %(number)s cannot be drawn while table %(tables)s is disputed: settle it first.",
            "Round %(number)s cannot be drawn while tables %(tables)s are disputed: "
            "settle them first.",
            "count",
        ),
    ),
    "drawn_not_planned": Entry(
        Kind.REFUSED,
        gettext_noop(
            "%(format)s is drawn round by round from the results: there is no rotation to "
            "generate or re-plan. Late arrivals and withdrawals change only the next draw."
        ),
    ),
    "draft_waiting": Entry(
        Kind.REFUSED,
        gettext_noop(
            "Round %(number)s is drawn and waiting to be published: publish it before "
            "drawing another."
        ),
    ),
    "night_over": Entry(
        Kind.REFUSED, gettext_noop("The night is over: there is no round left to draw.")
    ),
    "not_a_draft": Entry(
        Kind.REFUSED,
        gettext_noop("Round %(number)s is published: it can no longer be drawn again."),
    ),
    "redraw_used": Entry(
        Kind.REFUSED, gettext_noop("Round %(number)s has already been drawn again once.")
    ),
    "already_published": Entry(
        Kind.REFUSED, gettext_noop("Round %(number)s is already published.")
    ),
    "rounds_cannot_overlap": Entry(
        Kind.REFUSED,
        gettext_noop("%(refusal)s Only a teams event (fixed partners) may start a round early."),
    ),
    "bad_strategy": Entry(
        Kind.REFUSED,
        gettext_noop('Choose "fewest changes" or "best balance" for the remaining rounds.'),
    ),
    STALE_PREVIEW: Entry(
        Kind.CONFLICT,
        gettext_noop(
            "The tournament changed since this preview; look at the new preview and confirm."
        ),
    ),
    "stale_preview:removal": Entry(
        Kind.CONFLICT,
        gettext_noop(
            "The tournament changed since you were asked; look at what happens now and confirm."
        ),
    ),
    "team_incomplete": Entry(
        Kind.REFUSED,
        gettext_noop(
            # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with
            # the name's gender.
            "%(name)s plays in a team: withdraw the whole team, or bring in a substitute."
        ),
    ),
    "teams_incomplete": Entry(
        # Translators: %(names)s is one or more players, women or men: word it so that nothing
        # agrees with the names' gender.
        Kind.REFUSED,
        gettext_noop("Pair the teams first: %(names)s not in a team of %(size)s."),
    ),
    "teams_incomplete:before_change": Entry(
        Kind.REFUSED,
        gettext_noop("Every player must be in a complete team before the rotation changes."),
    ),
    "unknown_format": Entry(Kind.REFUSED, gettext_noop("There is no format called %(format)s.")),
    "unknown_variant": Entry(Kind.REFUSED, gettext_noop("There is no game called %(variant)s.")),
    "venue_too_long": Entry(
        Kind.REFUSED, gettext_noop("The venue is longer than %(max)s characters.")
    ),
    "bad_hands_per_round": Entry(Kind.REFUSED, limits.HANDS_PER_ROUND_MESSAGE),
    "bad_rounds_planned": Entry(Kind.REFUSED, limits.ROUNDS_PLANNED_MESSAGE),
    "too_many_players": Entry(Kind.REFUSED, limits.PLAYERS_LIMIT_MESSAGE),
    "complete_rotation_too_long": Entry(Kind.REFUSED, limits.COMPLETE_ROTATION_TOO_LONG_MESSAGE),
    # Events stored before the limits came down: they play on as drawn.
    "over_limit:rounds": Entry(
        Kind.REFUSED,
        gettext_noop(
            "This tournament is planned for %(rounds)s rounds, more than the %(most)s a "
            "rotation can be generated for: its rounds stay as they are and can be played; "
            "to generate it again, set the number of rounds to at most %(most)s."
        ),
    ),
    "over_limit:players": Entry(
        Kind.REFUSED,
        gettext_noop(
            "This tournament has %(count)s players, more than the %(most)s a rotation can "
            "be generated for: its rounds stay as they are and can be played, but the "
            "rotation cannot be generated again."
        ),
    ),
    "target_needs_game_rounds": Entry(Kind.REFUSED, limits.TARGET_NEEDS_GAME_MESSAGE),
    "import_failed": Entry(
        Kind.REFUSED, gettext_noop("Nothing was imported: fix the list and try again.")
    ),
    "round_started:players": Entry(
        Kind.REFUSED,
        gettext_noop(
            "The first round has started: add a player as a late arrival, "
            "or record a player who leaves, so the remaining rounds are re-planned."
        ),
    ),
    "round_started:replanning": Entry(
        Kind.REFUSED, gettext_noop("A round being re-planned has started.")
    ),
    "round_started:late": Entry(
        Kind.REFUSED,
        gettext_noop(
            "The first round has started: a player who comes now joins as a late arrival "
            "through the changes on the night."
        ),
    ),
    "round_started:rotation": Entry(
        Kind.REFUSED,
        gettext_noop(
            "A round has started, so the rotation cannot be made again; record who "
            "leaves or arrives to re-plan the remaining rounds."
        ),
    ),
    "round_started:settings": Entry(
        Kind.REFUSED,
        gettext_noop("The rules, format and rotation are fixed once the first round has started."),
    ),
    "previous_round_not_closed": Entry(
        Kind.REFUSED,
        ngettext_lazy(
            "Round %(number)s cannot start until round %(open)s is closed.",
            "Round %(number)s cannot start until rounds %(open)s are closed.",
            "count",
        ),
    ),
    # Why a name cannot be a new player: "bad_player:…" for a player added or imported,
    # "bad_new_player:…" for one joining on the night (clients see the code before ":").
    **{
        f"{code}:{why}": Entry(Kind.REFUSED, words)
        for code in ("bad_player", "bad_new_player")
        for why, words in {
            "name_empty": gettext_noop("The name is empty."),
            "name_too_long": ngettext_lazy(
                # Translators: %(name)s is any player, woman or man: word it so that nothing
                # agrees with the name's gender.
                "The name %(name)s is longer than %(max)s character.",
                "The name %(name)s is longer than %(max)s characters.",
                "count",
            ),
            # Translators: %(name)s is any player, woman or man: word it so that nothing
            # agrees with the name's gender.
            "name_taken": gettext_noop(
                "There is already a player called %(name)s in this tournament."
            ),
            # Translators: %(name)s is any player, woman or man: word it so that nothing
            # agrees with the name's gender.
            "name_repeated": gettext_noop("%(name)s is already on line %(line)s."),
            "no_fixed_teams": gettext_noop("%(format)s has no fixed teams; leave the team out."),
            "team_name_too_long": gettext_noop("The team name is longer than %(max)s characters."),
            "team_full": gettext_noop("Team %(team)s already has %(size)s players."),
            "no_names": gettext_noop("There are no names in the list."),
        }.items()
    },
    # ---------------------------------------------------------------- printing
    # Words a raise gave itself (PrintRequestError's older shape).
    "print_refused": Entry(Kind.REFUSED, gettext_noop("This cannot be printed.")),
    "print_refused:players_not_scorecards": Entry(
        Kind.REFUSED,
        gettext_noop("Choosing players only applies to scorecards; untick them to print this."),
    ),
    # One sentence for each unknown id (PlayersRefused joins them).
    "print_refused:unknown_players": Entry(
        Kind.REFUSED, gettext_noop("No player with id %(id)s in this tournament.")
    ),
    "print_unknown_kind": Entry(Kind.REFUSED, gettext_noop("Unknown kind of printout: %(kind)s.")),
    "print_bad_paper": Entry(Kind.REFUSED, gettext_noop("Paper must be A4 or US letter.")),
    "print_bad_per_page": Entry(
        Kind.REFUSED, gettext_noop("Scorecards print four or one to a page.")
    ),
    "print_no_rotation": Entry(
        Kind.REFUSED,
        gettext_noop("There is no rotation yet: generate the rotation before printing."),
    ),
    "print_no_published_round": Entry(
        Kind.REFUSED,
        gettext_noop("That round is not published yet: publish it before printing its seating."),
    ),
    "print_queue_full": Entry(
        Kind.TOO_MANY,
        gettext_noop(
            "You already have a printout being made and two waiting. Wait until one of "
            "them is ready, then ask for this one again."
        ),
    ),
    "printing_unavailable": Entry(
        Kind.UNAVAILABLE,
        gettext_noop(
            "Printing is unavailable right now: the print queue cannot be reached. Nothing "
            "was printed; try again in a few minutes, and tell the site's administrator if "
            "it goes on."
        ),
    ),
    "planning_unavailable": Entry(
        Kind.UNAVAILABLE,
        gettext_noop(
            "The re-plan cannot start right now: the work queue cannot be reached. Nothing "
            "was changed; try again in a few minutes, and tell the site's administrator if "
            "it goes on."
        ),
    ),
    # ---------------------------------------------------------------- scoring
    ALREADY_CONFIRMED: Entry(Kind.REFUSED, gettext_noop("This result is already confirmed.")),
    "already_confirmed:organiser_only": Entry(
        Kind.REFUSED, gettext_noop("This result is confirmed; only an organiser can change it now.")
    ),
    ALREADY_DISPUTED: Entry(
        Kind.REFUSED,
        gettext_noop("This result is already disputed: the organiser resolves it."),
    ),
    "bad_totals": Entry(
        Kind.REFUSED,
        ngettext_lazy(
            "Give one whole number of points for the %(count)s side.",
            "Give one whole number of points for each of the %(count)s sides.",
            "count",
        ),
    ),
    CONFLICT: Entry(
        Kind.CONFLICT,
        gettext_noop(
            "Someone else changed this table's result while you were entering yours. Nothing of "
            "yours was stored: check the result as it is now and enter your change again."
        ),
    ),
    "disputed": Entry(
        Kind.REFUSED,
        gettext_noop(
            "This result is disputed, so it cannot be confirmed here: the organiser resolves "
            "it, or the side that disputed it enters its own version."
        ),
    ),
    "disputed:own_version": Entry(
        Kind.REFUSED,
        gettext_noop(
            "This result is disputed: only the side that disputed it can enter its own "
            "version, from a seat link or with a card code. Otherwise the organiser resolves it."
        ),
    ),
    "dispute_no_proof": Entry(
        Kind.REFUSED,
        gettext_noop(
            "Say who disputes it: open your own seat link, or type the card code of a player "
            "of your side."
        ),
    ),
    "dispute_reason_missing": Entry(
        Kind.REFUSED, gettext_noop("Say in a few words what was played instead.")
    ),
    "dispute_reason_too_long": Entry(
        Kind.REFUSED, gettext_noop("Keep the reason short: at most %(max)s characters.")
    ),
    "duplicate_submission": Entry(
        Kind.CONFLICT, gettext_noop("This form was already sent; it was stored once.")
    ),
    "duplicate_submission:other_table": Entry(
        Kind.CONFLICT, gettext_noop("This form was already used for another table.")
    ),
    HANDS_ONLY: Entry(
        Kind.REFUSED,
        gettext_noop("This tournament is entered hand by hand: enter each hand, not the totals."),
    ),
    "needs_both_sides": Entry(
        Kind.REFUSED,
        gettext_noop(
            "Nobody proved which side entered this result, so a player of each side confirms it: "
            "add the card code of a player of the other side."
        ),
    ),
    "no_proof": Entry(
        Kind.REFUSED, gettext_noop("Type the card code of a player of the other side to confirm.")
    ),
    "not_at_table": Entry(Kind.REFUSED, gettext_noop("Choose your own seat at this table first.")),
    "not_finished": Entry(
        Kind.REFUSED, gettext_noop("There is no finished result at this table to confirm yet.")
    ),
    "not_finished:dispute": Entry(
        Kind.REFUSED, gettext_noop("There is no finished result at this table to dispute yet.")
    ),
    "not_disputed": Entry(
        Kind.REFUSED, gettext_noop("This result is not disputed: there is nothing to resolve.")
    ),
    "not_organiser": Entry(
        Kind.FORBIDDEN, gettext_noop("Only the organisers of this tournament can do that.")
    ),
    OWN_RESULT: Entry(
        Kind.REFUSED,
        gettext_noop("Your side entered this result, so the other side must confirm it."),
    ),
    "own_result:dispute": Entry(
        Kind.REFUSED,
        gettext_noop(
            "Your side entered this result, so it cannot dispute it: change the hands or the "
            "score instead."
        ),
    ),
    RESULT_CHANGED: Entry(
        Kind.CONFLICT,
        gettext_noop("The result changed since you looked at it: look again before confirming."),
    ),
    "round_closed": Entry(
        Kind.REFUSED,
        gettext_noop("This round is closed; results can no longer be entered or confirmed here."),
    ),
    "result_changed:dispute": Entry(
        Kind.CONFLICT,
        gettext_noop("The result changed since you looked at it: look again before disputing it."),
    ),
    "round_closed:dispute": Entry(
        Kind.REFUSED,
        gettext_noop(
            "This round is closed; a result can no longer be disputed. Ask the organiser."
        ),
    ),
    "round_not_started": Entry(Kind.REFUSED, gettext_noop("This round has not started yet.")),
    "tables_not_confirmed": Entry(
        Kind.REFUSED, gettext_noop("The round cannot close: %(tables)s not confirmed yet.")
    ),
    TABLES_DISPUTED: Entry(
        Kind.REFUSED,
        ngettext_lazy(
            "The round cannot close while a table is disputed: resolve table %(tables)s first.",
            "The round cannot close while tables are disputed: resolve tables %(tables)s first.",
            "count",
        ),
    ),
    TOTALS_ONLY: Entry(
        Kind.REFUSED,
        gettext_noop("This tournament is entered as totals: enter each side's points, not hands."),
    ),
    WRONG_CODE: Entry(
        Kind.REFUSED,
        gettext_noop("That is not the card code of a player of the other side at this table."),
    ),
    "wrong_code:each_side": Entry(
        Kind.REFUSED,
        gettext_noop("Those are not the card codes of one player of each side at this table."),
    ),
    "wrong_code:own_card": Entry(
        Kind.REFUSED,
        gettext_noop("That is not your card code: check the code on your player card."),
    ),
    "wrong_table_size": Entry(
        Kind.REFUSED,
        gettext_noop("This table has %(seats)s players but the game needs %(players)s."),
    ),
    "too_many_tries": Entry(
        Kind.TOO_MANY,
        gettext_noop("Too many wrong codes were typed here: wait a minute, then try again."),
    ),
    # ---------------------------------------------------------------- leagues
    "already_in_season": Entry(
        Kind.REFUSED, gettext_noop("This tournament already counts in a season.")
    ),
    "bad_best_of": Entry(
        Kind.REFUSED, gettext_noop("Count at least one night, or leave it empty.")
    ),
    "bad_merge": Entry(Kind.REFUSED, gettext_noop("Choose two different members of this season.")),
    "negative_bye_points": Entry(
        Kind.REFUSED, gettext_noop("A bye cannot score fewer than 0 points.")
    ),
    "negative_missed_points": Entry(
        Kind.REFUSED, gettext_noop("A missed night cannot score below 0.")
    ),
    "not_in_season": Entry(
        Kind.REFUSED, gettext_noop("That player or member is not in this season.")
    ),
    "unknown_bye_value": Entry(
        Kind.REFUSED, gettext_noop("That is not a choice for what a bye is worth.")
    ),
    "unknown_metric": Entry(Kind.REFUSED, gettext_noop("That is not a ranking metric.")),
    "unknown_missed_rule": Entry(
        Kind.REFUSED, gettext_noop("That is not a rule for a missed night.")
    ),
    "other_game": Entry(
        Kind.REFUSED,
        gettext_noop(
            "%(night)s is %(game)s (%(format)s); this season is for %(season_game)s "
            "(%(season_family)s)."
        ),
    ),
    "unknown_family": Entry(
        Kind.REFUSED,
        gettext_noop("Choose how the season ranks its players."),
    ),
    "no_such_format": Entry(
        Kind.REFUSED,
        gettext_noop(
            "No tournament format plays %(game)s as “%(family)s”: choose the other way of ranking."
        ),
    ),
    "bad_min_nights": Entry(
        Kind.REFUSED,
        gettext_noop("A member needs at least 1 night played to be ranked."),
    ),
    "played_that_night": Entry(
        Kind.REFUSED,
        gettext_noop(
            # Translators: %(member)s, %(other)s and %(player)s are any people, women or men: word
            # it so that nothing agrees with the names' gender.
            "%(member)s already played %(night)s as %(other)s, so %(player)s cannot "
            "be %(member)s too: one person has one result a night. Link %(other)s "
            "elsewhere first if the names were mixed up."
        ),
    ),
    "both_played": Entry(
        Kind.REFUSED,
        gettext_noop(
            # Translators: %(keep)s, %(drop)s, %(keep_player)s and %(drop_player)s are any people,
            # women or men: word it so that nothing agrees with the names' gender.
            "%(keep)s and %(drop)s both played %(night)s (as %(keep_player)s and "
            "%(drop_player)s): they are two people, so they cannot be merged."
        ),
    ),
}


def entry(key: str) -> Entry:
    """The key's entry; a key nobody entered yet is refused like a bad request."""
    if key in CATALOG:
        return CATALOG[key]
    if key.startswith(ROTATION_PREFIX):
        # Every rotation engine code is said the same way around the engine's own
        # sentence, so the catalog lists none of them (and imports no engine).
        return Entry(Kind.REFUSED, SEATING_REFUSED)
    return Entry(Kind.REFUSED, key)
