"""Forms of the organiser's one-step fixes of the night (tournaments.night_views)."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import Player, Round

NOT_IN_ROUND = {"invalid_choice": _("Choose a player of this round.")}


class SwapSeatsForm(forms.Form):
    """Two players of a round in play who sat in each other's seats."""

    first = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=_("This player"),
        empty_label=_("Choose…"),
        error_messages=NOT_IN_ROUND,
    )
    second = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=_("sat in the seat of"),
        empty_label=_("Choose…"),
        error_messages=NOT_IN_ROUND,
    )

    def __init__(self, *args, round: Round, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        in_round = Player.objects.filter(
            Q(seats__table__round=round) | Q(byes__round=round), tournament_id=round.tournament_id
        ).distinct()
        for name in ("first", "second"):
            self.fields[name].queryset = in_round.order_by("name")

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different players."))
        return data
