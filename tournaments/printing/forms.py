from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import PrintJob


class PrintForm(forms.Form):
    # Standings are printed from the standings page, which hands over its rows.
    kind = forms.ChoiceField(
        label=_("What to print"),
        choices=[
            (PrintJob.Kind.SCORECARDS, _("Scorecards, one for each player")),
            (PrintJob.Kind.TABLE_CARDS, _("Table cards, with the QR code for entering results")),
            (PrintJob.Kind.ROTATION_CHART, _("Rotation chart for the wall")),
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
