/* mjref offline: the words of a question as kb/lookup.py reads them, for the offline search (search_rank.js): folding
 * (kb/names.py), the Chinese runs and pairs of characters (kb/query_words.py), the speller (kb/spelling.py) and a set
 * written as tiles that are no set (kb/laid_sets.py).
 * Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  var CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
  var TONE = /(?<=[a-z])[1-5](?=[\s,.;:!?'"-]|$)/g;
  var SPELLINGS = [["honours", "honors"], ["honour", "honor"], ["&", " and "]];
  var LETTERS = "abcdefghijklmnopqrstuvwxyz";
  var SHORTEST = 4; // kb/spelling.py
  var ENDINGS = ["ing", "ed", "es", "s"];

  // kb/names.py fold(): lower case, no accents or tone marks or tone digits, American spellings, one space.
  function fold(text) {
    text = text.toLowerCase();
    SPELLINGS.forEach(function (s) {
      text = text.split(s[0]).join(s[1]);
    });
    text = text.normalize("NFKD").replace(/\p{M}/gu, "");
    text = text.replace(TONE, "");
    return text.replace(/[^\p{L}\p{N}_]+/gu, " ").replace(/_/g, " ").split(/\s+/).filter(Boolean).join(" ");
  }

  function cjkRuns(text) {
    return text.match(CJK) || [];
  }

  function bigrams(text) {
    var out = new Set();
    cjkRuns(text).forEach(function (run) {
      if (run.length === 1) out.add(run);
      for (var i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
    });
    return out;
  }

  function stripChars(s, chars) {
    var a = 0;
    var b = s.length;
    while (a < b && chars.indexOf(s[a]) >= 0) a++;
    while (b > a && chars.indexOf(s[b - 1]) >= 0) b--;
    return s.slice(a, b);
  }

  // kb/spelling.py base(): the word without its first ending that leaves three letters or more.
  function base(word) {
    for (var i = 0; i < ENDINGS.length; i++) {
      var e = ENDINGS[i];
      if (word.slice(-e.length) === e && word.length - e.length >= 3) return word.slice(0, -e.length);
    }
    return word;
  }

  // kb/spelling.py Speller.correct(): a word no ruling uses in any form, as the known word one edit away that most
  // rulings use (a swap only in a word of four letters), or "" for a word of letters that is neither.
  function Speller(known) {
    var self = this;
    this.known = new Map(Object.entries(known));
    this.bases = new Set();
    this.known.forEach(function (_n, w) {
      self.bases.add(base(w));
    });
  }

  Speller.prototype.correct = function (word) {
    if (!/^[a-z]+$/.test(word) || this.bases.has(base(word))) return word;
    var edits = [];
    var i;
    for (i = 0; i + 1 < word.length; i++) edits.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    if (word.length > SHORTEST) {
      // a letter deleted, changed or inserted
      for (i = 0; i <= word.length; i++) {
        var head = word.slice(0, i);
        var tail = word.slice(i);
        for (var c = 0; c < LETTERS.length; c++) {
          if (tail) edits.push(head + LETTERS[c] + tail.slice(1));
          edits.push(head + LETTERS[c] + tail);
        }
        if (tail) edits.push(head + tail.slice(1));
      }
    }
    var known = this.known;
    var best = null;
    edits.forEach(function (w) {
      if (!known.has(w)) return;
      if (best === null || known.get(w) > known.get(best) || (known.get(w) === known.get(best) && w < best)) best = w;
    });
    return best === null || word.length < SHORTEST ? "" : best;
  };

  // kb/query_words.py cjk_terms(): the CJK runs of text with the little words of a question (words, particles) cut.
  function cjkTerms(text, words, particles) {
    var runs = cjkRuns(text);
    words.forEach(function (word) {
      var next = [];
      runs.forEach(function (run) {
        run.split(word).forEach(function (part) {
          if (part) next.push(part);
        });
      });
      runs = next;
    });
    return runs
      .map(function (run) {
        return stripChars(run.trim(), particles);
      })
      .filter(Boolean);
  }


  // kb/query_words.py run_bigrams(): a run's pairs of neighbouring characters, in order.
  function runBigrams(run) {
    var out = [];
    for (var i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    return out;
  }

  // kb/laid_sets.py: the tiles of a written set (a number and its suit, or none), and whether they make a set.
  function tilesOf(text, tile) {
    return Array.from(text.matchAll(new RegExp(tile, "g")), function (m) {
      return [m[1], m[2]];
    });
  }

  function isSet(tiles) {
    var suits = new Set(tiles.map(function (t) { return t[1]; }).filter(Boolean));
    if (suits.size > 1) return false;
    var numbers = tiles.map(function (t) { return Number(t[0]); }).sort(function (a, b) { return a - b; });
    var kinds = new Set(numbers).size;
    if (numbers.length === 4) return kinds === 1;
    return kinds === 1 || (numbers[1] === numbers[0] + 1 && numbers[2] === numbers[0] + 2);
  }

  // kb/laid_sets.py laid_sets(): a question that speaks of a call or meld of tiles that are no set (chowed 4-6-7,
  // 吃的时候亮成了356), with the words of a wrong set after it; d is the index's laid_sets.
  function laidSets(query, d) {
    var zh = /[\u3400-\u9fff\uf900-\ufaff]/.test(query);
    if (!(new RegExp(d.call, "i").test(query) || (zh && new RegExp(d.call_zh).test(query)))) return query;
    var text = query;
    text = text.replace(new RegExp(d.numbered, "g"), function (m) {
      return Array.from(m, function (c) { return d.numerals.indexOf(c) + 1; }).join("");
    });
    var groups = (text.match(new RegExp(d.group, "g")) || []).map(function (g) {
      return tilesOf(g, d.tile);
    });
    if (!groups.length) {
      var alone = text.match(new RegExp(d.alone, "g")) || [];
      groups = alone.length === 3 || alone.length === 4 ? [tilesOf(alone.join(""), d.tile)] : [];
    }
    var tiles = groups.find(function (t) {
      return !isSet(t);
    });
    if (!tiles) return query;
    var words = d.words[zh ? "zh" : "en"];
    var alike = new Set(tiles.map(function (t) { return t[0]; })).size < tiles.length;
    var read = [words.meld, words[alike ? "pung" : "chow"]];
    if (new RegExp(d.held, "i").test(query) || (zh && new RegExp(d.held_zh).test(query))) read = [words.held];
    return query + " ; " + read.join(" ");
  }

  window.mjrefSearchWords = {
    CJK: CJK,
    fold: fold,
    cjkRuns: cjkRuns,
    bigrams: bigrams,
    cjkTerms: cjkTerms,
    runBigrams: runBigrams,
    laidSets: laidSets,
    Speller: Speller
  };
})();
