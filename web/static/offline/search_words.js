/* mjref offline: the words of a question as kb/lookup.py reads them, for the offline search (search_rank.js): folding
 * (kb/names.py), the Chinese runs and pairs of characters (kb/query_words.py) and the speller (kb/spelling.py).
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

  window.mjrefSearchWords = {
    CJK: CJK,
    fold: fold,
    cjkRuns: cjkRuns,
    bigrams: bigrams,
    cjkTerms: cjkTerms,
    runBigrams: runBigrams,
    Speller: Speller
  };
})();
