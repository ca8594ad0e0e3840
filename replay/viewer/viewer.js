/* sanguozhi replay viewer.  The views were folded by the Python code that
   writes this page (replay/page.py): for each perspective a full view every
   `keyframe` events and, in between, patches of what changed (replay/patch.py).
   This script only applies patches and draws; it never folds a record. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("sgz-data").textContent);
  if (D.format !== 1) { document.body.textContent = "This page's data is of an unknown format (" + D.format + ")."; return; }

  var UI = {
    en: { view: "View", review: "Full review", seat: "seat", you: "you", event: "event", log: "Log", tree: "Forks",
          round: "round", turn: "turn", phase: "phase", pile: "pile", discard: "discard", processing: "in play",
          hand: "hand", hp: "hp", equip: "equipment", judge: "judge", dead: "dead", chained: "chained",
          flipped: "face down", concealed: "concealed", over: "Game over", winners: "winners", none: "none",
          points: "points", of: "of", before: "before the first turn", owner: "owner",
          here: "this record", forked: "forked after event", norecord: "no record here", events: "events",
          unfinished: "unfinished", jump: "go",
          keys: "Keys: ← → event · Shift+← → turn · PageUp/PageDown round · Home/End" },
    zh: { view: "视角", review: "全局回放", seat: "号位", you: "你", event: "事件", log: "记录", tree: "分支",
          round: "轮", turn: "回合", phase: "阶段", pile: "牌堆", discard: "弃牌堆", processing: "处理区",
          hand: "手牌", hp: "体力", equip: "装备区", judge: "判定区", dead: "阵亡", chained: "横置",
          flipped: "翻面", concealed: "暗置", over: "游戏结束", winners: "胜者", none: "无",
          points: "积分", of: "/", before: "第一回合之前", owner: "控制者",
          here: "本记录", forked: "分支于事件", norecord: "无记录", events: "个事件",
          unfinished: "未结束", jump: "跳转",
          keys: "按键：← → 逐事件 · Shift+← → 逐回合 · PageUp/PageDown 逐轮 · Home/End" }
  };

  var st = { p: 0, n: 0, lang: "en" };
  var cache = { p: -1, n: -1, v: null };
  var logCache = { p: -1, lang: "", els: [], shown: -1, now: null };
  var turnStarts = {};
  D.turns.forEach(function (i) { turnStarts[i] = true; });
  var $ = function (id) { return document.getElementById(id); };

  function clone(x) { return x === null || typeof x !== "object" ? x : JSON.parse(JSON.stringify(x)); }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function t(key) { return UI[st.lang][key]; }
  function zh() { return st.lang === "zh"; }
  function name(id) { var n = D.names[id]; return n ? n[zh() ? 1 : 0] : id; }

  /* -- views: keyframe + patches ------------------------------------------ */
  function applyOps(doc, ops) {
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i], path = op[1];
      if (!path.length) { if (op[0] === 0) doc = clone(op[2]); else { doc.length = op[2]; op[3].forEach(function (x) { doc.push(clone(x)); }); } continue; }
      var parent = doc;
      for (var j = 0; j < path.length - 1; j++) parent = parent[path[j]];
      var last = path[path.length - 1];
      if (op[0] === 0) parent[last] = clone(op[2]);
      else if (op[0] === 1) delete parent[last];
      else { var target = parent[last]; target.length = op[2]; op[3].forEach(function (x) { target.push(clone(x)); }); }
    }
    return doc;
  }

  function viewAt(p, n) {
    var P = D.views[p], K = D.keyframe, from, v;
    if (cache.p === p && cache.n <= n && Math.floor(cache.n / K) === Math.floor(n / K)) { from = cache.n; v = cache.v; }
    else { from = Math.floor(n / K) * K; v = clone(P.keys[from / K]); }
    for (var i = from + 1; i <= n; i++) v = applyOps(v, D.patches[P.deltas[i]]);
    cache = { p: p, n: n, v: v };
    return v;
  }

  /* -- drawing -------------------------------------------------------------- */
  function card(c) {
    if (c === null || c === undefined) return '<span class="card down" title="' + esc(t("concealed")) + '">?</span>';
    var k = D.cards[c];
    if (!k) return '<span class="card">' + esc(c) + "</span>";
    var label = k[zh() ? 1 : 0] + " " + k[2];
    return '<span class="card' + (k[3] === "red" ? " red" : "") + '" data-card="' + c + '">' + esc(label) + "</span>";
  }
  function cards(list) { return list.map(card).join(""); }
  function seatName(s) { return zh() ? s + t("seat") : t("seat") + " " + s; }

  function charBox(c, v, viewer, pos) {
    var owner = v.seats[c.owner] || {};
    var cls = "char" + (c.alive ? "" : " dead") + (c.seat === v.current ? " current" : "") + (viewer !== null && c.owner === viewer ? " me" : "");
    var gens = c.generals.map(function (g, i) {
      if (g === null) return '<span class="hidden-general">' + esc(t("concealed")) + "</span>";
      return esc(name(g)) + (c.concealed[i] ? ' <span class="hidden-general">(' + esc(t("concealed")) + ")</span>" : "");
    }).join(" / ") || "-";
    var role = owner.role ? name("role:" + owner.role) : owner.side ? owner.side : "?";
    // A mode may hide hp from a seat (a face-down duel general): only the hp lost shows.
    var hidden = c.hp === null;
    var hp = hidden ? 0 : Math.max(c.hp, 0), lost = hidden ? c.lost : Math.max(c.max_hp - hp, 0);
    var h = '<div class="' + cls + '" data-seat="' + c.seat + '" style="left:' + pos[0] + "%;top:" + pos[1] + '%">';
    h += '<div class="head"><span class="who">[' + c.seat + "] " + gens + '</span><span class="role">' + esc(role) + "</span></div>";
    var meta = [];
    if (c.kingdom) meta.push(name("kingdom:" + c.kingdom));
    if (c.owner !== c.seat) meta.push(t("owner") + " " + seatName(c.owner));
    if (owner.points && firstOf(v, c.owner) === c.seat) meta.push(t("points") + " " + owner.points);
    if (viewer !== null && c.owner === viewer) meta.push(t("you"));
    h += '<div class="meta">' + esc(meta.join(" · ")) + "</div>";
    h += '<div class="row"><span class="hearts">' + "♥".repeat(Math.min(hp, 12)) + "♡".repeat(Math.min(lost, 12)) +
         '</span> <span class="hp">' + (hidden ? "?" : c.hp + "/" + c.max_hp) + "</span> · " + esc(t("hand")) + ' <span class="hand-count">' + c.hand_count + "</span></div>";
    var eq = Object.keys(c.equip).map(function (k) { return c.equip[k]; });
    if (eq.length) h += '<div class="row equip">' + cards(eq) + "</div>";
    if (c.judge.length) h += '<div class="row judge">' + esc(t("judge")) + " " + cards(c.judge) + "</div>";
    Object.keys(c.zones).forEach(function (z) {
      if (c.zones[z].length) h += '<div class="row zone" data-zone="' + esc(z) + '">' + esc(name("zone:" + z)) + " " + cards(c.zones[z]) + "</div>";
    });
    var flags = [];
    if (!c.alive) flags.push('<span class="dead-flag">' + esc(t("dead")) + "</span>");
    if (c.chained) flags.push('<span class="chained">' + esc(t("chained")) + "</span>");
    if (c.flipped) flags.push('<span class="flipped">' + esc(t("flipped")) + "</span>");
    Object.keys(c.marks).forEach(function (m) { flags.push("<span>" + esc(m) + " " + c.marks[m] + "</span>"); });
    if (flags.length) h += '<div class="row flags">' + flags.join("") + "</div>";
    if (owner.hand && owner.hand.length && (c.owner === c.seat || firstOf(v, c.owner) === c.seat)) h += '<div class="row hand-cards"><span class="label">' + esc(t("hand")) + "</span> " + cards(owner.hand) + "</div>";
    return h + "</div>";
  }

  function firstOf(v, seat) {
    for (var i = 0; i < v.characters.length; i++) if (v.characters[i].owner === seat) return v.characters[i].seat;
    return -1;
  }

  function drawTable(v) {
    var viewer = D.views[st.p].seat, chars = v.characters, k = chars.length;
    var me = viewer === null ? 0 : Math.max(0, firstOf(v, viewer));
    var html = "";
    chars.forEach(function (c, i) {
      var j = (i - me + k) % k, a = Math.PI / 2 - j * 2 * Math.PI / k;
      html += charBox(c, v, viewer, [50 + 38 * Math.cos(a), 48 + 34 * Math.sin(a)]);
    });
    var phase = v.phase ? name("phase:" + v.phase) + (zh() ? t("phase") : " " + t("phase")) : "";
    var line = v.turn ? (zh() ? "第" + v.round + t("round") + " 第" + v.turn + t("turn") + " · " + seatName(v.current) + " " + phase
                              : t("round") + " " + v.round + " · " + t("turn") + " " + v.turn + " · " + seatName(v.current) + " · " + phase)
                      : t("before");
    var c = '<div class="center"><div class="turnline">' + esc(line) + "</div>";
    c += '<div><span data-ui="pile">' + esc(t("pile")) + '</span> <span class="pile-count">' + v.pile_count + "</span> · " +
         esc(t("discard")) + ' <span class="discard-count">' + v.discard.length + "</span></div>";
    if (v.processing.length) c += '<div class="processing">' + esc(t("processing")) + " " + cards(v.processing) + "</div>";
    if (v.discard.length) c += '<div class="discard-top">' + cards(v.discard.slice(-4)) + "</div>";
    if (v.ended) {
      var w = v.winners.length ? v.winners.map(seatName).join(", ") : t("none");
      c += '<div class="over">' + esc(t("over")) + " (" + esc(v.end_reason) + ") · " + esc(t("winners")) + ": " + esc(w);
      if (v.points.length) c += " · " + esc(t("points")) + ": " + v.points.join(" / ");
      c += "</div>";
    }
    $("table").innerHTML = html + c + "</div>";
  }

  function drawLog() {
    var P = D.views[st.p], box = $("log");
    if (logCache.p !== st.p || logCache.lang !== st.lang) {
      var parts = [], li = zh() ? 1 : 0;
      for (var i = 0; i < D.events; i++) {
        var k = P.lines[i];
        if (!k) continue;
        var text = D.lines[k][li];
        var turn = turnStarts[i] ? " turn" : "";
        parts.push('<div class="line' + turn + '" data-i="' + i + '" hidden><span class="i">' + i + "</span>" + esc(text) + "</div>");
      }
      box.innerHTML = parts.join("");
      logCache = { p: st.p, lang: st.lang, els: Array.prototype.slice.call(box.children), shown: -1, now: null };
    }
    var els = logCache.els, last = null;
    for (var e = 0; e < els.length; e++) {
      var show = +els[e].dataset.i <= st.n;
      if (els[e].hidden === show) els[e].hidden = !show;
      if (show) last = els[e];
    }
    if (logCache.now) logCache.now.classList.remove("now");
    if (last) { last.classList.add("now"); box.scrollTop = last.offsetTop - box.offsetTop - box.clientHeight + 40; }
    logCache.now = last;
  }

  function drawTree() {
    if (!D.tree) return;
    $("tree-box").hidden = false;
    function node(n) {
      var here = n.game === D.game.id;
      var h = "<li" + (here ? ' class="this"' : "") + ">";
      if (n.fork_at) {
        h += esc(t("forked")) + " " + (n.fork_at - 1) + " ";
        if (n.parent === D.game.id && n.fork_at - 1 < D.events) h += '<button type="button" class="fork" data-at="' + (n.fork_at - 1) + '">' + esc(t("jump")) + "</button> ";
        h += "→ ";
      }
      h += esc(n.game.slice(0, 8));
      if (n.events === null) h += " · " + esc(t("norecord"));
      else h += " · " + n.events + " " + esc(t("events")) + " · " + esc(n.end || t("unfinished")) + (n.file ? " · " + esc(n.file) : "");
      if (here) h += " (" + esc(t("here")) + ")";
      if (n.children && n.children.length) h += "<ul>" + n.children.map(node).join("") + "</ul>";
      return h + "</li>";
    }
    $("tree").innerHTML = "<ul>" + D.tree.map(node).join("") + "</ul>";
  }

  function drawChrome() {
    document.documentElement.lang = st.lang;
    var g = D.game;
    var seed = g.seed === null || g.seed === undefined ? "" : (zh() ? " · 种子 " : " · seed ") + g.seed;
    $("title").textContent = (zh() ? "三国志 回放 · " : "sanguozhi replay · ") + D.title[zh() ? 1 : 0] + " · " + g.players +
      (zh() ? "人" : " players") + seed + " · " + g.id.slice(0, 8);
    var sel = $("persp");
    sel.innerHTML = D.views.map(function (P, i) {
      var label = P.seat === null ? t("review") : seatName(P.seat);
      return '<option value="' + (P.seat === null ? "review" : P.seat) + '"' + (i === st.p ? " selected" : "") + ">" + esc(label) + "</option>";
    }).join("");
    document.querySelectorAll("[data-ui]").forEach(function (el) { el.textContent = t(el.dataset.ui); });
    $("lang-en").classList.toggle("on", !zh());
    $("lang-zh").classList.toggle("on", zh());
    drawTree();
  }

  function turnOf(n) { var k = 0; while (k < D.turns.length && D.turns[k] <= n) k++; return k; }

  function render() {
    var v = viewAt(st.p, st.n);
    drawTable(v);
    drawLog();
    $("slider").value = st.n;
    $("goto").value = st.n;
    $("pos").textContent = t("event") + " " + st.n + " " + t("of") + " " + (D.events - 1) + " · " + t("turn") + " " + turnOf(st.n) + " · " + t("round") + " " + v.round;
    var seat = D.views[st.p].seat;
    try { history.replaceState(null, "", "#e=" + st.n + "&as=" + (seat === null ? "review" : seat) + "&lang=" + st.lang); } catch (err) { /* a page without a URL of its own */ }
  }

  /* -- moving ------------------------------------------------------------- */
  function go(n) { st.n = Math.max(0, Math.min(D.events - 1, n | 0)); render(); }
  function before(list, n) { var r = 0; for (var i = 0; i < list.length; i++) if (list[i] < n) r = list[i]; return r; }
  function after(list, n) { for (var i = 0; i < list.length; i++) if (list[i] > n) return list[i]; return D.events - 1; }
  function setView(value) {
    for (var i = 0; i < D.views.length; i++) {
      var s = D.views[i].seat;
      if (String(s === null ? "review" : s) === String(value)) { st.p = i; drawChrome(); render(); return true; }
    }
    return false;
  }
  function setLang(lang) { st.lang = lang === "zh" ? "zh" : "en"; drawChrome(); render(); }

  function wire() {
    var slider = $("slider");
    slider.max = D.events - 1;
    $("goto").max = D.events - 1;
    slider.addEventListener("input", function () { go(+slider.value); });
    $("goto").addEventListener("change", function () { go(+$("goto").value); });
    $("first").onclick = function () { go(0); };
    $("last").onclick = function () { go(D.events - 1); };
    $("prev").onclick = function () { go(st.n - 1); };
    $("next").onclick = function () { go(st.n + 1); };
    $("prev-turn").onclick = function () { go(before(D.turns, st.n)); };
    $("next-turn").onclick = function () { go(after(D.turns, st.n)); };
    $("prev-round").onclick = function () { go(before(D.rounds, st.n)); };
    $("next-round").onclick = function () { go(after(D.rounds, st.n)); };
    $("persp").addEventListener("change", function () { setView($("persp").value); });
    $("lang-en").onclick = function () { setLang("en"); };
    $("lang-zh").onclick = function () { setLang("zh"); };
    $("tree").addEventListener("click", function (e) { var at = e.target.dataset && e.target.dataset.at; if (at !== undefined) go(+at); });
    document.addEventListener("keydown", function (e) {
      var tag = (e.target.tagName || "").toLowerCase();
      if (tag === "input" && e.target.type === "number") return;
      if (tag === "select" || e.altKey || e.ctrlKey || e.metaKey) return;
      var k = e.key, done = true;
      if (k === "ArrowRight") go(e.shiftKey ? after(D.turns, st.n) : st.n + 1);
      else if (k === "ArrowLeft") go(e.shiftKey ? before(D.turns, st.n) : st.n - 1);
      else if (k === "PageDown") go(after(D.rounds, st.n));
      else if (k === "PageUp") go(before(D.rounds, st.n));
      else if (k === "Home") go(0);
      else if (k === "End") go(D.events - 1);
      else done = false;
      if (done) e.preventDefault();
    });
  }

  function fromHash() {
    var q = {};
    if (D.lang) st.lang = D.lang === "zh" ? "zh" : "en";
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) { var p = kv.split("="); if (p[0]) q[p[0]] = decodeURIComponent(p[1] || ""); });
    if (q.lang) st.lang = q.lang === "zh" ? "zh" : "en";
    if (q.as !== undefined) D.views.forEach(function (P, i) { if (String(P.seat === null ? "review" : P.seat) === q.as) st.p = i; });
    st.n = D.live ? D.events - 1 : 0;
    if (q.e !== undefined && /^\d+$/.test(q.e)) st.n = Math.min(+q.e, D.events - 1);
  }

  fromHash();
  wire();
  drawChrome();
  render();
  // viewAt for other scripts (and the tests) gives a copy: the viewer's own is patched in place.
  window.sgz = { data: D, viewAt: function (p, n) { return clone(viewAt(p, n)); }, go: go, setView: setView, setLang: setLang, state: function () { return { p: st.p, n: st.n, lang: st.lang }; } };
})();
