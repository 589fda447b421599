/* mjref offline: the search page of the exported site, ranked in the browser from search-index.json with the
 * rules of kb/lookup.py (the fans a question names, BM25 over the rulings' stemmed words with the same column
 * weights, the Chinese trigram and substring matches, and the share of the question's words a summary uses).
 * Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  var CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
  var CJK_ONE = /[\u3400-\u9fff\uf900-\ufaff]/;
  var FAN_NUMBER = /(?:\bfan\s*#?|#)\s*([1-9][0-9]?)\b/gi;
  var TONE = /(?<=[a-z])[1-5](?=[\s,.;:!?'"-]|$)/g;
  var SPELLINGS = [["honours", "honors"], ["honour", "honor"], ["&", " and "]];
  var K1 = 1.2;
  var B = 0.75;

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
      return { r: r, words: new Set(r.words), bigrams: new Set(r.bigrams), size: size };
    });
    this.avg = this.rows.reduce(function (n, row) {
      return n + row.size;
    }, 0) / Math.max(this.rows.length, 1);
    var tri = this.rows.filter(function (row) {
      return row.r.trigram_text !== null;
    });
    this.triAvg = tri.reduce(function (n, row) {
      return n + Math.max(row.r.trigram_text.length - 2, 0);
    }, 0) / Math.max(tri.length, 1);
    this.triCount = tri.length;
    this.ownFans = new Set(data.own_fans);
  }

  Index.prototype.cjkTerms = function (text) {
    var runs = cjkRuns(text);
    this.d.cjk_words.forEach(function (word) {
      var next = [];
      runs.forEach(function (run) {
        run.split(word).forEach(function (part) {
          if (part) next.push(part);
        });
      });
      runs = next;
    });
    var particles = this.d.cjk_particles;
    return runs
      .map(function (run) {
        return stripChars(run.trim(), particles);
      })
      .filter(Boolean);
  };

  Index.prototype.stem = function (word) {
    var stems = this.d.stems;
    if (this.vocab.has(word)) return word;
    if (Object.prototype.hasOwnProperty.call(stems, word)) return stems[word];
    var endings = ["ies", "es", "s", "ed", "ing"];
    for (var i = 0; i < endings.length; i++) {
      var e = endings[i];
      if (word.length > e.length + 2 && word.slice(-e.length) === e) {
        var base = word.slice(0, -e.length) + (e === "ies" ? "y" : "");
        if (Object.prototype.hasOwnProperty.call(stems, base)) return stems[base];
        if (this.vocab.has(base)) return base;
      }
    }
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
    var latin = folded.split(/\s+/).filter(function (w) {
      return w && w !== "#" && !CJK_ONE.test(w);
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

  function idf(total, hits) {
    var v = Math.log(0.5 + (total - hits) / (hits + 0.5));
    return v <= 0 ? 1e-6 : v;
  }

  function countSub(text, sub) {
    var n = 0;
    for (var at = text.indexOf(sub); at >= 0; at = text.indexOf(sub, at + 1)) n++;
    return n;
  }

  // Full-text relevance of each ruling to text, scaled so the best is 1 (Index._text_scores).
  Index.prototype.textScores = function (text) {
    var self = this;
    var stop = this.stop;
    var words = Array.from(new Set(fold(text.replace(CJK, " ")).split(" ").filter(function (w) {
      return w && !stop.has(w);
    })));
    var scores = new Map();
    if (words.length) {
      var phrases = words.map(function (w) {
        return [w];
      });
      for (var i = 0; i + 1 < words.length; i++) phrases.push([words[i], words[i + 1]]);
      var ids = phrases.map(function (p) {
        return p.map(function (w) {
          var id = self.vocab.get(self.stem(w));
          return id === undefined ? -1 : id;
        });
      });
      var weights = this.d.weights;
      var freqs = ids.map(function (p) {
        return self.rows.map(function (row) {
          if (p.indexOf(-1) >= 0) return 0;
          return row.r.tokens.reduce(function (f, col, c) {
            return f + weights[c] * countPhrase(col, p);
          }, 0);
        });
      });
      var present = ids.map(function (p) {
        if (p.indexOf(-1) >= 0) return [];
        return self.rows.map(function (row) {
          return row.r.tokens.some(function (col) {
            return countPhrase(col, p) > 0;
          });
        });
      });
      var matched = [];
      self.rows.forEach(function (row, n) {
        var any = present.some(function (p) {
          return p[n];
        });
        if (!any) return;
        var s = 0;
        present.forEach(function (p, k) {
          var hits = p.filter(Boolean).length;
          if (!hits) return;
          var f = freqs[k][n];
          s += (idf(self.rows.length, hits) * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * row.size) / self.avg));
        });
        matched.push([row.r.id, s]);
      });
      matched.sort(function (a, b) {
        return b[1] - a[1];
      });
      matched.slice(0, 60).forEach(function (e) {
        scores.set(e[0], e[1]);
      });
    }
    var runs = this.cjkTerms(text);
    runs.forEach(function (run) {
      if (run.length === 1 && runs.length > 1) return;
      if (run.length >= 3) {
        var grams = [];
        for (var i = 0; i + 3 <= run.length; i++) grams.push(run.slice(i, i + 3));
        var hits = grams.map(function (g) {
          return self.rows.filter(function (row) {
            return row.r.trigram_text !== null && row.r.trigram_text.indexOf(g) >= 0;
          }).length;
        });
        self.rows.forEach(function (row) {
          var t = row.r.trigram_text;
          if (t === null) return;
          var s = 0;
          var any = false;
          grams.forEach(function (g, k) {
            var f = countSub(t, g);
            if (!f) return;
            any = true;
            var size = Math.max(t.length - 2, 0);
            s += (idf(self.triCount, hits[k]) * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * size) / self.triAvg));
          });
          if (any) scores.set(row.r.id, (scores.get(row.r.id) || 0) + s);
        });
      } else {
        self.rows.forEach(function (row) {
          if (row.r.cjk.indexOf(run) >= 0) scores.set(row.r.id, (scores.get(row.r.id) || 0) + 1);
        });
      }
    });
    if (scores.size) {
      var best = Math.max.apply(null, Array.from(scores.values())) || 1;
      scores.forEach(function (v, k) {
        scores.set(k, v / best);
      });
    }
    return scores;
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
    query = query.trim();
    var read = this.read(query);
    var fans = read[0];
    var rest = read[1];
    var stop = this.stop;
    var latin = fold(rest.replace(CJK, " ")).split(" ").filter(function (w) {
      return w && !stop.has(w);
    });
    var chinese = this.cjkTerms(rest);
    var restWords = latin.length + chinese.length;
    var aboutRest = restWords ? this.textScores(rest) : new Map();
    var aboutAll = this.textScores(query);
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
      var s = share * 3 * (aboutRest.get(r.id) || 0) + 0.5 * (aboutAll.get(r.id) || 0);
      if (words.size) {
        var known = 0;
        words.forEach(function (w) {
          if (row.words.has(w) || row.bigrams.has(w)) known++;
        });
        s += (share * 2 * known) / words.size;
      }
      if (pairs.length) {
        s += (share * pairs.filter(function (p) {
          return r.summary.indexOf(p) >= 0;
        }).length) / pairs.length;
      }
      if (fans.length) s += fanScore(r, fans, restWords);
      if (s > 0) scored.push([r, s]);
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

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      node.setAttribute(k, attrs[k]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(index, q, lang) {
    var main = document.querySelector("main");
    var found = index.find(q, 10);
    var zh = lang === "zh";
    var labels = JSON.parse(document.getElementById("mjref-search-labels").textContent);
    if (found.fans.length) {
      var p = el("p", { class: "fans-named" }, labels.fans_named + " ");
      found.fans.forEach(function (id, n) {
        var f = index.d.fans[String(id)];
        if (!f) return;
        var a = el("a", { href: "../../fans/" + encodeURIComponent(f.key) + "/index.html" }, zh ? f.name_zh : f.name + " ");
        if (!zh) a.appendChild(el("span", { lang: "zh" }, f.name_zh));
        if (n) p.appendChild(document.createTextNode(", "));
        p.appendChild(a);
      });
      main.appendChild(p);
    }
    main.appendChild(el("p", { class: "count" }, (found.hits.length === 1 ? labels.one : labels.many).replace("%(num)s", String(found.hits.length))));
    var list = el("ol", { class: "results" });
    found.hits.forEach(function (hit) {
      var r = hit.ruling;
      var li = el("li", { class: "result" });
      li.appendChild(el("a", { class: "result-title", href: "../../rulings/" + encodeURIComponent(r.id) + "/index.html" }, zh ? r.title_zh || r.title : r.title));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("code", { class: "muted" }, r.id));
      li.appendChild(el("p", { class: "answer" }, zh ? r.answer_zh || r.answer : r.answer));
      list.appendChild(li);
    });
    if (!found.hits.length) list.appendChild(el("li", {}, labels.none));
    main.appendChild(list);
  }

  var script = document.currentScript;
  var root = new URL("../../", script.src);
  window.mjrefSearchIndex = function () {
    return fetch(new URL("search-index.json", root)).then(function (r) {
      return r.json();
    }).then(function (data) {
      return new Index(data);
    });
  };

  function start() {
    var q = new URLSearchParams(location.search).get("q") || "";
    var field = document.getElementById("q");
    if (field) field.value = q;
    if (!q.trim()) return;
    var lang = document.documentElement.lang === "zh-Hans" ? "zh" : "en";
    window.mjrefSearchIndex().then(function (index) {
      if (q.length > index.d.max_query) return;
      show(index, q, lang);
      document.documentElement.dataset.searched = "1";
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
