"""Standings and results as files to download: a night's here, a season's in leagues."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.urls import register_converter
from django.utils.text import slugify

from .csv_export import csv_text


class ExportFormat:
    """The file type in a download's address: `standings.csv`, `results.json`."""

    regex = "csv|json"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ExportFormat, "export")


def csv_download(filename: str, header: list[str], rows: list[list[object]]) -> HttpResponse:
    response = HttpResponse(csv_text(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


def json_download(filename: str, document: dict) -> JsonResponse:
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


def file_stem(name: str, fallback: str) -> str:
    """The name as a file name; `fallback` when nothing of it survives (all symbols)."""
    return slugify(name) or fallback
