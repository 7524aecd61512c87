"""Forms for the organiser pages. They parse and check shapes only: whether a
combination of rules or a seating change is allowed is the services' call, and
their DomainError lands on the form as a non-field error."""

from __future__ import annotations

import base64
import binascii
from collections import defaultdict

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

from core import limits
from core.limits import HANDS_PER_ROUND_MESSAGE, ROUNDS_PLANNED_MESSAGE, TARGET_NEEDS_GAME_MESSAGE
from scoring.engine.rules import (
    DEFENDER_ALONE_CHOICES,
    OPTION_LABELS,
    OPTION_NAMES,
    TARGETS,
    VARIANTS,
)

from . import encodings
from .models import Player, Tournament, format_choices

BOOLEAN_OPTIONS = (
    "stick_the_dealer",
    "super_euchre",
    "dealer_partner_alone",
    "no_loner_after_pass",
    "two_of_spades_benny",
    "almonte_joker",
)

DECK_LABELS = {
    24: _("24 cards (9 to ace)"),
    25: _("25 cards (24 and the Benny)"),
    32: _("32 cards (7 to ace)"),
    33: _("33 cards (32 and the Benny)"),
    50: _("50 cards (two 25-card packs)"),
}

DEFENDER_ALONE_LABELS = {
    "allowed": _("Allowed"),
    "never": _("Never"),
    "vs_lone_maker": _("Only against a lone maker"),
}

# The engine's own table of packs per game, so the help never drifts from what it accepts.
DECKS_BY_VARIANT = {name: spec.decks for name, spec in VARIANTS.items()}


def _range_messages(message) -> dict:
    """One plain sentence for a number out of range, whichever end it is past."""
    return {"min_value": message, "max_value": message}


def _at_most_or(most: int, kept: int):
    def check(value: int | None) -> None:
        if value is not None and value > most and value != kept:
            raise forms.ValidationError(
                limits.filled_lazy(ROUNDS_PLANNED_MESSAGE, {"most": most}), code="max_value"
            )

    return check


class DateInput(forms.DateInput):
    input_type = "date"


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=limits.TOURNAMENT_NAME_MAX)
    date = forms.DateField(label=_("Date"), widget=DateInput(format="%Y-%m-%d"))
    venue = forms.CharField(label=_("Venue"), max_length=limits.VENUE_MAX, required=False)
    variant = forms.ChoiceField(label=_("Game"), choices=Tournament.Variant.choices)
    format = forms.ChoiceField(label=_("Format"), choices=format_choices)
    round_play = forms.ChoiceField(
        label=_("A round is"),
        choices=Tournament.RoundPlay.choices,
        initial=Tournament.RoundPlay.HANDS,
        widget=forms.RadioSelect,
    )
    hands_per_round = forms.IntegerField(
        label=_("Hands per round"),
        # 0 passes here for a one-game round, which does not use the count; clean() asks
        # for at least one hand when a round is a number of hands.
        min_value=0,
        max_value=limits.MAX_HANDS_PER_ROUND,
        initial=8,
        help_text=_("Used when a round is a fixed number of hands."),
        error_messages=_range_messages(
            limits.filled_lazy(
                HANDS_PER_ROUND_MESSAGE,
                {"least": limits.MIN_HANDS_PER_ROUND, "most": limits.MAX_HANDS_PER_ROUND},
            )
        ),
    )
    entry_mode = forms.ChoiceField(
        label=_("Results are entered"),
        choices=Tournament.EntryMode.choices,
        initial=Tournament.EntryMode.HANDS,
        widget=forms.RadioSelect,
    )
    hand_entry = forms.ChoiceField(
        label=_("Hand entry"),
        choices=Tournament.HandEntry.choices,
        initial=Tournament.HandEntry.OUTCOME,
        required=False,
        widget=forms.RadioSelect,
        help_text=_("Used when results are entered hand by hand."),
    )
    rounds_planned = forms.IntegerField(
        label=_("Number of rounds"),
        min_value=1,
        max_value=limits.MAX_ROUNDS,
        required=False,
        error_messages=_range_messages(
            limits.filled_lazy(ROUNDS_PLANNED_MESSAGE, {"most": limits.MAX_ROUNDS})
        ),
        help_text=limits.ROUNDS_PLANNED_HELP,
    )
    seed = forms.IntegerField(
        label=_("Rotation seed"),
        min_value=0,
        max_value=limits.MAX_SEED,
        initial=0,
        required=False,
        help_text=_("Another number gives another seating with the same players."),
    )

    stick_the_dealer = forms.BooleanField(
        label=_(OPTION_LABELS["stick_the_dealer"]),
        required=False,
        help_text=_("When everyone passes twice, the dealer must name trump."),
    )
    defender_alone = forms.ChoiceField(
        label=_(OPTION_LABELS["defender_alone"]),
        choices=[(c, DEFENDER_ALONE_LABELS[c]) for c in DEFENDER_ALONE_CHOICES],
        initial="allowed",
        help_text=_("Allowed, never, or only against a maker who goes alone."),
    )
    super_euchre = forms.BooleanField(
        label=_(OPTION_LABELS["super_euchre"]),
        required=False,
        help_text=_("Makers who take no trick give the defenders 4 points."),
    )
    dealer_partner_alone = forms.BooleanField(
        label=_(OPTION_LABELS["dealer_partner_alone"]),
        required=False,
        help_text=_("The dealer's partner who orders up must play alone (North American only)."),
    )
    no_loner_after_pass = forms.BooleanField(
        label=_(OPTION_LABELS["no_loner_after_pass"]),
        required=False,
        help_text=_(
            # Translators: "bidding round": the bidding round (1: the turn-up's suit, 2: any
            # other suit), not the tournament round.
            "A player who passed in the bidding round in which trump was made may not go alone."
        ),
    )
    two_of_spades_benny = forms.BooleanField(
        label=_(OPTION_LABELS["two_of_spades_benny"]),
        required=False,
        help_text=_(
            "For a pack with no joker: the two of spades is the Benny, and a turned-up 2S "
            "is the Benny (British and six-handed, packs with the Benny)."
        ),
    )
    almonte_joker = forms.BooleanField(
        label=_(OPTION_LABELS["almonte_joker"]),
        required=False,
        help_text=_(
            "Six-handed as played in Almonte: when the Benny is turned up the dealer names "
            "trump, the other five may order it up, and if all pass the dealer must take it."
        ),
    )
    target = forms.TypedChoiceField(
        label=_(OPTION_LABELS["target"]),
        choices=[("", _("The game's usual target"))] + [(t, str(t)) for t in TARGETS],
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("Points that win a game: 10, 11 or 15. Only for rounds of one game."),
    )
    deck = forms.TypedChoiceField(
        label=_(OPTION_LABELS["deck"]),
        choices=[("", _("The game's usual pack"))] + list(DECK_LABELS.items()),
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("Which packs a game allows depends on the game (see below)."),
    )

    # One form field per rule option the engine knows, in the engine's order.
    OPTION_FIELDS = OPTION_NAMES
    fixed_reasons: list[str] = []
    replanning_reasons: list[str] = []

    @classmethod
    def initial_for(cls, tournament: Tournament) -> dict:
        initial = {
            "name": tournament.name,
            "date": tournament.date,
            "venue": tournament.venue,
            "variant": tournament.variant,
            "format": tournament.format,
            "round_play": tournament.round_play,
            "hands_per_round": tournament.hands_per_round,
            "entry_mode": tournament.entry_mode,
            "hand_entry": tournament.hand_entry,
            "rounds_planned": tournament.rounds_planned,
            "seed": tournament.seed,
        }
        for name in cls.OPTION_FIELDS:
            if name in tournament.options:
                initial[name] = tournament.options[name]
        return initial

    def clean(self):
        data = super().clean()
        if data.get("round_play") == Tournament.RoundPlay.HANDS:
            hands = data.get("hands_per_round")
            if hands is not None and hands < limits.MIN_HANDS_PER_ROUND:
                self.add_error(
                    "hands_per_round", self.fields["hands_per_round"].error_messages["min_value"]
                )
            # The target of a round that ends after its hands would be stored and ignored.
            if data.get("target"):
                self.add_error("target", TARGET_NEEDS_GAME_MESSAGE)
        return data

    def options(self) -> dict:
        """Only what the organiser switched away from the game's defaults.

        An unticked box is left out rather than sent as false: British Euchre
        always plays the Canadian loner, and the engine refuses an explicit false there.
        """
        data = self.cleaned_data
        options: dict[str, object] = {name: True for name in BOOLEAN_OPTIONS if data.get(name)}
        if data.get("defender_alone") and data["defender_alone"] != "allowed":
            options["defender_alone"] = data["defender_alone"]
        for name in ("target", "deck"):
            if data.get(name) is not None:
                options[name] = data[name]
        return options

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "date": data["date"],
            "venue": data["venue"],
            "variant": data["variant"],
            "options": self.options(),
            "format": data["format"],
            "round_play": data["round_play"],
            "hands_per_round": data["hands_per_round"],
            "entry_mode": data["entry_mode"],
            "hand_entry": data.get("hand_entry") or Tournament.HandEntry.OUTCOME,
            "rounds_planned": data["rounds_planned"],
            "seed": data["seed"] or 0,
        }

    def option_fields(self):
        return [self[name] for name in self.OPTION_FIELDS]

    def keep_stored_rounds(self, stored: int | None) -> None:
        """Accept the stored number of rounds unchanged even past MAX_ROUNDS: an event
        planned before the limit came down keeps its other settings editable."""
        if stored is None or stored <= limits.MAX_ROUNDS:
            return
        field = self.fields["rounds_planned"]
        field.validators = [v for v in field.validators if not isinstance(v, MaxValueValidator)] + [
            _at_most_or(limits.MAX_ROUNDS, stored)
        ]
        field.widget.attrs["max"] = stored

    def show_fixed(self, fixed: dict[str, str], replanning: dict[str, str]) -> None:
        """Show the settings the service says can no longer change as read-only, and
        warn on those whose change discards the planned rotation.

        `fixed` and `replanning` map tournament settings (the service's names, rule
        options as "options") to the reason. A disabled field keeps its stored
        value whatever a stale page posts.
        """
        self.fixed_reasons = sorted(set(fixed.values()))
        self.replanning_reasons = sorted(set(replanning.values()))
        for setting in fixed:
            for name in self.OPTION_FIELDS if setting == "options" else (setting,):
                if name in self.fields:
                    self.fields[name].disabled = True
        for setting in replanning:
            if setting in self.fields and setting not in fixed:
                self.fields[setting].widget.attrs["data-replans"] = "true"


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Player's name"), max_length=limits.PLAYER_NAME_MAX)
    team_name = forms.CharField(
        label=_("Team"),
        max_length=limits.TEAM_NAME_MAX,
        required=False,
        help_text=_("Optional: players given the same team name play as one team."),
    )


class ImportPlayersForm(forms.Form):
    text = forms.CharField(
        label=_("Paste a list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("One player a line. Optionally a comma and a team name: “Ann Smith, Aces”."),
    )
    file = forms.FileField(
        label=_("Or upload a CSV file"),
        required=False,
        help_text=_(
            "Same layout: name, then optionally the team, one player a row. You see the"
            " names before they are imported."
        ),
    )

    MAX_UPLOAD = 256 * 1024

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > self.MAX_UPLOAD:
                raise forms.ValidationError(_("That file is too large for a list of players."))
            # Bytes, not text: which encoding they are in is guessed, shown and confirmed.
            data["upload"] = upload.read()
        elif not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Paste at least one name or choose a file."))
        else:
            data["upload"] = None
        return data


class ImportPreviewForm(forms.Form):
    """An uploaded list on its way from the preview: its bytes (carried in the page,
    so nothing is kept on the server before the organiser confirms), the encoding the
    preview showed it in, and the one to read it in next."""

    content = forms.CharField(widget=forms.HiddenInput, strip=False)
    shown = forms.ChoiceField(widget=forms.HiddenInput, choices=list(encodings.ENCODINGS.items()))
    encoding = forms.ChoiceField(
        label=_("Read the file as"), choices=list(encodings.ENCODINGS.items())
    )

    def clean_content(self) -> bytes:
        try:
            raw = base64.b64decode(self.cleaned_data["content"], validate=True)
        except (binascii.Error, ValueError):
            raise forms.ValidationError(
                _("The file was damaged on its way back from the preview: upload it again.")
            ) from None
        if len(raw) > ImportPlayersForm.MAX_UPLOAD:
            raise forms.ValidationError(_("That file is too large for a list of players."))
        return raw

    @staticmethod
    def carrying(data: bytes, encoding: str) -> ImportPreviewForm:
        text = base64.b64encode(data).decode("ascii")
        return ImportPreviewForm(initial={"content": text, "shown": encoding, "encoding": encoding})


class PairTeamsForm(forms.Form):
    """One select per player: the team number they belong to."""

    def __init__(self, *args, players: list[Player], team_size: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        self.team_size = team_size
        teams = max(1, -(-len(players) // team_size))
        choices = [("", "—")] + [(n, str(n)) for n in range(1, teams + 1)]
        for player in players:
            self.fields[f"team_{player.pk}"] = forms.TypedChoiceField(
                label=player.name, choices=choices, coerce=int, required=True
            )

    def player_fields(self):
        return [(player, self[f"team_{player.pk}"]) for player in self.players]

    def groups(self) -> list[list[Player]]:
        by_number: dict[int, list[Player]] = defaultdict(list)
        for player in self.players:
            by_number[self.cleaned_data[f"team_{player.pk}"]].append(player)
        return [by_number[n] for n in sorted(by_number)]


class ChangeForm(forms.Form):
    """Changes on the night: who leaves, who arrives, who takes whose place."""

    withdraw = forms.ModelMultipleChoiceField(
        label=_("Withdraw"),
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Players leaving: they are taken out of the rounds still to play."),
    )
    arrive = forms.CharField(
        label=_("Late arrivals"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One new player a line: they join the rounds still to play."),
    )
    substitute_out = forms.ModelChoiceField(
        label=_("Substitute: player who leaves"),
        queryset=Player.objects.none(),
        required=False,
    )
    substitute_in = forms.CharField(
        label=_("Substitute: name of the player who takes the seat"),
        max_length=limits.PLAYER_NAME_MAX,
        required=False,
    )
    # The preview offers two plans; the organiser confirms one of them.
    strategy = forms.ChoiceField(
        label=_("Plan"),
        choices=[("fewest", _("Fewest changes")), ("balance", _("Best balance"))],
        required=False,
        error_messages={
            "invalid_choice": _(
                'Choose "fewest changes" or "best balance" for the remaining rounds.'
            )
        },
    )
    # Each plan's fingerprint from the preview, sent back on confirm so what is applied
    # is what was shown. `fingerprint` alone still works for a single plan.
    fingerprint = forms.CharField(required=False, widget=forms.HiddenInput)
    fingerprint_fewest = forms.CharField(required=False, widget=forms.HiddenInput)
    fingerprint_balance = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        active = tournament.players.filter(active=True).order_by("name")
        self.fields["withdraw"].queryset = active
        self.fields["substitute_out"].queryset = active

    def clean(self):
        data = super().clean()
        names = [line.strip() for line in (data.get("arrive") or "").splitlines()]
        data["arrive_names"] = [name for name in names if name]
        out, new_name = data.get("substitute_out"), (data.get("substitute_in") or "").strip()
        if bool(out) != bool(new_name):
            raise forms.ValidationError(
                _("For a substitute, choose the player who leaves and type the new name.")
            )
        data["substitute"] = {out: new_name} if out else {}
        if not (data.get("withdraw") or data["arrive_names"] or data["substitute"]):
            raise forms.ValidationError(_("Choose at least one change."))
        return data

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {
            "withdraw": list(data["withdraw"]),
            "arrive": data["arrive_names"],
            "substitute": data["substitute"] or None,
        }

    def clean_strategy(self) -> str:
        return self.cleaned_data.get("strategy") or "fewest"

    def expected_fingerprint(self) -> str | None:
        """The fingerprint of the plan the organiser chose, if the preview sent one."""
        data = self.cleaned_data
        return data.get(f"fingerprint_{data['strategy']}") or data.get("fingerprint") or None


class CoOrganiserForm(forms.Form):
    username = forms.CharField(label=_("User name of the co-organiser"), max_length=150)
