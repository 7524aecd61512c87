"""The first encoding an uploaded list is shown in: UTF-8 whenever it reads, else the
cleanest decodings, with the reader's languages breaking a tie."""

from __future__ import annotations

import pytest

from tournaments.encodings import guess_encoding

MIXED = "John Smith\nMary Jones\nŁukasz Nowak\nPeter Brown\nAnn Lee\nTom Hall\n"
POLISH = (
    "Łukasz Nowak\nZofia Wójcik\nKrzysztof Dąbrowski\nAgnieszka Lewandowska\n"
    "Małgorzata Kamińska\nPaweł Zieliński\nŚwiętosław Źdźbło\n"
)
WESTERN = "Nicolò Rossi\nJoão Silva\nFrançois Côté\nAnn Lee\n"
CHINESE = "张伟\n王芳\n李娜\n刘洋\n陈静\n"


@pytest.mark.parametrize("languages", [["pl"], ["en"], ["it"], ["pt-br"], []])
def test_utf8_is_taken_whenever_the_bytes_read_as_utf8(languages):
    assert guess_encoding(MIXED.encode("utf-8"), languages) == "utf-8"
    assert guess_encoding(MIXED.encode("utf-8-sig"), languages) == "utf-8"


@pytest.mark.parametrize(
    ("languages", "expected"),
    [(["pl"], "cp1250"), (["en"], "cp1252"), (["it"], "cp1252"), (["pt-br"], "cp1252")],
)
def test_the_pages_language_picks_among_equally_clean_single_byte_readings(languages, expected):
    # Windows-1250 and Windows-1252 both read this short file cleanly.
    assert guess_encoding(MIXED.encode("cp1250"), languages) == expected


def test_a_language_does_not_override_a_clearly_cleaner_reading():
    # ISO-8859-2 Polish read as Windows-1250 shows "¶" for "ś": not a tie.
    assert guess_encoding(POLISH.encode("iso8859-2"), ["pl"]) == "iso8859-2"


def test_a_western_file_on_an_italian_page_reads_as_windows_1252():
    assert guess_encoding(WESTERN.encode("cp1252"), ["it"]) == "cp1252"


def test_the_browsers_languages_count_after_the_pages():
    assert guess_encoding(CHINESE.encode("gb18030"), ["en", "zh-cn", "zh"]) == "gb18030"


def test_a_utf16_file_with_its_byte_order_mark_reads_as_utf16():
    assert guess_encoding(MIXED.encode("utf-16"), ["en"]) == "utf-16"
