from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.dates import day
from tournaments.models import Player, Tournament

from .models import Member, Season


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = [
            "name",
            "variant",
            "family",
            "best_of",
            "missed_night",
            "missed_night_points",
            "min_nights",
        ]
        widgets = {"missed_night": forms.RadioSelect, "family": forms.RadioSelect}
        help_texts = {
            "variant": _("Only nights of this game can be added."),
            "family": _(
                "Fixed teams: nights where a team stays together all evening; each of its "
                "players gets the team's result. Each player for themselves: all other "
                "nights."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The model refuses 0 (MinValueValidator(1)); the browser's number box should
        # not offer it, as the positive field's own minimum of 0 would.
        for name in ("best_of", "min_nights"):
            self.fields[name].widget.attrs["min"] = 1


class AddNightForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=_("Tournament night"), queryset=Tournament.objects.none()
    )

    def __init__(self, *args, tournaments, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments
        # Dated as in the list of nights above it, not "2026-12-01".
        self.fields["tournament"].label_from_instance = lambda t: f"{t.name} ({day(t.date)})"


class LinkPlayerForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    member = forms.ModelChoiceField(label=_("is the member"), queryset=Member.objects.none())

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            tournament__season_night__season=season
        ).select_related("tournament")
        self.fields["player"].label_from_instance = lambda p: (
            f"{p.name} — {p.tournament.name} ({day(p.tournament.date)})"
        )
        self.fields["member"].queryset = Member.objects.filter(season=season)


class MergeMembersForm(forms.Form):
    keep = forms.ModelChoiceField(label=_("Keep"), queryset=Member.objects.none())
    drop = forms.ModelChoiceField(label=_("and merge into it"), queryset=Member.objects.none())

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        members = Member.objects.filter(season=season)
        self.fields["keep"].queryset = members
        self.fields["drop"].queryset = members
