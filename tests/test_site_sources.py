"""A source mjref knows only through another's quotation is shown as such (issue 16)."""

from __future__ import annotations

from .site_support import text_of


def test_a_quoted_source_says_whose_quotation_it_rests_on(site):
    # Exp2007, the 2007 Explanation, is unpublished: the project knows it through Starbäck's quotations.
    data = site.json("/sources/Exp2007.json")
    assert data["source"]["quoted_by"] == "Starback2008"
    page = site.get("/sources/Exp2007").text
    assert 'href="/sources/Starback2008"' in page and "known through" in text_of(page)


def test_a_source_read_directly_says_nothing_of_the_kind(site):
    assert site.json("/sources/Starback2008.json")["source"]["quoted_by"] is None
    assert "known through" not in text_of(site.get("/sources/Starback2008").text)


def test_a_citation_of_a_quoted_source_names_the_quoting_one(site):
    page = site.get("/rulings/seven-pairs-tile-hog").text  # cites Exp2007 I.6, as Starbäck quotes it
    assert "(as quoted by" in text_of(page)
