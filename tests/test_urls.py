"""The site's URL makers (web/urls.py): the query a link carries is what ``urlencode`` writes, made faster."""

from __future__ import annotations

import random
import string
from urllib.parse import parse_qsl, urlencode

from web.urls import page_urls, query_string


def test_query_string_is_urlencode_for_every_character() -> None:
    # Every ASCII character and a few beyond it (Chinese, an accent, a no-break space), in seeded random keys and
    # values: the table of escapes must write exactly what urlencode (quote_plus) writes.
    rng = random.Random(33)
    alphabet = string.printable + "四归一é\u00a0"
    for _ in range(3000):
        params = {
            "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4))): "".join(
                rng.choice(alphabet) for _ in range(rng.randint(0, 40))
            )
            for _ in range(rng.randint(1, 3))
        }
        assert query_string(params) == urlencode(params)
        assert dict(parse_qsl(query_string(params), keep_blank_values=True)) == params


class _Urls:
    """Datasette's URL builder as the makers use it: ``path`` puts the site's base_url before a path."""

    def __init__(self, base: str) -> None:
        self.base = base

    def path(self, path: str) -> str:
        return self.base + path.lstrip("/")


def test_score_links_keep_base_url_and_language() -> None:
    hand = "[123m,1]456p789s5s5s|EW1000"
    makers = page_urls(_Urls("/mj/"), "zh")
    url = makers["score_url"]({"hand": hand, "profile": "green-book", "claim": ""})
    assert url == "/mj/zh/-/score?hand=%5B123m%2C1%5D456p789s5s5s%7CEW1000&profile=green-book"  # empty values left out
    assert makers["score_url"]() == "/mj/zh/-/score"
