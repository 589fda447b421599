/* mjref offline: the ranking of the exported site's search, in the browser, from search-index.json with the rules of
 * kb/lookup.py (the fans a question names; BM25 over the rulings' stemmed words and over their Chinese pairs of
 * characters, with the same column weights and the same IDF, kb/relevance.py; misspellings corrected as kb/spelling.py
 * does; the question's kind, kb/intent.py; and the share of the question's words a summary uses). The words of a
 * question are read by search_words.js. Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  var W = window.mjrefSearchWords;
  var CJK = W.CJK;
  var fold = W.fold;
  var cjkRuns = W.cjkRuns;
  var bigrams = W.bigrams;
  var runBigrams = W.runBigrams;
  var FAN_NUMBER = /(?:\bfan\s*#?|#)\s*([1-9][0-9]?)\b/gi;
  var K1 = 1.2;
  var B = 0.75;

  function Index(data) {
    this.d = data;
    this.stop = new Set(data.stopwords);
    this.vocab = new Map();
    var self = this;
    data.vocab.forEach(function (term, i) {
      self.vocab.set(term, i);
    });
    this.rows = data.rulings.map(function (r) {
      var size = r.tokens.reduce(function (n, col) {
        return n + col.length;
      }, 0);
      // The Chinese index's row: how often each pair of characters is in each column (kb/chinese_index.py).
      var pairs = r.bigram_columns.map(function (text) {
        var counts = new Map();
        text.split(" ").forEach(function (t) {
          if (t) counts.set(t, (counts.get(t) || 0) + 1);
        });
        return counts;
      });
      var pairSize = r.bigram_columns.reduce(function (n, text) {
        return n + text.split(" ").filter(Boolean).length;
      }, 0);
      return { r: r, words: new Set(r.words), bigrams: new Set(r.bigrams), size: size, pairs: pairs, pairSize: pairSize };
    });
    this.avg = this.rows.reduce(function (n, row) {
      return n + row.size;
    }, 0) / Math.max(this.rows.length, 1);
    this.pairAvg = this.rows.reduce(function (n, row) {
      return n + row.pairSize;
    }, 0) / Math.max(this.rows.length, 1);
    this.ownFans = new Set(data.own_fans);
    this.notWords = new Set(data.not_words);
    this.speller = new W.Speller(data.known_words);
    this.tableWordsLatin = data.table_words.latin.map(function (pair) {
      return [new RegExp("\\b(?:" + pair[0] + ")\\b", "gi"), pair[1]];
    });
  }

  // kb/table_words.py table_words(): the rulings' words after the table's (pong pung), 和 for 胡 and 糊, and the words
  // of a count after it (a hand below the minimum: only 6 fan, 只有六番; a wrong tile count: 16 tiles, 十六张).
  Index.prototype.tableWords = function (query) {
    this.tableWordsLatin.forEach(function (pair) {
      query = query.replace(pair[0], "$& " + pair[1]);
    });
    this.d.table_words.cjk.forEach(function (pair) {
      query = query.split(pair[0]).join(pair[1]);
    });
    this.d.table_words.counts.forEach(function (pair) {
      query = query.replace(new RegExp(pair[0], "gi"), "$& " + pair[1]);
    });
    return query;
  };

  // Index._latin: the words in letters and digits, folded, "not" for a contraction, no stop words, corrected.
  Index.prototype.latin = function (text) {
    var self = this;
    return fold(text.replace(CJK, " "))
      .split(" ")
      .filter(Boolean)
      .map(function (w) {
        return self.notWords.has(w) ? "not" : w;
      })
      .filter(function (w) {
        return !self.stop.has(w);
      })
      .map(function (w) {
        return self.speller.correct(w);
      })
      .filter(Boolean);
  };

  Index.prototype.cjkTerms = function (text) {
    return W.cjkTerms(text, this.d.cjk_words, this.d.cjk_particles);
  };

  Index.prototype.stem = function (word) {
    var stems = this.d.stems;
    // A word of the rulings has its own stem, even where that is another word's stem too ("concealed", the stem of
    // "concealedness", is "conceal").
    if (Object.prototype.hasOwnProperty.call(stems, word)) return stems[word];
    if (this.vocab.has(word)) return word;
    var endings = ["ies", "es", "s", "ed", "ing"];
    for (var i = 0; i < endings.length; i++) {
      var e = endings[i];
      if (word.length > e.length + 2 && word.slice(-e.length) === e) {
        var root = word.slice(0, -e.length) + (e === "ies" ? "y" : "");
        if (Object.prototype.hasOwnProperty.call(stems, root)) return stems[root];
        if (this.vocab.has(root)) return root;
      }
    }
    // A word the rulings use only in the plural ("opponents"): the plural's stem.
    if (Object.prototype.hasOwnProperty.call(stems, word + "s")) return stems[word + "s"];
    return word;
  };

  // The fans a question names (in order of mention), and the rest of the question without them (Index.read).
  Index.prototype.read = function (query) {
    var found = new Map();
    var raw = query;
    this.d.cjk_names.forEach(function (pair) {
      var name = pair[0];
      if (raw.indexOf(name) >= 0) {
        if (!found.has(pair[1])) found.set(pair[1], query.indexOf(name));
        raw = raw.split(name).join(" ");
      }
    });
    var folded = " " + fold(raw) + " ";
    this.d.word_names.forEach(function (pair) {
      var fan = pair[0];
      [" " + pair[1] + " ", " " + pair[1] + "s "].forEach(function (form) {
        var at = folded.indexOf(form);
        if (at >= 0) {
          if (!found.has(fan)) found.set(fan, 1000 + at);
          folded = folded.split(form).join(" # ");
        }
      });
    });
    var m;
    FAN_NUMBER.lastIndex = 0;
    while ((m = FAN_NUMBER.exec(raw)) !== null) {
      var number = Number(m[1]);
      if (this.ownFans.has(number)) {
        if (!found.has(number)) found.set(number, m.index);
        folded = folded.split(" " + fold(m[0]) + " ").join(" # ");
      }
    }
    // The words in letters and digits, also those written against Chinese (14 in 手里有14张).
    var latin = folded.replace(CJK, " ").split(/\s+/).filter(function (w) {
      return w && w !== "#";
    });
    var rest = cjkRuns(raw).concat(latin).join(" ");
    var fans = Array.from(found.entries())
      .sort(function (a, b) {
        return a[1] - b[1];
      })
      .map(function (e) {
        return e[0];
      });
    return [fans, rest];
  };

  function countPhrase(col, phrase) {
    var n = 0;
    for (var i = 0; i + phrase.length <= col.length; i++) {
      var ok = true;
      for (var j = 0; j < phrase.length && ok; j++) ok = col[i + j] === phrase[j];
      if (ok) n++;
    }
    return n;
  }

  // kb/relevance.py idf(): Lucene's inverse document frequency, always positive.
  function idf(total, hits) {
    return Math.log(1 + (total - hits + 0.5) / (hits + 0.5));
  }

  function bm25(f, idfValue, size, avg) {
    return (idfValue * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * size) / avg));
  }

  // The word index's phrases of words (each word, each pair of neighbours) as token ids; -1 where no ruling has one.
  Index.prototype.phraseIds = function (words) {
    var self = this;
    var phrases = words.map(function (w) {
      return [w];
    });
    for (var i = 0; i + 1 < words.length; i++) phrases.push([words[i], words[i + 1]]);
    return phrases.map(function (p) {
      return p.map(function (w) {
        var id = self.vocab.get(self.stem(w));
        return id === undefined ? -1 : id;
      });
    });
  };

  // Whether each row has a phrase of token ids, in any column.
  Index.prototype.rowsHaving = function (ids) {
    if (ids.indexOf(-1) >= 0) return this.rows.map(function () {
      return false;
    });
    return this.rows.map(function (row) {
      return row.r.tokens.some(function (col) {
        return countPhrase(col, ids) > 0;
      });
    });
  };

  // Whether each row's Chinese index has a pair of characters.
  Index.prototype.rowsWithPair = function (pair) {
    return this.rows.map(function (row) {
      return row.pairs.some(function (col) {
        return col.has(pair);
      });
    });
  };

  // The BM25 of the Chinese runs for each ruling that has any (FullText.chinese).
  Index.prototype.chinese = function (runs, scores) {
    var self = this;
    var weights = this.d.weights;
    runs.forEach(function (run) {
      if (run.length === 1) {
        if (runs.length === 1) {
          self.rows.forEach(function (row) {
            if (row.r.cjk.indexOf(run) >= 0) scores.set(row.r.id, (scores.get(row.r.id) || 0) + 1);
          });
        }
        return;
      }
      runBigrams(run).forEach(function (pair) {
        var having = self.rowsWithPair(pair);
        var hits = having.filter(Boolean).length;
        if (!hits) return;
        var v = idf(self.rows.length, hits);
        self.rows.forEach(function (row, n) {
          if (!having[n]) return;
          var f = row.pairs.reduce(function (sum, col, c) {
            return sum + weights[c] * (col.get(pair) || 0);
          }, 0);
          scores.set(row.r.id, (scores.get(row.r.id) || 0) + bm25(f, v, row.pairSize, self.pairAvg));
        });
      });
    });
  };

  // Full-text relevance of each ruling to a text's words and Chinese runs, scaled so the best is 1 (FullText.scores).
  Index.prototype.textScores = function (words, runs) {
    var self = this;
    var scores = new Map();
    if (words.length) {
      var ids = this.phraseIds(words);
      var weights = this.d.weights;
      var present = ids.map(function (p) {
        return self.rowsHaving(p);
      });
      var matched = [];
      self.rows.forEach(function (row, n) {
        var s = 0;
        var any = false;
        present.forEach(function (p, k) {
          if (!p[n]) return;
          any = true;
          var hits = p.filter(Boolean).length;
          var f = row.r.tokens.reduce(function (sum, col, c) {
            return sum + weights[c] * countPhrase(col, ids[k]);
          }, 0);
          s += bm25(f, idf(self.rows.length, hits), row.size, self.avg);
        });
        if (any) matched.push([row.r.id, s]);
      });
      matched.sort(function (a, b) {
        return b[1] - a[1];
      }); // stable: rows that tie stay in the index's order
      matched.slice(0, 60).forEach(function (e) {
        scores.set(e[0], e[1]);
      });
    }
    this.chinese(runs, scores);
    if (scores.size) {
      var best = Math.max.apply(null, Array.from(scores.values())) || 1;
      scores.forEach(function (v, k) {
        scores.set(k, v / best);
      });
    }
    return scores;
  };

  // kb/intent.py kind_chances(): the chance that a question is of each kind (procedure, a penalty, scoring), from the
  // rulings that use its words.
  Index.prototype.kindChances = function (words, runs) {
    var self = this;
    var found = this.phraseIds(words)
      .slice(0, words.length)
      .map(function (p) {
        return self.rowsHaving(p);
      });
    runs.forEach(function (run) {
      runBigrams(run).forEach(function (pair) {
        found.push(self.rowsWithPair(pair));
      });
    });
    var sizes = new Map();
    this.rows.forEach(function (row) {
      sizes.set(row.r.kind, (sizes.get(row.r.kind) || 0) + 1);
    });
    var kinds = Array.from(sizes.keys()).sort(); // in kb/lookup.py's order
    var logits = new Map();
    kinds.forEach(function (k) {
      logits.set(k, 0);
    });
    found.forEach(function (having) {
      if (!having.some(Boolean)) return;
      var counts = new Map();
      having.forEach(function (h, n) {
        if (h) counts.set(self.rows[n].r.kind, (counts.get(self.rows[n].r.kind) || 0) + 1);
      });
      kinds.forEach(function (k) {
        logits.set(k, logits.get(k) + Math.log(((counts.get(k) || 0) + 0.5) / (sizes.get(k) + 1)));
      });
    });
    var top = Math.max.apply(null, Array.from(logits.values()));
    var total = 0;
    kinds.forEach(function (k) {
      total += Math.exp(logits.get(k) - top);
    });
    var chances = new Map();
    kinds.forEach(function (k) {
      chances.set(k, Math.exp(logits.get(k) - top) / total);
    });
    return chances;
  };

  function fanScore(r, fans, restWords) {
    var covered = fans.filter(function (f) {
      return r.fans.indexOf(f) >= 0;
    }).length;
    if (r.own === null) {
      var whole = covered === fans.length && fans.length > 1 ? 1 : 0;
      return covered + whole + (0.5 * covered) / Math.max(r.fans.length, 1);
    }
    var ownCovered = r.fans.indexOf(r.own) >= 0 && fans.indexOf(r.own) >= 0 ? 1 : 0;
    var others = 0.25 * (covered - ownCovered);
    if (fans.indexOf(r.own) < 0) return others;
    var alone = fans.length === 1;
    return 1 + others + (alone ? (restWords <= 1 ? 1.5 : 0.5) : 0);
  }

  // The rulings for a question, best first, and the fans it names (Index.find).
  Index.prototype.find = function (query, limit) {
    var self = this;
    query = W.laidSets(this.tableWords(query.trim()), this.d.laid_sets);
    var read = this.read(query);
    var fans = read[0];
    var rest = read[1];
    var latin = this.latin(rest);
    var chinese = this.cjkTerms(rest);
    var restWords = latin.length + chinese.length;
    var unique = Array.from(new Set(latin));
    var aboutRest = restWords ? this.textScores(unique, chinese) : new Map();
    var aboutAll = this.textScores(Array.from(new Set(this.latin(query))), this.cjkTerms(query));
    var chances = this.kindChances(unique, chinese);
    var fused = this.d.weights_fused;
    var words = new Set(latin.map(function (w) {
      return w.slice(0, 5);
    }));
    bigrams(chinese.join(" ")).forEach(function (b) {
      words.add(b);
    });
    var pairs = [];
    for (var i = 0; i + 1 < latin.length; i++) pairs.push(" " + latin[i] + " " + latin[i + 1] + " ");
    var share = fans.length ? restWords / (restWords + fans.length) : 1;
    var scored = [];
    this.rows.forEach(function (row) {
      var r = row.r;
      var s = share * fused.relevance * (aboutRest.get(r.id) || 0) + 0.5 * (aboutAll.get(r.id) || 0);
      if (words.size) {
        var known = 0;
        words.forEach(function (w) {
          if (row.words.has(w) || row.bigrams.has(w)) known++;
        });
        s += (share * fused.shared * known) / words.size;
      }
      if (pairs.length) {
        s += (share * pairs.filter(function (p) {
          return r.summary.indexOf(p) >= 0;
        }).length) / pairs.length;
      }
      if (fans.length) s += fanScore(r, fans, restWords);
      if (s > 0) scored.push([r, s + fused.intent * chances.get(r.kind)]);
    });
    // A question that is a ruling's id or title names it (kb/exact_names.py): it comes first.
    var named = this.d.exact[fold(query)] || [];
    if (named.length) {
      var top = scored.reduce(function (m, e) {
        return Math.max(m, e[1]);
      }, 0) + 1;
      named.forEach(function (id) {
        var e = scored.find(function (x) {
          return x[0].id === id;
        });
        if (e) e[1] += top;
        else scored.push([self.rows.find(function (row) {
          return row.r.id === id;
        }).r, top]);
      });
    }
    scored.sort(function (a, b) {
      return b[1] - a[1] || (a[0].id < b[0].id ? -1 : a[0].id > b[0].id ? 1 : 0);
    });
    return {
      hits: scored.slice(0, limit).map(function (e) {
        return { ruling: e[0], score: Math.round(e[1] * 10000) / 10000 };
      }),
      fans: fans
    };
  };

  window.mjrefSearchRank = { Index: Index };
})();
