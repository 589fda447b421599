"""The site's page cache: a page is worked out once per URL, and the cache stays within its bounds."""

from __future__ import annotations

from web.cache import PageCache

from .site_support import Site


def _pages(site: Site):
    return site.ds.__dict__["_mjref_pages"].pages


def test_a_page_asked_for_again_comes_from_the_cache(site):
    first = site.get("/rulings/seven-pairs-tile-hog")
    assert first.status_code == 200
    key = "/rulings/seven-pairs-tile-hog?"
    body, status, headers, content_type = _pages(site)[key]
    assert body == first.content
    # Change the stored answer: the next request must show the change, so it was not worked out again.
    _pages(site)[key] = (body.replace(b"Tile Hog", b"CACHED-MARK"), status, headers, content_type)
    again = site.get("/rulings/seven-pairs-tile-hog")
    assert b"CACHED-MARK" in again.content
    assert again.headers["content-type"] == first.headers["content-type"]


def test_the_query_string_is_part_of_the_key(site):
    a = site.get("/-/search?q=tile+hog")
    b = site.get("/-/search?q=knitted+straight")
    assert a.status_code == b.status_code == 200
    assert a.text != b.text
    assert {"/-/search?q=tile+hog", "/-/search?q=knitted+straight"} <= set(_pages(site))


def test_cached_answers_keep_status_and_security_headers(site):
    for _ in range(2):  # the second answer comes from the cache
        r = site.get("/rulings/no-such-ruling")
        assert r.status_code == 404
        assert "script-src 'self'" in r.headers["content-security-policy"]
    for _ in range(2):
        r = site.get("/-/score?hand=%5B135m%5D")
        assert r.status_code == 400 and "error" in r.text
    ok = site.get("/fans/tile-hog")
    assert ok.headers["cache-control"] == "public, max-age=300"


def test_json_and_html_of_a_page_are_kept_apart(site):
    html = site.get("/fans/tile-hog")
    data = site.get("/fans/tile-hog.json")
    assert html.headers["content-type"].startswith("text/html")
    assert data.json()["fan"]["key"] == "tile-hog"


def test_the_cache_drops_the_least_recently_used_page_beyond_its_entry_bound():
    cache = PageCache(entries=2, max_bytes=10_000)
    page = (b"x" * 10, 200, (), "text/html")
    cache.put("/a", page)
    cache.put("/b", page)
    assert cache.get("/a") is page  # /a is now the most recent
    cache.put("/c", page)
    assert set(cache.pages) == {"/a", "/c"}


def test_the_cache_stays_within_its_byte_bound_and_skips_huge_pages():
    # Each entry holds a 3-byte key ("/10"), a 90-byte body and "text/html" (9 bytes): 102 bytes. Of a 6528-byte
    # bound, one entry may take a 64th (102 bytes): 64 such entries fit.
    cache = PageCache(entries=1000, max_bytes=6528)
    for i in range(10, 100):
        cache.put(f"/{i}", (b"x" * 90, 200, (), "text/html"))
    assert len(cache.pages) == 64 and cache.size == 64 * 102
    assert "/99" in cache.pages and "/10" not in cache.pages
    cache.put("/huge", (b"x" * 91, 200, (), "text/html"))  # 105 bytes: more than a 64th of the bound, never kept
    assert "/huge" not in cache.pages


def test_a_key_counts_in_the_byte_bound():
    """Keys held 75 MB (300 pages kept by a 256 KiB Host each) in a cache whose bound counted bodies only."""
    cache = PageCache(entries=1000, max_bytes=64 * 1024)
    long_key = "/-/score?" + "h" * 1100  # 1109 bytes, with an empty body: more than a 64th of 64 KiB (1024)
    cache.put(long_key, (b"", 200, (), ""))
    assert long_key not in cache.pages
    for i in range(100):  # entries of 920 bytes (a 900-byte key, a 20-byte header): 71 fit in 65,536
        cache.put(f"/page/{i:04}" + "k" * 890, (b"", 200, (("x-header", "v" * 12),), ""))
    assert cache.size <= 64 * 1024 and len(cache.pages) == 64 * 1024 // (10 + 890 + 20)


def test_templates_are_read_once_not_checked_for_changes_on_every_page(site):
    assert site.get("/").status_code == 200
    assert site.ds.jinja_env.auto_reload is False  # the site's templates do not change while it runs
