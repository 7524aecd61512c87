from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import PrintJob, Tournament


class PrintForm(forms.Form):
    # Standings are printed from the standings page, which hands over its rows.
    kind = forms.ChoiceField(
        label=_("What to print"),
        choices=[
            (PrintJob.Kind.SCORECARDS, _("Scorecards, one for each player")),
            (PrintJob.Kind.TABLE_CARDS, _("Table cards, with the QR code for entering results")),
            (
                PrintJob.Kind.ROTATION_CHART,
                _("Rotation chart for the wall: each player's table and seat every round"),
            ),
            (
                PrintJob.Kind.FIND_YOUR_SEAT,
                _("“Find your seat” sheets for the door, one for each round"),
            ),
        ],
        initial=PrintJob.Kind.SCORECARDS,
        widget=forms.RadioSelect,
    )
    paper = forms.ChoiceField(
        label=_("Paper"),
        choices=[("a4", _("A4")), ("letter", _("US letter"))],
        initial="a4",
        widget=forms.RadioSelect,
    )
    per_page = forms.TypedChoiceField(
        label=_("Scorecards per page"),
        choices=[(4, _("Four to a page, with cut lines")), (1, _("One to a page"))],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
    )
    # A night drawn round by round prints each round's sheets once it is published.
    round = forms.TypedChoiceField(
        label=_("Door sheets: which round"),
        choices=[],
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )
    # A late arrival, a substitute or a spoilt card: reprint only some scorecards.
    players = forms.ModelMultipleChoiceField(
        label=_("Only these players' scorecards"),
        help_text=_("Leave every box empty to print a scorecard for each player."),
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = tournament.players.filter(active=True).order_by(
            "name", "pk"
        )
        published = tournament.rounds.filter(published=True).order_by("number")
        self.fields["round"].choices = [("", _("Every published round"))] + [
            (number, _("Round %(number)s") % {"number": number})
            for number in published.values_list("number", flat=True)
        ]
        self.fields["round"].initial = ""

    # Whether players can be chosen for this kind of printout is request_print's rule;
    # the view puts its refusal under this field.

    @property
    def choosing_players(self) -> bool:
        """Whether the player choice should show open: some are ticked or in error."""
        chosen = self["players"].value() or []
        return bool(chosen) or bool(self.errors.get("players"))
