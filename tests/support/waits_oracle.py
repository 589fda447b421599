"""The wait list's oracle: pymahjonggb 1.4.0 swept over the 34 tiles, and its shanten functions.

:func:`waiting_texts` makes hands of 13 (the notation of :func:`scorer.waits`) from the generator's complete hands
of every form: a ready one (one standing tile taken out) and one to four tiles further (standing tiles swapped for
random ones, never a fifth copy). :func:`library_waits` asks the library's fan calculator about every tile, on a
discard and self-drawn; :func:`library_shanten` asks its shanten functions for the count and the useful tiles;
:func:`compare` sets them beside :func:`scorer.waits` under ``chinese-practice``.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from scorer import Waits, waits
from scorer.hand import Meld
from scorer.tiles import N_KINDS, Tile, name, run_text
from scorer.wait_list.reading import WaitingHand, read_waiting
from tests.support.generate import FORMS, random_hand
from tests.support.oracle import TILE_CODES, library_pack

WIND_LETTERS = "ESWN"


def _text(melds: tuple[Meld, ...], tiles: list[Tile], prevalent: Tile, seat: Tile, flowers: int) -> str:
    suffix = f"|{WIND_LETTERS[prevalent - 27]}{WIND_LETTERS[seat - 27]}0000" + (f"+{flowers}" if flowers else "")
    return "".join(m.text() for m in melds) + run_text(sorted(tiles)) + suffix


def waiting_texts(seed: int, per_form: int) -> list[tuple[str, str]]:
    """``(form, text)``: for each generated form, ``per_form`` complete hands, each giving a ready hand of 13 and
    one moved one to four tiles away (which may still be ready, or ready on other tiles)."""
    rng = random.Random(seed)
    out = []
    for form in FORMS:
        for _ in range(per_form):
            hand = random_hand(rng, form).hand
            s = hand.situation
            tiles = [*hand.standing, hand.winning]
            tiles.remove(rng.choice(tiles))
            out.append((form, _text(hand.melds, tiles, s.prevalent, s.seat, s.flowers)))
            held = [0] * N_KINDS
            for t in [*tiles, *(t for m in hand.melds for t in m.tiles)]:
                held[t] += 1
            moved = list(tiles)
            for _ in range(rng.randint(1, 4)):
                gone = moved.pop(rng.randrange(len(moved)))
                held[gone] -= 1
                new = rng.choice([t for t in range(N_KINDS) if held[t] < 4])
                held[new] += 1
                moved.append(new)
            out.append((form, _text(hand.melds, moved, s.prevalent, s.seat, s.flowers)))
    return out


@cache
def _library() -> Any:
    import MahjongGB  # noqa: PLC0415  (the test dependency, imported on first use)

    return MahjongGB


def library_arguments(hand: WaitingHand) -> tuple[tuple[Any, ...], tuple[str, ...], int, int, int]:
    """(packs, standing tile codes, flowers, seat, prevalent) for the library."""
    s = hand.situation
    packs = tuple(library_pack(m) for m in hand.melds)
    return packs, tuple(TILE_CODES[t] for t in hand.standing), s.flowers, s.seat - 27, s.prevalent - 27


def library_waits(hand: WaitingHand) -> dict[Tile, tuple[int, int]]:
    """Every tile the library's fan calculator takes as a win (on a discard, then self-drawn), with the two
    totals (flowers included). The library does not count copies: a fifth copy can be among them."""
    calculate = _library().MahjongFanCalculator
    packs, standing, flowers, seat, prevalent = library_arguments(hand)
    out = {}
    for t in range(N_KINDS):
        totals = []
        for self_drawn in (False, True):
            try:
                fans = calculate(
                    packs, standing, TILE_CODES[t], flowers, self_drawn, False, False, False, seat, prevalent
                )
            except TypeError:  # its refusals, ERROR_NOT_WIN among them
                break
            totals.append(sum(points for points, _ in fans))
        if len(totals) == 2:
            out[t] = (totals[0], totals[1])
    return out


def library_shanten(hand: WaitingHand) -> tuple[int, tuple[Tile, ...]]:
    """The library's count (``MahjongShanten``) and its useful tiles: those of each form at that count (the
    forms the declared sets allow), less the tiles the hand holds four of, with its sets."""
    lib = _library()
    packs, standing, _, _, _ = library_arguments(hand)
    count = lib.MahjongShanten(packs, standing)
    forms = [lib.RegularShanten]
    if len(hand.melds) <= 1:
        forms.append(lib.KnittedStraightShanten)
    if not hand.melds:
        forms += [lib.SevenPairsShanten, lib.ThirteenOrphansShanten, lib.HonorsAndKnittedTilesShanten]
    useful: set[Tile] = set()
    for function in forms:
        n, tiles = function(standing)  # the count of the standing tiles, whatever their number
        if n == count:
            useful.update(TILE_CODES.index(code) for code in tiles)
    held = hand.all_counts()
    return count, tuple(sorted(t for t in useful if held[t] < 4))


def compare(text: str) -> tuple[list[str], int, int, int]:
    """(disagreements, winning tiles compared, fifth copies the library took, count) for one hand."""
    hand = read_waiting(text)
    ours = waits(text, profile="chinese-practice")
    assert isinstance(ours, Waits)
    held = hand.all_counts()
    library = library_waits(hand)
    fifth = {t for t in library if held[t] >= 4}
    problems = []
    if fifth != set(ours.exhausted):
        problems.append(
            f"{text}: fifth copies {sorted(map(name, fifth))}, ours apart {list(map(name, ours.exhausted))}"
        )
    mine = {w.tile: (w.discard.total, w.self_drawn.total) for w in ours.waits}
    theirs = {t: v for t, v in library.items() if t not in fifth}
    if mine != theirs:
        problems.append(f"{text}: ours {_named(mine)}, library {_named(theirs)}")
    count, useful = library_shanten(hand)
    ours_useful = tuple(t for t, _ in ours.useful)
    if count != ours.shanten or (count > 0 and useful != ours_useful):
        problems.append(f"{text}: shanten ours {ours.shanten} {ours_useful}, library {count} {useful}")
    return problems, len(mine), len(fifth), ours.shanten


def _named(totals: dict[int, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    return {name(t): v for t, v in sorted(totals.items())}
