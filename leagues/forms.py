from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.standings import Metric
from tournaments.dates import day
from tournaments.models import Player, Tournament

from .models import METRIC_LABELS, Member, Season, StandingsSettings

# One select per place in the order: works with a thumb, no drag and drop needed.
METRIC_SLOTS = len(Metric)
ORDINALS = [
    _("Ranked first by"),
    _("Then by"),
    _("Then by"),
    _("Then by"),
    _("Then by"),
    _("Then by"),
    _("Then by"),
]


class StandingsSettingsForm(forms.Form):
    bye_value = forms.ChoiceField(
        label=_("A bye is worth"),
        choices=StandingsSettings.ByeWorth.choices,
        widget=forms.RadioSelect,
    )
    bye_points = forms.IntegerField(
        label=_("Points for a bye"),
        min_value=0,
        max_value=999,
        required=False,
        help_text=_("Used when a bye is worth a fixed score."),
    )

    def __init__(self, *args, initial_metrics=(), offered=tuple(Metric), **kwargs):
        super().__init__(*args, **kwargs)
        # `offered`: the metrics the tournament's game can produce (no loners two-handed).
        choices = [("", _("— nothing more —"))] + [
            (metric.value, METRIC_LABELS[metric]) for metric in offered
        ]
        for index in range(METRIC_SLOTS):
            name = f"metric_{index}"
            self.fields[name] = forms.ChoiceField(
                label=ORDINALS[index], choices=choices, required=index == 0
            )
            if index < len(initial_metrics):
                self.initial.setdefault(name, initial_metrics[index].value)

    @property
    def metric_fields(self):
        return [self[f"metric_{index}"] for index in range(METRIC_SLOTS)]

    def clean(self):
        cleaned = super().clean()
        chosen = [cleaned.get(f"metric_{i}") for i in range(METRIC_SLOTS)]
        metrics = [m for m in chosen if m]
        if len(set(metrics)) != len(metrics):
            raise forms.ValidationError(_("Each metric can appear only once in the order."))
        cleaned["metrics"] = metrics
        if cleaned.get("bye_points") is None:
            cleaned["bye_points"] = 0
        return cleaned


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
