/* mjref: the score page's tile keyboard and its "copy link" button.
 *
 * Plain JavaScript, no framework, nothing from another host; the page's Content Security Policy allows no
 * inline script, so this file is all of it. Without JavaScript the keyboard stays hidden and the notation
 * field works alone. The keyboard and the field (input#hand) stay in step both ways: a tap rewrites the
 * field, typing in the field redraws the tiles. A hand is at most four of each tile; it is complete with 14
 * tiles, each kong counted as 3; the last standing tile written (the last one tapped) is the winning tile.
 *
 * The texts it writes are TEXTS below, in English; a page in another language gives them translated, as JSON in
 * the keyboard's data-texts (web/tiles.py KEYBOARD_TEXTS, from the message catalogue). A %(name)s in a text is
 * filled here.
 */
(function () {
  "use strict";

  var HONOURS = "ESWNCFP";
  var SUITS = "mps";
  var TEXTS = {
    "melded-chow": "melded chow",
    "melded-pung": "melded pung",
    "melded-kong": "melded kong",
    "concealed-kong": "concealed kong",
    standing: "standing",
    winning: "winning tile (the last one tapped)",
    "all-four": "%(tile)s: all four are in the hand",
    "claimed-tile": "Claimed tile",
    from: "From",
    first: "first",
    middle: "middle",
    last: "last",
    left: "left",
    opposite: "opposite",
    right: "right",
    unread: "The tiles cannot show this notation yet; Score says what is wrong with it.",
    empty: "Tap the 14 tiles of the hand (a kong counts as 3). The last tile you tap is the winning tile.",
    "declared-only": "%(total)s tiles in declared sets: tap the standing tiles, the winning tile last.",
    counting: "%(total)s of 14 tiles: %(more)s more to go. The last tile you tap is the winning tile.",
    complete: "14 tiles: the hand is complete, won on %(tile)s. Score it.",
    "too-many": "%(total)s tiles: %(over)s too many (a hand has 14, a kong counting as 3). Undo some.",
    "no-more": "All four %(tile)s are in the hand already.",
    "now-lowest": "Now tap the set's lowest tile.",
    "now-tile": "Now tap the set's tile.",
    copied: "Link copied.",
    "copy-by-hand": "Select the link above and copy it.",
    waiting: "Or score these 13 now: the page shows what they wait on.",
  };

  // The page's texts: TEXTS, each replaced by the translation the keyboard's data-texts gives, if any.
  function texts() {
    var box = document.getElementById("keyboard");
    var given = {};
    try {
      given = JSON.parse((box && box.dataset.texts) || "{}");
    } catch (e) {
      given = {};
    }
    var out = {};
    Object.keys(TEXTS).forEach(function (key) {
      out[key] = typeof given[key] === "string" ? given[key] : TEXTS[key];
    });
    return out;
  }

  // A text with its %(name)s holes filled from params.
  function say(text, params) {
    return text.replace(/%\((\w+)\)s/g, function (hole, name) {
      return name in (params || {}) ? String(params[name]) : hole;
    });
  }

  function code(t) {
    return t >= 27 ? HONOURS[t - 27] : String((t % 9) + 1) + SUITS[Math.floor(t / 9)];
  }

  function suitOf(t) {
    return t >= 27 ? "z" : SUITS[Math.floor(t / 9)];
  }

  function meldTiles(m) {
    if (m.kind === "chow") return [m.tile, m.tile + 1, m.tile + 2];
    return m.kind === "pung" ? [m.tile, m.tile, m.tile] : [m.tile, m.tile, m.tile, m.tile];
  }

  // Tiles written the way the notation groups them: "123m5s", "EEE".
  function writeTiles(tiles) {
    var out = "";
    var digits = "";
    var suit = "";
    tiles.forEach(function (t) {
      var s = suitOf(t);
      if (s !== suit && digits) {
        out += digits + suit;
        digits = "";
      }
      if (s === "z") {
        out += HONOURS[t - 27];
        suit = "";
      } else {
        digits += String((t % 9) + 1);
        suit = s;
      }
    });
    return out + (digits ? digits + suit : "");
  }

  function write(state) {
    var text = state.melds
      .map(function (m) {
        var offer = m.concealed ? "" : "," + m.offer;
        return "[" + writeTiles(meldTiles(m)) + offer + "]";
      })
      .join("");
    var standing = state.standing.slice(0, -1).sort(function (a, b) {
      return a - b;
    });
    text += writeTiles(standing);
    if (state.standing.length) text += code(state.standing[state.standing.length - 1]);
    var flags = state.flags.map(Number).join("");
    if (state.prevalent !== "E" || state.seat !== "E" || flags !== "0000") {
      text += "|" + state.prevalent + state.seat + flags;
    }
    if (state.flowers) text += "+" + state.flowers;
    return text;
  }

  // The notation read back (a subset of scorer/notation.py: enough to redraw what is typed). null when it
  // cannot be read; the server's message then says why.
  function readTiles(text) {
    var tiles = [];
    var digits = [];
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch >= "0" && ch <= "9") {
        digits.push(Number(ch));
      } else if (SUITS.indexOf(ch) >= 0) {
        if (!digits.length) return null;
        for (var d = 0; d < digits.length; d++) {
          if (digits[d] < 1) return null;
          tiles.push(SUITS.indexOf(ch) * 9 + digits[d] - 1);
        }
        digits = [];
      } else if (ch === "z") {
        if (!digits.length) return null;
        for (var z = 0; z < digits.length; z++) {
          if (digits[z] < 1 || digits[z] > 7) return null;
          tiles.push(26 + digits[z]);
        }
        digits = [];
      } else if (HONOURS.indexOf(ch) >= 0) {
        if (digits.length) return null;
        tiles.push(27 + HONOURS.indexOf(ch));
      } else {
        return null;
      }
    }
    return digits.length ? null : tiles;
  }

  function readMeld(inner) {
    var parts = inner.split(",");
    if (parts.length > 2) return null;
    var tiles = readTiles(parts[0]);
    if (!tiles || tiles.length < 3 || tiles.length > 4) return null;
    var offer = parts.length === 2 ? Number(parts[1]) : null;
    if (parts.length === 2 && !/^[0-9]$/.test(parts[1])) return null;
    var same = tiles.every(function (t) {
      return t === tiles[0];
    });
    var run = tiles.length === 3 && tiles[0] < 27 && suitOf(tiles[0]) === suitOf(tiles[2]);
    run = run && tiles[1] === tiles[0] + 1 && tiles[2] === tiles[0] + 2 && tiles[0] % 9 <= 6;
    if (same) {
      var kind = tiles.length === 4 ? "kong" : "pung";
      return { kind: kind, tile: tiles[0], offer: offer, concealed: kind === "kong" && offer === null };
    }
    return run ? { kind: "chow", tile: tiles[0], offer: offer, concealed: false } : null;
  }

  function read(text) {
    var s = text.replace(/\s+/g, "");
    var state = blank();
    var at = 0;
    while (s[at] === "[") {
      var end = s.indexOf("]", at);
      if (end < 0) return null;
      var meld = readMeld(s.slice(at + 1, end));
      if (!meld) return null;
      state.melds.push(meld);
      at = end + 1;
    }
    var stop = s.slice(at).search(/[|+]/);
    var tail = stop < 0 ? "" : s.slice(at + stop);
    var tiles = readTiles(stop < 0 ? s.slice(at) : s.slice(at, at + stop));
    if (!tiles) return null;
    state.standing = tiles;
    var suffix = /^(?:\|([ESWN])([ESWN])([01])([01])([01])([01]))?(?:\+([0-8]))?$/.exec(tail);
    if (!suffix) return null;
    if (suffix[1]) {
      state.prevalent = suffix[1];
      state.seat = suffix[2];
      state.flags = [suffix[3], suffix[4], suffix[5], suffix[6]].map(function (f) {
        return f === "1";
      });
    }
    state.flowers = suffix[7] ? Number(suffix[7]) : 0;
    return state;
  }

  function blank() {
    return { melds: [], standing: [], prevalent: "E", seat: "E", flags: [false, false, false, false], flowers: 0 };
  }

  function counts(state) {
    var n = new Array(34).fill(0);
    state.melds.forEach(function (m) {
      meldTiles(m).forEach(function (t) {
        n[t] += 1;
      });
    });
    state.standing.forEach(function (t) {
      n[t] += 1;
    });
    return n;
  }

  function start() {
    var box = document.getElementById("keyboard");
    var input = document.getElementById("hand");
    if (!box || !input) return;
    var T = texts();
    var shown = document.getElementById("kb-hand");
    var status = document.getElementById("kb-status");
    var keys = Array.prototype.slice.call(box.querySelectorAll("button[data-tile]"));
    var modes = Array.prototype.slice.call(box.querySelectorAll(".kb-mode"));
    var froms = Array.prototype.slice.call(box.querySelectorAll(".kb-from"));
    var fromCaption = document.getElementById("kb-from-caption");
    var situation = {
      prevalent: document.getElementById("kb-prevalent"),
      seat: document.getElementById("kb-seat"),
      flowers: document.getElementById("kb-flowers"),
      flags: ["kb-self-drawn", "kb-last-of-kind", "kb-last-of-wall", "kb-kong"].map(function (id) {
        return document.getElementById(id);
      }),
    };
    var faces = {};
    keys.forEach(function (k) {
      faces[k.dataset.tile] = k;
    });

    var state = read(input.value) || blank();
    var unread = input.value.trim() !== "" && read(input.value) === null;
    var history = [];
    var mode = "";
    var offer = 1;
    var notice = "";

    function tileElement(t, extra) {
      var key = faces[code(t)];
      var el = document.createElement("span");
      el.className = "tile tile-" + suitOf(t) + (extra ? " " + extra : "");
      // Named as its key is (not the key's title, which may say all four are in the hand): a screen reader reads
      // the hand tile by tile (issue 37).
      el.title = key.getAttribute("aria-label");
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", el.title);
      ["face", "mark"].forEach(function (part) {
        var sp = document.createElement("span");
        sp.className = part;
        sp.textContent = key.querySelector("." + part).textContent;
        el.appendChild(sp);
      });
      return el;
    }

    function group(tiles, cls, label, marks) {
      var g = document.createElement("span");
      g.className = "tiles " + cls;
      g.title = label;
      g.setAttribute("role", "group");
      g.setAttribute("aria-label", label);
      tiles.forEach(function (t, i) {
        g.appendChild(tileElement(t, marks ? marks(i) : ""));
      });
      return g;
    }

    function claimedIndex(m) {
      if (m.concealed || m.offer === null) return -1;
      var at = m.kind === "chow" ? m.offer - 1 : { 1: 0, 2: 1, 3: meldTiles(m).length - 1 }[m.offer];
      return at === undefined ? -1 : at;
    }

    function draw() {
      shown.textContent = "";
      var hand = document.createElement("span");
      hand.className = "hand hand-inline";
      state.melds.forEach(function (m) {
        var claimed = claimedIndex(m);
        var label = T[(m.concealed ? "concealed-" : "melded-") + m.kind];
        hand.appendChild(
          group(meldTiles(m), m.concealed ? "concealed" : "melded", label, function (i) {
            if (m.concealed) return i === 0 || i === 3 ? "down" : "";
            return i === claimed ? "claimed" : "";
          })
        );
      });
      var standing = state.standing.slice(0, -1);
      if (standing.length) hand.appendChild(group(standing, "standing", T.standing));
      if (state.standing.length) {
        hand.appendChild(group(state.standing.slice(-1), "winning", T.winning));
      }
      shown.appendChild(hand);

      var n = counts(state);
      var kongs = state.melds.filter(function (m) {
        return m.kind === "kong";
      }).length;
      var total = n.reduce(function (a, b) {
        return a + b;
      }, 0) - kongs;
      keys.forEach(function (k) {
        var t = faceIndex(k.dataset.tile);
        var room = 4 - n[t];
        var ok = room >= 1;
        if (mode === "pung") ok = room >= 3;
        if (mode === "kong" || mode === "concealed") ok = room >= 4;
        if (mode === "chow") ok = t < 27 && t % 9 <= 6 && room >= 1 && n[t + 1] < 4 && n[t + 2] < 4;
        k.disabled = !ok;
        var label = faces[k.dataset.tile].getAttribute("aria-label");
        k.title = room < 1 ? say(T["all-four"], { tile: label }) : label;
      });
      modes.forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
      });
      var chow = mode === "chow";
      fromCaption.textContent = chow ? T["claimed-tile"] : T.from;
      var words = chow ? [T.first, T.middle, T.last] : [T.left, T.opposite, T.right];
      froms.forEach(function (b, i) {
        b.textContent = words[i];
        b.setAttribute("aria-pressed", String(Number(b.dataset.offer) === offer));
        b.disabled = mode === "concealed";
      });
      situation.prevalent.value = state.prevalent;
      situation.seat.value = state.seat;
      situation.flowers.value = String(state.flowers);
      situation.flags.forEach(function (box, i) {
        box.checked = state.flags[i];
      });

      var message;
      if (unread) {
        message = T.unread;
      } else if (total === 0) {
        message = T.empty;
      } else if (!state.standing.length) {
        message = say(T["declared-only"], { total: total });
      } else if (total < 14) {
        message = say(T.counting, { total: total, more: 14 - total });
        if (total === 13) message += " " + T.waiting; // a hand of 13: the score page shows its wait grid
      } else if (total === 14) {
        // The tile by its name in the page's language (五条, 发财), as its key is labelled, not its code (issue 37).
        message = say(T.complete, { tile: tileName(state.standing[state.standing.length - 1]) });
      } else {
        message = say(T["too-many"], { total: total, over: total - 14 });
      }
      status.textContent = (notice ? notice + " " : "") + message;
      status.classList.toggle("complete", !unread && total === 14 && state.standing.length > 0);
      notice = "";
    }

    // A tile's name as its key is labelled (the page's language: 五条, 5 bamboo).
    function tileName(t) {
      return faces[code(t)].getAttribute("aria-label");
    }

    function faceIndex(c) {
      if (c.length === 1) return 27 + HONOURS.indexOf(c);
      return SUITS.indexOf(c[1]) * 9 + Number(c[0]) - 1;
    }

    function change(update) {
      history.push(JSON.stringify(state));
      update();
      unread = false;
      input.value = write(state);
      draw();
    }

    keys.forEach(function (k) {
      k.addEventListener("click", function () {
        var t = faceIndex(k.dataset.tile);
        var n = counts(state);
        if (n[t] >= 4 && !mode) {
          notice = say(T["no-more"], { tile: tileName(t) });
          draw();
          return;
        }
        change(function () {
          if (!mode) {
            state.standing.push(t);
          } else if (mode === "concealed") {
            state.melds.push({ kind: "kong", tile: t, offer: null, concealed: true });
          } else {
            state.melds.push({ kind: mode, tile: t, offer: offer, concealed: false });
          }
          mode = "";
        });
      });
    });
    modes.forEach(function (b) {
      b.addEventListener("click", function () {
        mode = mode === b.dataset.mode ? "" : b.dataset.mode;
        if (mode) notice = mode === "chow" ? T["now-lowest"] : T["now-tile"];
        draw();
      });
    });
    froms.forEach(function (b) {
      b.addEventListener("click", function () {
        offer = Number(b.dataset.offer);
        draw();
      });
    });
    document.getElementById("kb-undo").addEventListener("click", function () {
      if (mode) {
        mode = "";
      } else if (history.length) {
        state = JSON.parse(history.pop());
        unread = false;
        input.value = write(state);
      }
      draw();
    });
    document.getElementById("kb-clear").addEventListener("click", function () {
      mode = "";
      change(function () {
        state = blank();
      });
    });
    ["prevalent", "seat", "flowers"].forEach(function (field) {
      situation[field].addEventListener("change", function () {
        var value = situation[field].value;
        change(function () {
          state[field] = field === "flowers" ? Number(value) : value;
        });
      });
    });
    situation.flags.forEach(function (box, i) {
      box.addEventListener("change", function () {
        change(function () {
          state.flags[i] = box.checked;
        });
      });
    });
    input.addEventListener("input", function () {
      var typed = read(input.value);
      unread = typed === null && input.value.trim() !== "";
      if (typed) {
        history.push(JSON.stringify(state));
        state = typed;
      } else if (!input.value.trim()) {
        state = blank();
      }
      draw();
    });

    box.hidden = false;
    draw();
  }

  function copyLink() {
    var button = document.getElementById("copy-link");
    var field = document.getElementById("share-url");
    var said = document.getElementById("copy-status");
    if (!button || !field) return;
    var T = texts();
    function fallback() {
      field.focus();
      field.select();
      var done = false;
      try {
        done = document.execCommand("copy");
      } catch (e) {
        done = false;
      }
      said.textContent = done ? T.copied : T["copy-by-hand"];
    }
    button.addEventListener("click", function () {
      var url = button.dataset.url;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(function () {
          said.textContent = T.copied;
        }, fallback);
      } else {
        fallback();
      }
    });
    button.hidden = false;
  }

  window.mjrefCopyLink = copyLink; // for a result drawn after the page loads (the exported page's)

  function ready() {
    start();
    copyLink();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
