"""Render a ruling's Markdown body to HTML and to plain text (for search).

markdown-it-py with raw HTML disabled: a ``<script>`` in a ruling is shown as text, never run.
Two small inline rules add the knowledge base's own syntax:

- ``[@Starback2008, §3.1]`` an inline citation, rendered as a link to the source's page; the locator
  may wrap onto the next line (its spaces and line breaks are read as one space);
- ``[[fan-tile-hog]]`` a link to another ruling, rendered with the ruling's id.

:func:`references` lists what these rules found, from the same parse, so what the build checks and
stores is exactly what the page shows: a citation in a code span is not one, a citation wrapped over
two lines is one, and a ``[@`` or ``[[`` left as text is reported as a stray.

>>> html, text = render("Tile Hog <b>counts</b> [@Starback2008, §3.1]; see [[fan-tile-hog]].")
>>> print(html.strip())
<p>Tile Hog &lt;b&gt;counts&lt;/b&gt; <a class="cite" href="/sources/Starback2008">Starback2008, §3.1</a>; \
see <a class="ruling-link" href="/rulings/fan-tile-hog">fan-tile-hog</a>.</p>
>>> text
'Tile Hog <b>counts</b> Starback2008, §3.1; see fan-tile-hog.'
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

# The one grammar of both: the locator may be empty or span lines here, so that validation sees
# (and refuses) what a stricter pattern would have left as text or linked to a missing page.
_CITE = re.compile(r"\[@([A-Za-z][A-Za-z0-9-]*),([^\[\]]*)\]")
_LINK = re.compile(r"\[\[([^\[\]\n]*)\]\]")
_STRAY = re.compile(r"\[[@\[][^\]\n]{0,40}\]?")


@dataclass(frozen=True)
class Reference:
    """A citation, a ruling link or a stray ``[@``/``[[`` in a body; ``line`` counts from 0 in the body."""

    kind: str  # cite | link | stray
    target: str  # source id, ruling id, or the stray text
    locator: str
    line: int


def _mjref_refs(state: StateInline, silent: bool) -> bool:
    """Inline rule: ``[@Source, locator]`` and ``[[ruling-id]]``."""
    if state.src[state.pos] != "[":
        return False
    for pattern, kind in ((_CITE, "mjref_cite"), (_LINK, "mjref_link")):
        m = pattern.match(state.src, state.pos)
        if m:
            if not silent:
                token = state.push(kind, "", 0)
                token.meta = {
                    "target": m.group(1) if kind == "mjref_cite" else m.group(1).strip(),
                    "locator": " ".join(m.group(2).split()) if kind == "mjref_cite" else "",
                    "newlines": state.src.count("\n", 0, state.pos),
                }
            state.pos = m.end()
            return True
    return False


def _render_cite(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    meta = tokens[idx].meta
    target, locator = html_lib.escape(meta["target"]), html_lib.escape(meta["locator"].strip())
    return f'<a class="cite" href="{env.get("prefix", "")}/sources/{target}">{target}, {locator}</a>'


def _render_link(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    target = tokens[idx].meta["target"]
    shown = html_lib.escape(env.get("titles", {}).get(target, target))  # the linked ruling's title, or its id
    return f'<a class="ruling-link" href="{env.get("prefix", "")}/rulings/{html_lib.escape(target)}">{shown}</a>'


@lru_cache(maxsize=1)
def markdown() -> MarkdownIt:
    """The one Markdown renderer: CommonMark plus tables, raw HTML off, our two inline rules."""
    md = MarkdownIt("js-default", {"html": False, "linkify": False, "typographer": False})
    md.disable(["html_block", "html_inline"])  # raw HTML is not even recognised: it stays text
    md.inline.ruler.before("link", "mjref_refs", _mjref_refs)
    md.add_render_rule("mjref_cite", _render_cite)
    md.add_render_rule("mjref_link", _render_link)
    return md


def _plain(tokens: Sequence[Token], titles: Mapping[str, str]) -> list[str]:
    out: list[str] = []
    for token in tokens:
        if token.type in ("text", "code_inline", "code_block", "fence"):
            out.append(token.content)
        elif token.type == "mjref_cite":
            out.append(f"{token.meta['target']}, {token.meta['locator'].strip()}")
        elif token.type == "mjref_link":
            out.append(titles.get(token.meta["target"], token.meta["target"]))
        elif token.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif token.children:
            out.extend(_plain(token.children, titles))
        if token.type.endswith("_close") and token.block:
            out.append("\n")
    return out


@lru_cache(maxsize=1024)
def references(body: str) -> tuple[Reference, ...]:
    """Every citation, ruling link and stray ``[@``/``[[`` the renderer finds in ``body``, in order."""
    out: list[Reference] = []
    first = 0
    for block in markdown().parse(body):
        first = block.map[0] if block.map else first
        if block.type != "inline":
            continue
        for token in _walk(block.children or []):
            if token.type in ("mjref_cite", "mjref_link"):
                kind = "cite" if token.type == "mjref_cite" else "link"
                line = first + token.meta["newlines"]
                out.append(Reference(kind, token.meta["target"], token.meta["locator"], line))
            elif token.type == "text":
                for m in _STRAY.finditer(token.content):
                    at = block.content.find(token.content)
                    out.append(Reference("stray", m.group(0), "", first + block.content.count("\n", 0, max(at, 0))))
    return tuple(out)


def _walk(tokens: Sequence[Token]) -> list[Token]:
    out: list[Token] = []
    for token in tokens:
        out.append(token)
        out += _walk(token.children or [])
    return out


def render(body: str, prefix: str = "", titles: Mapping[str, str] | None = None) -> tuple[str, str]:
    """``(html, plain text)`` of a Markdown body; ``prefix`` goes before the links' paths (``/zh`` for the
    Chinese body, whose citations and ruling links lead to the Chinese pages). On the page a ruling link reads as
    the linked ruling's title in ``titles`` (by id, in the body's language), or as its id where none is given; the
    plain text, which the full-text index reads and search shows, keeps the id.

    >>> render("见 [[fan-tile-hog]]。", prefix="/zh", titles={"fan-tile-hog": "四归一"})[0].strip()
    '<p>见 <a class="ruling-link" href="/zh/rulings/fan-tile-hog">四归一</a>。</p>'
    """
    md = markdown()
    tokens = md.parse(body)
    text = " ".join("".join(_plain(tokens, {})).split())
    return md.renderer.render(tokens, md.options, {"prefix": prefix, "titles": titles or {}}), text


def shown_text(body: str, titles: Mapping[str, str]) -> str:
    """The plain text of a Markdown body as its page reads: a ruling link as the linked ruling's title in
    ``titles`` (what a search result's snippet quotes; the full-text index reads :func:`render`'s text).

    >>> shown_text("Score [[fan-tile-hog]] too.", {"fan-tile-hog": "Tile Hog"})
    'Score Tile Hog too.'
    """
    return " ".join("".join(_plain(markdown().parse(body), titles)).split())
