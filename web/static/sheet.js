/* mjref: the session's score sheet (/-/sheet). Without JavaScript the form works alone: "Work out the totals"
 * asks the server. With it, the totals follow each change: the page asks the server for the same page and shows its
 * result, or, in the exported site, the browser settles the sheet itself (static/offline/sheet.js sets
 * window.mjrefSheetEngine). The address keeps the whole sheet, so it is the link to share. The tile keyboard
 * (keyboard.js, the score page's) fills a hand's tiles: it opens under the hand, with the hand's winds.
 * Plain JavaScript, nothing from another host, no inline script. */
(function () {
  "use strict";

  var LIMIT = 16;
  var PENALTIES = ["", "2", "3", "4"]; // the suffix of each penalty's fields (web/sheet_form.py PENALTY_SUFFIXES)
  var CLAIMED = ["c1", "c2", "c3", "c4"];
  var form, result, timer, asked = 0;

  function field(name) {
    return form.elements.namedItem(name);
  }

  function value(name) {
    var f = field(name);
    return f && !f.disabled ? String(f.value || "").trim() : "";
  }

  // Penalty k (its suffix) of hand n written: a seat, points or a foul.
  function penaltyWritten(n, k) {
    return value("h" + n + "x" + k) || value("h" + n + "xp" + k) || value("h" + n + "xr" + k);
  }

  // The house's amount for the foul chosen in penalty k of hand n: {points, to}, or null (none chosen, or the
  // house's table fixes none and the referee decides).
  function houseAmount(n, k) {
    var select = field("h" + n + "xr" + k);
    var option = select && select.selectedOptions[0];
    if (!option || !option.value || !option.dataset.points) return null;
    return { points: Number(option.dataset.points), to: option.dataset.to };
  }

  // The query that carries the sheet: every field written, in the form's order (as web/sheet_form.py share_query);
  // with upto, only the hands before it.
  function query(upto) {
    var q = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.disabled) return;
      var v = String(f.value || "").trim();
      var m = /^h(\d+)/.exec(f.name);
      if (m && upto !== undefined && Number(m[1]) >= upto) return;
      var to = /^h\d+xt(\d?)$/.exec(f.name);
      if (to && !value("h" + m[1] + "xp" + to[1])) return; // the recipients matter only with points
      if (v) q.set(f.name, v);
    });
    return q.toString();
  }

  // A hand ready to settle: a draw, or a winner with from and points or tiles; each penalty with its seat and
  // points (or a foul the house prices); the paper's totals all four or none.
  function complete(n) {
    var h = "h" + n;
    var penalty = PENALTIES.every(function (k) {
      if (!penaltyWritten(n, k)) return true;
      return Boolean(value(h + "x" + k) && (value(h + "xp" + k) || houseAmount(n, k)));
    });
    var claimed = CLAIMED.filter(function (c) {
      return value(h + c);
    }).length;
    penalty = penalty && (claimed === 0 || claimed === 4);
    if (value(h + "w") === "draw") return penalty;
    return Boolean(value(h + "w") && value(h + "f") && (value(h + "p") || value(h + "t")) && penalty);
  }

  // While hands go in, the totals follow the complete hands before the first one still being written; asked
  // for (the button), the whole sheet is settled, and what is wrong in it said.
  function firstIncomplete() {
    for (var n = 1; n <= LIMIT; n++) if (written(n) && !complete(n)) return n;
    return undefined;
  }

  function written(n) {
    var fields = ["w", "f", "p", "t"].concat(CLAIMED);
    return (
      fields.some(function (f) {
        return value("h" + n + f);
      }) ||
      PENALTIES.some(function (k) {
        return penaltyWritten(n, k);
      })
    );
  }

  function row(n) {
    return document.getElementById("hand-row-" + n);
  }

  function showNext() {
    for (var n = 1; n <= LIMIT; n++) {
      if (row(n).hidden) {
        row(n).hidden = false;
        return row(n);
      }
    }
    return null;
  }

  // After a hand is written, the next one is ready below it.
  function keepOneBlank() {
    var last = 0;
    for (var n = 1; n <= LIMIT; n++) if (!row(n).hidden) last = n;
    if (last && last < LIMIT && written(last)) showNext();
  }

  // A drawn hand has no discarder, points or tiles: those fields rest.
  function drawRows() {
    for (var n = 1; n <= LIMIT; n++) {
      var draw = field("h" + n + "w").value === "draw";
      ["f", "p", "t"].forEach(function (f) {
        field("h" + n + f).disabled = draw;
      });
    }
  }

  // Each penalty: a foul the house prices fixes its points and recipients (those fields rest, and the note says
  // the amount); one it does not price asks for them. A written penalty has the next one ready below it.
  function penaltyRows() {
    var texts = {};
    try {
      texts = JSON.parse(form.dataset.foulTexts || "{}");
    } catch (e) {
      texts = {};
    }
    for (var n = 1; n <= LIMIT; n++) {
      PENALTIES.forEach(function (k, i) {
        var amount = houseAmount(n, k);
        var chosen = value("h" + n + "xr" + k);
        ["xp", "xt"].forEach(function (f) {
          var input = field("h" + n + f + k);
          input.disabled = Boolean(amount); // the house's table gives them: not asked, not sent
          input.closest("label").hidden = Boolean(amount);
        });
        var item = row(n).querySelector('[data-penalty="' + (i + 1) + '"]');
        var note = item.querySelector(".sheet-foul-note");
        var text = "";
        if (amount) {
          text = (texts[amount.to] || "")
            .replace("%(points)s", String(amount.points))
            .replace("%(each)s", String(Math.floor(amount.points / 3)));
        } else if (chosen) {
          text = texts.open || "";
        }
        note.textContent = text;
        note.hidden = !text;
        var next = item.nextElementSibling;
        if (next && next.dataset.penalty && next.hidden && penaltyWritten(n, k)) next.hidden = false;
      });
    }
  }

  function names() {
    for (var i = 1; i <= 4; i++) {
      var input = field("p" + i);
      var name = input.value.trim() || input.placeholder;
      document.querySelectorAll('[data-seat-name="' + i + '"]').forEach(function (el) {
        el.textContent = name;
      });
    }
  }

  function show(html) {
    result.innerHTML = html;
    result.querySelectorAll(".sheet-copy").forEach(function (b) {
      b.hidden = false;
    });
  }

  function settle(all) {
    var base = form.action.split("?")[0];
    var whole = query();
    history.replaceState(null, "", base + (whole ? "?" + whole : ""));
    var q = all ? whole : query(firstIncomplete());
    var url = base + (q ? "?" + q : "");
    var number = ++asked;
    var anyHand = false;
    for (var n = 1; n <= LIMIT; n++) anyHand = anyHand || written(n);
    if (!anyHand) {
      show("");
      return Promise.resolve();
    }
    if (!all && !/(^|&)h1w=/.test(q)) return Promise.resolve(); // the first hand is still being written
    var engine = window.mjrefSheetEngine;
    var answer = engine
      ? engine(q, location.href)
      : fetch(url, { headers: { Accept: "text/html" } })
          .then(function (r) {
            return r.text();
          })
          .then(function (text) {
            var page = new DOMParser().parseFromString(text, "text/html");
            var found = page.getElementById("sheet-result");
            return found ? found.innerHTML : "";
          });
    return answer.then(function (html) {
      if (number === asked) {
        show(html);
        document.documentElement.dataset.settled = String(number);
      }
    });
  }

  function later(wait) {
    clearTimeout(timer);
    timer = setTimeout(function () {
      settle(false);
    }, wait);
  }

  function copy(button) {
    var box = document.getElementById("keyboard");
    var texts = {};
    try {
      texts = JSON.parse((box && box.dataset.texts) || "{}");
    } catch (e) {
      texts = {};
    }
    var said = document.getElementById("copy-status");
    var input = document.getElementById("share-url");
    function byHand() {
      input.focus();
      input.select();
      said.textContent = texts["copy-by-hand"] || "Select the link above and copy it.";
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(button.dataset.url).then(function () {
        said.textContent = texts.copied || "Link copied.";
      }, byHand);
    } else {
      byHand();
    }
  }

  function setSelect(id, v) {
    var el = document.getElementById(id);
    if (el && el.value !== v) {
      el.value = v;
      el.dispatchEvent(new Event("change"));
    }
  }

  function setCheck(id, on) {
    var el = document.getElementById(id);
    if (el && el.checked !== on) {
      el.checked = on;
      el.dispatchEvent(new Event("change"));
    }
  }

  // The tile keyboard, opened under hand n with its tiles, the hand's winds and how it was won.
  function openKeyboard(n) {
    var panel = document.getElementById("keyboard");
    var hand = document.getElementById("hand");
    var r = row(n);
    r.insertAdjacentElement("afterend", panel);
    panel.dataset.hand = String(n);
    document.getElementById("sheet-keyboard-hand").textContent = String(n);
    hand.value = field("h" + n + "t").value;
    hand.dispatchEvent(new Event("input"));
    setSelect("kb-prevalent", r.dataset.prevalent);
    var winner = Number(field("h" + n + "w").value);
    if (winner >= 1 && winner <= 4) setSelect("kb-seat", r.dataset.seats[winner - 1]);
    setCheck("kb-self-drawn", field("h" + n + "f").value === "self");
    panel.hidden = false;
    panel.open = true;
    panel.scrollIntoView({ block: "start" });
  }

  function useTiles() {
    var panel = document.getElementById("keyboard");
    var n = panel.dataset.hand;
    if (!n) return;
    field("h" + n + "t").value = document.getElementById("hand").value.trim();
    if (document.getElementById("kb-self-drawn").checked) field("h" + n + "f").value = "self";
    panel.open = false;
    panel.hidden = true;
    row(n).scrollIntoView({ block: "start" });
    keepOneBlank();
    settle(false);
  }

  // A shared link opened where no server fills the form (the exported site): the form filled from the address.
  function fillFromAddress() {
    var params = new URLSearchParams(location.search);
    var empty = Array.prototype.every.call(form.elements, function (f) {
      return !f.name || f.tagName === "SELECT" || !f.value;
    });
    if (!empty || !params.toString()) return false;
    params.forEach(function (v, k) {
      var f = field(k);
      if (f && f.name) f.value = v;
      var m = /^h(\d+)(x|c)?/.exec(k);
      if (m && Number(m[1]) <= LIMIT) {
        for (var n = 1; n <= Number(m[1]); n++) row(n).hidden = false;
        if (m[2] && f) f.closest("details").open = true;
      }
    });
    return true;
  }

  function start() {
    form = document.getElementById("sheet-form");
    result = document.getElementById("sheet-result");
    if (!form || !result) return;
    var filled = fillFromAddress();
    names();
    drawRows();
    penaltyRows();
    keepOneBlank();
    form.addEventListener("input", function (e) {
      if (/^p\d$/.test(e.target.name)) names();
      if (/^h\d+x/.test(e.target.name)) penaltyRows();
      if (e.target.tagName === "INPUT") later(700);
    });
    form.addEventListener("change", function (e) {
      drawRows();
      penaltyRows();
      keepOneBlank();
      if (e.target.tagName === "SELECT") later(200);
    });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      clearTimeout(timer);
      settle(true).then(function () {
        result.scrollIntoView({ block: "start" });
      });
    });
    var next = document.getElementById("sheet-next");
    next.hidden = false;
    next.addEventListener("click", function () {
      var r = showNext();
      if (r) r.scrollIntoView({ block: "start" });
    });
    var print = document.getElementById("sheet-print");
    print.hidden = false;
    print.addEventListener("click", function () {
      window.print();
    });
    document.querySelectorAll("button.sheet-keyboard").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        openKeyboard(Number(b.dataset.hand));
      });
    });
    document.getElementById("keyboard").hidden = true; // keyboard.js shows it: here it waits for a hand's button
    document.getElementById("sheet-use-tiles").addEventListener("click", useTiles);
    result.addEventListener("click", function (e) {
      var b = e.target.closest(".sheet-copy");
      if (b) copy(b);
    });
    result.querySelectorAll(".sheet-copy").forEach(function (b) {
      b.hidden = false;
    });
    if (filled) settle(true);
  }

  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
