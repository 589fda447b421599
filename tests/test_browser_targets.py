"""Every control a thumb uses is at least 44 px tall, on every kind of page, in both languages (issue 37).

Playwright at 390×844 with touch against ``mjref serve``. Measured: buttons, inputs, selects, fold-out
headings (summary), a checkbox's label (the target a thumb hits, the box itself may be small) and links
that stand on their own. Exempt, as WCAG 2.5.8 exempts them: a link inside a sentence (its paragraph
says more than the link, or it is running text: a ruling's body, a citation, a table's cell). Links in a list of links
count: each is a row a thumb picks. Tile keys must be 44 px tall; nine share a row, so they may be narrower.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

import pytest

from .site_support import BABCOCK_TABLE, watched_page
from .test_browser import pytestmark  # noqa: F401
from .test_browser_phone import PHONE

TALL = 44  # px, the house's least height for a control

# The controls too short on the page, as (what, text, height); script run in the page.
MEASURE = """(TALL) => {
  const inSentence = (a) => {
    const prose = '.body, .answer, .question, ul.citations, details.notation, '
      + 'td, dd, blockquote, figcaption, caption, h1, h2, h3';
    if (a.closest(prose)) return true;
    const block = a.closest('p');
    return block !== null && block.textContent.trim().length > a.textContent.trim().length + 3;
  };
  const target = (el) => {
    if (el.matches('input[type=checkbox], input[type=radio]')) return el.closest('label') || el;
    return el;
  };
  const seen = new Set(), short = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    if (el.matches('a') && inSentence(el)) continue;
    const t = target(el);
    if (seen.has(t)) continue;
    seen.add(t);
    const box = t.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || !t.checkVisibility()) continue;
    const what = t.tagName + (t.className ? '.' + t.className : '');
    const text = (t.textContent || t.name || '').trim().slice(0, 30);
    if (box.height < TALL - 0.5) short.push([what, text, Math.round(box.height)]);
  }
  return short;
}"""

SCORED = quote("[CCCC][5555m]123p789pNN")
PAGES = {
    "home": "/",
    "search": "/-/search?q=tile+hog+seven+pairs",
    "ruling": "/rulings/pung-completed-by-discard",
    "fan": "/fans/single-wait",
    "score": f"/-/score?hand={SCORED}",
    "keyboard": "/-/score",
    "audit": "/-/score?hand=234m567m234p567p88s&claim=Mixed+Double+Chow+x2,+Short+Straight+x2&claim_total=34",
    "compare": f"/-/score?hand={SCORED}&compare=all",
    "table": "/-/table?" + urlencode(BABCOCK_TABLE),
    "kong-table": "/rulings/kong-table",
    "house": "/house",
    "sheet": "/-/sheet",
}


def _open_everything(page: Any) -> None:
    """Every fold-out open, so the controls inside it are measured too (the keyboard, the audit, the QR code)."""
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")


@pytest.mark.parametrize("lang", ["", "/zh"])
def test_every_control_is_at_least_44_px_tall_and_every_id_once(url, browser, lang, tmp_path):
    context, page, errors = watched_page(browser, **PHONE)
    short = {}
    for name, path in PAGES.items():
        page.goto(url + lang + path)
        _open_everything(page)
        page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
        found = page.evaluate(MEASURE, TALL)
        if found:
            short[name] = found
        # One element to an id: a link to #compare lands on the comparison, not on a checkbox (issue 37).
        ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((e) => e.id)")
        assert len(ids) == len(set(ids)), (name, sorted({i for i in ids if ids.count(i) > 1}))
    context.close()
    assert short == {}, "\n".join(f"{k}: {v}" for k, v in short.items())
    assert errors == []
