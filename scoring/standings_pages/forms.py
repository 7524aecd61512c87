"""The organiser's choice of a night's ranking order and what a bye is worth."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import METRIC_LABELS, StandingsSettings
from scoring.standings import Metric

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
