"""The score page's tile keyboard markup, its link and QR code, and the worked examples' totals per profile."""

from __future__ import annotations

import re

from scorer import score
from scorer.profiles import builtin_names, load_profile

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
CODES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


def test_the_keyboard_has_a_button_per_tile_kind_with_its_code(site):
    page = site.get("/-/score").text
    assert re.findall(r'<button type="button" class="key tile tile-\w" data-tile="([^"]+)"', page) == CODES
    assert re.search(r'<details class="keyboard" id="keyboard" hidden', page)  # inert until keyboard.js shows it


def test_a_scored_page_shares_its_address_as_a_link_and_a_qr_code(site):
    r = site.get("/-/score", params={"hand": HAND})
    address = f"http://localhost/-/score?{r.request.url.query.decode()}"
    assert f'value="{address}"' in r.text and f'data-url="{address}"' in r.text
    # The QR code is its own image, drawn only when a reader opens it, so the page itself stays cheap.
    img = re.search(r'<details class="qr">.*?<img src="([^"]+)"[^>]*loading="lazy"', r.text, re.S)
    assert img and img.group(1).startswith("/-/qr.svg?page=")
    code = site.get(img.group(1).replace("&amp;", "&"))
    assert code.status_code == 200 and code.headers["content-type"].startswith("image/svg+xml")
    title = re.search(
        r'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 (\d+) \1" class="qr-code"><title>([^<]+)</title>',
        code.text,
    )
    assert title and title.group(2) == address.replace("&", "&amp;")
    assert site.get("/-/score").text.count('class="qr"') == 0  # nothing to share before a hand is scored


def test_the_qr_route_draws_only_score_pages_of_this_site(site):
    assert site.get("/-/qr.svg", params={"page": "https://evil.example/"}).status_code == 400
    assert site.get("/-/qr.svg", params={"page": "/rulings/kong-table"}).status_code == 400
    assert site.get("/-/qr.svg").status_code == 400


def test_a_forged_host_stays_out_of_the_page_others_get(site):
    params = {"hand": "123m456m789m123p55s"}
    forged = site.get("/-/score", params=params, headers={"host": "evil.example"})
    assert "http://evil.example/-/score" in forged.text
    assert "evil.example" not in site.get("/-/score", params=params).text


def test_worked_examples_carry_their_total_under_every_profile(site):
    data = site.json("/rulings/kong-table.json")
    mcr = [n for n in builtin_names() if load_profile(n).ruleset == "mcr"]
    for e in data["examples"]:
        assert list(e["totals"])[0] == "green-book" and sorted(e["totals"]) == sorted(mcr)
        assert e["totals"][e["profile"]] == e["expected_total"]
        assert all(total == score(e["canonical"], profile=p).total for p, total in e["totals"].items())
    page = site.get("/rulings/kong-table").text
    # One card a hand, each example's result in it (issue 37): 46 examples of 30 hands.
    assert page.count('<div class="example">') == len({e["canonical"] for e in data["examples"]}) == 30
    assert page.count('<li class="example-result" id="example-') == len(data["examples"]) == 46
