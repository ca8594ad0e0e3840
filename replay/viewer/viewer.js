/* sanguozhi replay viewer.  The views were folded by the Python code that
   writes this page (replay/page.py): for each perspective a full view every
   `keyframe` events and, in between, patches of what changed (replay/patch.py).
   This script only applies patches and draws; it never folds a record. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("sgz-data").textContent);
  if (D.format !== 1) { document.body.textContent = "This page's data is of an unknown format (" + D.format + ")."; return; }
  D.acts = D.acts || {}; D.tips = D.tips || {}; D.analysis = D.analysis || [];

  var UI = {
    en: { view: "View", review: "Full review", seat: "seat", you: "you", event: "event", log: "Log", tree: "Forks",
          round: "round", turn: "turn", phase: "phase", pile: "pile", discard: "discard", processing: "in play",
          hand: "hand", hp: "hp", equip: "equipment", judge: "judge", dead: "dead", chained: "chained",
          flipped: "face down", concealed: "concealed", over: "Game over", winners: "winners", none: "none",
          points: "points", of: "of", before: "before the first turn", owner: "owner",
          here: "this record", forked: "forked after event", norecord: "no record here", events: "events",
          unfinished: "unfinished", jump: "go", speed: "speed", play: "play", pause: "pause",
          copy: "copy link to this moment", copied: "link copied", download: "download the record",
          help: "Keys", close: "close", tokens: "damage tokens", analysis: "win chance of", blunder: "blunder",
          chance: "win chance", rollouts: "rollouts per choice",
          keys: "Keys: ← → event · Shift+← → turn · PageUp/PageDown round · Home/End · Space play/pause · − + speed · ? help" },
    zh: { view: "视角", review: "全局回放", seat: "号位", you: "你", event: "事件", log: "记录", tree: "分支",
          round: "轮", turn: "回合", phase: "阶段", pile: "牌堆", discard: "弃牌堆", processing: "处理区",
          hand: "手牌", hp: "体力", equip: "装备区", judge: "判定区", dead: "阵亡", chained: "横置",
          flipped: "翻面", concealed: "暗置", over: "游戏结束", winners: "胜者", none: "无",
          points: "积分", of: "/", before: "第一回合之前", owner: "控制者",
          here: "本记录", forked: "分支于事件", norecord: "无记录", events: "个事件",
          unfinished: "未结束", jump: "跳转", speed: "速度", play: "播放", pause: "暂停",
          copy: "复制此刻的链接", copied: "链接已复制", download: "下载记录",
          help: "按键", close: "关闭", tokens: "伤害标记", analysis: "胜率：", blunder: "失误",
          chance: "胜率", rollouts: "每个选择的推演局数",
          keys: "按键：← → 逐事件 · Shift+← → 逐回合 · PageUp/PageDown 逐轮 · Home/End · 空格 播放/暂停 · − + 速度 · ? 帮助" }
  };
  var HELP = [
    ["← →", "one event back / on", "后退/前进一个事件"],
    ["Shift+← →", "one turn back / on", "后退/前进一个回合"],
    ["PageUp PageDown", "one round back / on", "后退/前进一轮"],
    ["Home End", "the start / the end", "开始/结束"],
    ["Space", "play / pause", "播放/暂停"],
    ["− +", "slower / faster (0.25×–4×)", "减速/加速（0.25×–4×）"],
    ["?", "this help (Esc closes it)", "本帮助（Esc 关闭）"]
  ];
  var SPEEDS = [0.25, 0.5, 1, 2, 4];
  var STEP_MS = 600;  // one narrated event at 1×
  var SLOTS = ["weapon", "armor", "defensive_horse", "offensive_horse", "treasure"];

  var st = { p: 0, n: 0, lang: "en", speed: 1, playing: null, strip: null };
  var cache = { p: -1, n: -1, v: null };
  var logCache = { p: -1, lang: "", els: [], shown: -1, now: null };
  var turnStarts = {};
  D.turns.forEach(function (i) { turnStarts[i] = true; });
  var actAt = Object.keys(D.acts).map(Number).sort(function (a, b) { return a - b; });
  var $ = function (id) { return document.getElementById(id); };

  function clone(x) { return x === null || typeof x !== "object" ? x : JSON.parse(JSON.stringify(x)); }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function t(key) { return UI[st.lang][key]; }
  function zh() { return st.lang === "zh"; }
  function name(id) { var n = D.names[id]; return n ? n[zh() ? 1 : 0] : id; }
  function has(id) { return !!D.names[id]; }
  function tipAttr(key) { return D.tips[key] ? ' data-tip="' + esc(key) + '" tabindex="0"' : ""; }

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
    var label = k[zh() ? 1 : 0] + (k[2] ? " " + k[2] : "");
    return '<span class="card' + (k[3] === "red" ? " red" : "") + '" data-card="' + c + '"' + tipAttr("card:" + k[4]) + ">" + esc(label) + "</span>";
  }
  function cards(list) { return list.map(card).join(""); }
  function seatName(s) { return zh() ? s + t("seat") : t("seat") + " " + s; }
  function generalName(g) { return '<span class="gen"' + tipAttr("general:" + g) + ">" + esc(name(g)) + "</span>"; }

  function markText(m, value) {
    var words = name("mark:" + m);
    if (!has("mark:" + m)) words = m + " {v}";
    if (!words) return "";
    return words.replace("{v}", value).replace("{seat}", seatName(value - 1));
  }
  function sideText(side) { var s = has("side:" + side) ? name("side:" + side) : side; return s || ""; }

  // The hp row: hearts, or (a duel general face down to this view) only the damage tokens, which are public.
  function hpRow(c, tokens) {
    var hidden = c.hp === null;
    var hp = hidden ? 0 : Math.max(c.hp, 0), lost = hidden ? c.lost : Math.max(c.max_hp - hp, 0);
    var shown = hidden ? "?" : hp + "/" + c.max_hp;  // a dead character's hp below 0 is 0
    var marks = tokens ? '<span class="tokens" title="' + esc(t("tokens")) + '">' + "✖".repeat(Math.min(lost, 12)) + "</span>"
                       : "♡".repeat(Math.min(lost, 12));
    return '<span class="hearts">' + "♥".repeat(Math.min(hp, 12)) + marks + '</span> <span class="hp">' + shown + "</span>";
  }

  function equipRow(c) {
    var keys = Object.keys(c.equip);
    if (!keys.length) return "";
    keys.sort(function (a, b) { var i = SLOTS.indexOf(a), j = SLOTS.indexOf(b); return (i < 0 ? 99 : i) - (j < 0 ? 99 : j); });
    return '<div class="row equip">' + keys.map(function (k) {
      return '<span class="slot" data-slot="' + esc(k) + '"><i>' + esc(has("equip:" + k) ? name("equip:" + k) : k) + "</i>" + card(c.equip[k]) + "</span>";
    }).join("") + "</div>";
  }

  function charBox(c, v, viewer, opts) {
    opts = opts || {};
    var owner = v.seats[c.owner] || {};
    var cls = "char" + (c.alive ? "" : " dead") + (c.seat === v.current ? " current" : "") + (viewer !== null && c.owner === viewer ? " me" : "");
    var halves = c.generals.length > 1 && has("half:0");
    var plain = [];
    var gens = c.generals.map(function (g, i) {
      plain.push(g === null ? t("concealed") : name(g));
      if (g === null) return '<span class="hidden-general">' + esc(t("concealed")) + "</span>";
      return generalName(g) + (c.concealed[i] ? ' <span class="hidden-general">(' + esc(t("concealed")) + ")</span>" : "");
    });
    // A duel general's side is its player's, shown beside the row.
    var role = opts.duel ? "" : owner.role ? name("role:" + owner.role) : owner.side ? sideText(owner.side) : "?";
    var who = "[" + c.seat + "] " + (halves ? "" : plain.join(" / "));
    var h = '<div class="' + cls + '" data-seat="' + c.seat + '">';
    h += '<div class="head"><span class="who" title="' + esc("[" + c.seat + "] " + plain.join(" / ")) + '">[' + c.seat + "] " + (halves ? "" : gens.join(" / ") || "-") +
         '</span><span class="role" title="' + esc(role) + '">' + esc(role) + "</span></div>";
    // A half face down to the table but seen by this view: dashed (its title says so).
    if (halves) h += '<div class="halves">' + c.generals.map(function (g, i) {
      var down = g !== null && c.concealed[i];
      return '<div class="half' + (down || g === null ? " concealed" : "") + '" title="' + esc(name("half:" + i) + " " + plain[i] + (down ? " (" + t("concealed") + ")" : "")) + '"><i>' +
             esc(name("half:" + i)) + "</i>" + (g === null ? esc(t("concealed")) : generalName(g)) + "</div>";
    }).join("") + "</div>";
    var meta = [];
    if (c.kingdom && name("kingdom:" + c.kingdom) !== role) meta.push(name("kingdom:" + c.kingdom));
    if (c.owner !== c.seat && !opts.duel) meta.push(t("owner") + " " + seatName(c.owner));
    if (owner.points && firstOf(v, c.owner) === c.seat && !opts.duel) meta.push(name("term:points") + " " + owner.points);
    if (viewer !== null && c.owner === viewer) meta.push(t("you"));
    h += '<div class="meta">' + esc(meta.join(" · ")) + "</div>";
    h += '<div class="row">' + hpRow(c, opts.duel) + (opts.duel ? "" : " · " + esc(t("hand")) + ' <span class="hand-count">' + c.hand_count + "</span>") + "</div>";
    h += equipRow(c);
    if (c.judge.length) h += '<div class="row judge">' + esc(t("judge")) + " " + cards(c.judge) + "</div>";
    Object.keys(c.zones).forEach(function (z) {
      if (c.zones[z].length) h += '<div class="row zone" data-zone="' + esc(z) + '"><span class="label">' + esc(name("zone:" + z)) + "</span> " + cards(c.zones[z]) + "</div>";
    });
    var flags = [];
    if (!c.alive) flags.push('<span class="dead-flag">' + esc(t("dead")) + "</span>");
    if (c.chained) flags.push('<span class="chained">' + esc(t("chained")) + "</span>");
    if (c.flipped) flags.push('<span class="flipped">' + esc(t("flipped")) + "</span>");
    Object.keys(c.marks).forEach(function (m) {
      var text = markText(m, c.marks[m]);
      if (text) flags.push('<span class="mark" data-mark="' + esc(m) + '">' + esc(text) + "</span>");
    });
    if (flags.length) h += '<div class="row flags">' + flags.join("") + "</div>";
    if (!opts.duel && owner.hand && owner.hand.length && (c.owner === c.seat || firstOf(v, c.owner) === c.seat)) h += '<div class="row hand-cards"><span class="label">' + esc(t("hand")) + "</span> " + cards(owner.hand) + "</div>";
    return h + "</div>";
  }

  // A duel player's own place: its side, hand, 奇兵 and points (the generals stand in the row beside it).
  function placeBox(c, v, viewer) {
    var s = v.seats[c.owner] || {};
    var cls = "place" + (c.seat === v.current ? " current" : "") + (viewer !== null && c.owner === viewer ? " me" : "");
    var role = s.role ? name("role:" + s.role) : sideText(s.side || "");
    var h = '<div class="' + cls + '" data-place="' + c.owner + '"><div class="head"><span class="who">' + esc(seatName(c.owner) + (role ? " · " + role : "")) +
            "</span>" + (viewer !== null && c.owner === viewer ? '<span class="role">' + esc(t("you")) + "</span>" : "") + "</div>";
    h += '<div class="row">' + esc(t("hand")) + ' <span class="hand-count">' + s.hand_count + "</span>" + (s.points ? " · " + esc(name("term:points")) + " " + s.points : "") + "</div>";
    Object.keys(c.zones).forEach(function (z) {
      h += '<div class="row zone" data-zone="' + esc(z) + '"><span class="label">' + esc(name("zone:" + z)) + "</span> " + (c.zones[z].length ? cards(c.zones[z]) : "—") + "</div>";
    });
    if (s.hand && s.hand.length) h += '<div class="row hand-cards"><span class="label">' + esc(t("hand")) + "</span> " + cards(s.hand) + "</div>";
    return h + "</div>";
  }

  function firstOf(v, seat) {
    for (var i = 0; i < v.characters.length; i++) if (v.characters[i].owner === seat) return v.characters[i].seat;
    return -1;
  }

  // Around a table of n: me at the bottom, then counter-clockwise: the right side upwards,
  // the top leftwards, the left side downwards.  [side, top] counts; the boxes never overlap.
  function ringShape(n) {
    var table = { 1: [0, 0], 2: [0, 1], 3: [0, 2], 4: [1, 1], 5: [1, 2], 6: [1, 3], 7: [2, 2], 8: [2, 3], 9: [2, 4], 10: [2, 5], 11: [3, 4], 12: [3, 5] };
    if (table[n]) return table[n];
    var s = Math.ceil((n - 6) / 2);
    return [s, n - 1 - 2 * s];
  }

  function drawRing(v, viewer) {
    var chars = v.characters, k = chars.length;
    var me = viewer === null ? 0 : Math.max(0, firstOf(v, viewer));
    var shape = ringShape(k), s = shape[0], top = shape[1];
    var at = function (j) { return chars[(me + j) % k]; };
    var box = function (j) { return charBox(at(j), v, viewer); };
    var right = [], topRow = [], left = [];
    for (var j = s; j >= 1; j--) right.push(box(j));
    for (j = s + top; j >= s + 1; j--) topRow.push(box(j));
    for (j = s + top + 1; j <= 2 * s + top; j++) left.push(box(j));
    var bottom = [box(0)];
    for (j = 2 * s + top + 1; j < k; j++) bottom.push(box(j));
    return '<div class="ring">' +
      '<div class="band top">' + topRow.join("") + "</div>" +
      '<div class="mid"><div class="side left">' + left.join("") + "</div>" + centre(v) + '<div class="side right">' + right.join("") + "</div></div>" +
      '<div class="band bottom">' + bottom.join("") + "</div></div>";
  }

  // Two rows facing each other: the viewer's (or the first) below, the other above, read
  // right to left so that the ring closes at both ends.
  function drawRows(v, viewer, duel) {
    var chars = v.characters, players = D.game.players, groups = {}, order = [];
    var mine = viewer === null ? 0 : viewer;
    chars.forEach(function (c) {
      if (duel && c.seat < players) return;
      var key = duel ? String(c.owner) : String((v.seats[c.owner] || {}).side);
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(c);
    });
    var myKey = duel ? String(mine) : String((v.seats[mine] || {}).side);
    if (!groups[myKey]) myKey = order[0];
    if (duel) order.forEach(function (key) { groups[key].sort(function (a, b) { return (a.marks["duel.row"] || 0) - (b.marks["duel.row"] || 0); }); });
    var others = order.filter(function (key) { return key !== myKey; });
    var row = function (list, reverse, cls) {
      var l = reverse ? list.slice().reverse() : list;
      return '<div class="band ' + cls + '">' + l.map(function (c) { return charBox(c, v, viewer, { duel: duel }); }).join("") + "</div>";
    };
    var place = function (seat) { return duel && chars[seat] ? placeBox(chars[seat], v, viewer) : ""; };
    var h = '<div class="rows' + (duel ? " duel" : " teams") + '">';
    others.forEach(function (key) {
      h += place(+key) + (duel ? "" : '<div class="team-name">' + esc(sideText(key)) + "</div>") + row(groups[key], true, "top");
    });
    if (duel && !order.length) for (var s = 0; s < players; s++) if (s !== mine) h += place(s);
    h += centre(v);
    if (myKey !== undefined) h += row(groups[myKey] || [], false, "bottom") + (duel ? "" : '<div class="team-name">' + esc(sideText(myKey)) + "</div>") + place(+myKey);
    else h += place(mine);
    return h + "</div>";
  }

  function centre(v) {
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
      var reason = (v.end_reason || "").split(":")[0];
      var w = v.winners.length ? v.winners.map(seatName).join(zh() ? "、" : ", ") : t("none");
      c += '<div class="over">' + esc(t("over")) + (reason ? " · " + esc(has("end:" + reason) ? name("end:" + reason) : reason) : "") + " · " + esc(t("winners")) + ": " + esc(w);
      if (v.points.length) c += " · " + esc(name("term:points")) + ": " + v.points.join(" / ");
      c += "</div>";
    }
    return c + "</div>";
  }

  function drawTable(v) {
    var viewer = D.views[st.p].seat;
    var html = D.layout === "duel" ? drawRows(v, viewer, true) : D.layout === "teams" ? drawRows(v, viewer, false) : drawRing(v, viewer);
    $("table").className = "layout-" + (D.layout || "ring");
    $("table").innerHTML = html + '<svg class="arrows" aria-hidden="true"><defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"></path></marker></defs></svg>';
    drawAction(v);
  }

  /* -- what happens on the table: the card in play, damage and recovery ------ */
  function lastAct(n, kinds) {
    var lo = 0, hi = actAt.length - 1, best = -1;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (actAt[mid] <= n) { best = mid; lo = mid + 1; } else hi = mid - 1; }
    for (var i = best; i >= 0 && n - actAt[i] < 64; i--) {
      var a = D.acts[actAt[i]];
      if (kinds.indexOf(a[0]) >= 0) return [actAt[i], a];
    }
    return null;
  }

  function drawAction(v) {
    var table = $("table"), svg = table.querySelector("svg.arrows");
    var box = function (c) { return table.querySelector('.char[data-seat="' + c + '"]'); };
    var base = table.getBoundingClientRect();
    svg.setAttribute("width", base.width); svg.setAttribute("height", base.height);
    var use = lastAct(st.n, ["use", "skill"]);
    // The card in play: its use now, or while its cards are still in the processing zone.
    if (use && (use[0] === st.n || (use[1][5] || []).some(function (x) { return v.processing.indexOf(x) >= 0; }))) {
      var a = use[1], from = box(a[1]);
      if (from) a[2].forEach(function (to) {
        var el = box(to);
        if (!el || el === from) return;
        var p = centreOf(from, base), q = centreOf(el, base);
        var line = document.createElementNS("http://www.w3.org/2000/svg", "line");
        var dx = q[0] - p[0], dy = q[1] - p[1], len = Math.sqrt(dx * dx + dy * dy) || 1, cut = Math.min(36, len / 3);
        line.setAttribute("x1", p[0] + dx * cut / len); line.setAttribute("y1", p[1] + dy * cut / len);
        line.setAttribute("x2", q[0] - dx * cut / len); line.setAttribute("y2", q[1] - dy * cut / len);
        line.setAttribute("marker-end", "url(#head)");
        line.setAttribute("class", "arrow " + a[0]);
        line.setAttribute("data-from", a[1]); line.setAttribute("data-to", to);
        svg.appendChild(line);
      });
      if (from) from.classList.add("acting");
    }
    var hit = D.acts[st.n];
    if (hit && (hit[0] === "damage" || hit[0] === "recover" || hit[0] === "lose")) {
      var el = box(hit[2][0]);
      if (el) {
        var badge = document.createElement("span");
        badge.className = "flash " + hit[0];
        badge.textContent = (hit[0] === "recover" ? "+" : "−") + hit[3];
        el.appendChild(badge);
        el.classList.add("hit-" + hit[0]);
      }
    }
  }
  function centreOf(el, base) { var r = el.getBoundingClientRect(); return [r.left - base.left + r.width / 2, r.top - base.top + r.height / 2]; }

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
    var links = D.links && D.links.game;
    function node(n) {
      var here = n.game === D.game.id;
      var h = "<li" + (here ? ' class="this"' : "") + ' data-game="' + esc(n.game) + '">';
      if (n.fork_at) {
        h += esc(t("forked")) + " " + (n.fork_at - 1) + " ";
        if (n.parent === D.game.id && n.fork_at - 1 < D.events) h += '<button type="button" class="fork" data-at="' + (n.fork_at - 1) + '">' + esc(t("jump")) + "</button> ";
        h += "→ ";
      }
      var id = esc(n.game.slice(0, 8));
      h += links && !here && n.events !== null ? '<a class="node" href="' + esc(links + encodeURIComponent(n.game)) + '">' + id + "</a>" : id;
      if (n.events === null) h += " · " + esc(t("norecord"));
      else h += " · " + n.events + " " + esc(t("events")) + " · " + esc(n.end || t("unfinished")) + (n.file ? " · " + esc(n.file) : "");
      if (here) h += " (" + esc(t("here")) + ")";
      if (n.children && n.children.length) h += "<ul>" + n.children.map(node).join("") + "</ul>";
      return h + "</li>";
    }
    $("tree").innerHTML = "<ul>" + D.tree.map(node).join("") + "</ul>";
  }

  /* -- the analysis strip: a seat's win chance along the game, its blunders ---- */
  function reviewOf() {
    var seat = D.views[st.p].seat;
    if (seat !== null) { for (var i = 0; i < D.analysis.length; i++) if (D.analysis[i].seat === seat) return D.analysis[i]; return null; }
    if (!D.analysis.length) return null;
    if (st.strip === null) st.strip = D.analysis[0].seat;
    for (i = 0; i < D.analysis.length; i++) if (D.analysis[i].seat === st.strip) return D.analysis[i];
    return D.analysis[0];
  }

  function drawStrip() {
    var box = $("strip"), r = reviewOf();
    box.hidden = !r;
    if (!r) { box.innerHTML = ""; return; }
    var W = 1000, H = 64, last = Math.max(1, D.events - 1);
    var x = function (i) { return (i / last * W).toFixed(1); }, y = function (p) { return (4 + (1 - p) * (H - 8)).toFixed(1); };
    var pts = r.points.map(function (p) { return x(p[0]) + "," + y(p[1]); }).join(" ");
    var pick = "";
    if (D.views[st.p].seat === null && D.analysis.length > 1)
      pick = ' <select id="strip-seat">' + D.analysis.map(function (a) { return '<option value="' + a.seat + '"' + (a.seat === r.seat ? " selected" : "") + ">" + esc(seatName(a.seat)) + "</option>"; }).join("") + "</select>";
    var h = '<div class="strip-head">' + esc(t("analysis")) + " " + (pick || esc(seatName(r.seat))) + ' <span class="muted">(' + r.rollouts + " " + esc(t("rollouts")) + ")</span></div>";
    h += '<svg viewBox="0 0 ' + W + " " + H + '" preserveAspectRatio="none" class="chance"><rect width="' + W + '" height="' + H + '" class="bg"></rect>' +
         '<line x1="0" x2="' + W + '" y1="' + y(0.5) + '" y2="' + y(0.5) + '" class="half"></line>';
    if (r.points.length) h += '<polyline points="' + pts + '" class="rate"></polyline>';
    r.points.forEach(function (p) {
      if (!p[3]) return;
      var label = t("blunder") + " · " + t("event") + " " + p[0] + " · " + t("chance") + " " + Math.round(p[1] * 100) + "% (" + Math.round(p[2] * 100) + "%)";
      h += '<a href="#e=' + p[0] + '" class="blunder" data-at="' + p[0] + '"><title>' + esc(label) + '</title><line x1="' + x(p[0]) + '" x2="' + x(p[0]) + '" y1="0" y2="' + H + '"></line><circle cx="' + x(p[0]) + '" cy="' + y(p[1]) + '" r="5"></circle></a>';
    });
    h += '<line class="now" x1="' + x(st.n) + '" x2="' + x(st.n) + '" y1="0" y2="' + H + '"></line></svg>';
    var links = r.points.filter(function (p) { return p[3]; }).map(function (p) {
      return '<a href="#e=' + p[0] + '" class="blunder-link" data-at="' + p[0] + '">' + esc(t("blunder")) + " " + p[0] + " (−" + Math.round((p[2] - p[1]) * 100) + "%)</a>";
    });
    if (links.length) h += '<div class="blunders">' + links.join(" ") + "</div>";
    box.innerHTML = h;
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
    var dl = $("download");
    if (D.links && D.links.record) { dl.hidden = false; dl.href = D.links.record; dl.setAttribute("download", D.game.file || D.game.id + ".jsonl"); }
    $("help-keys").innerHTML = HELP.map(function (k) { return "<tr><th>" + esc(k[0]) + "</th><td>" + esc(k[zh() ? 2 : 1]) + "</td></tr>"; }).join("");
    drawPlay();
    drawTree();
  }

  function turnOf(n) { var k = 0; while (k < D.turns.length && D.turns[k] <= n) k++; return k; }

  function link() {
    var seat = D.views[st.p].seat;
    return "#e=" + st.n + "&as=" + (seat === null ? "review" : seat) + "&lang=" + st.lang;
  }

  function render() {
    hideTip();
    var v = viewAt(st.p, st.n);
    drawTable(v);
    drawLog();
    drawStrip();
    $("slider").value = st.n;
    $("goto").value = st.n;
    $("pos").textContent = t("event") + " " + st.n + " " + t("of") + " " + (D.events - 1) + " · " + t("turn") + " " + turnOf(st.n) + " · " + t("round") + " " + v.round;
    try { history.replaceState(null, "", link()); } catch (err) { /* a page without a URL of its own */ }
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

  // Playback steps from one narrated event of this view to the next (silent bookkeeping is skipped).
  function nextShown(n) {
    var lines = D.views[st.p].lines;
    for (var i = n + 1; i < D.events; i++) if (lines[i] || D.acts[i]) return i;
    return D.events - 1;
  }
  function tick() {
    if (st.n >= D.events - 1) { pause(); return; }
    go(nextShown(st.n));
    if (st.n >= D.events - 1) pause();
  }
  function play() {
    if (st.playing !== null) return;
    if (st.n >= D.events - 1) go(0);
    st.playing = setInterval(tick, STEP_MS / st.speed);
    drawPlay();
  }
  function pause() { if (st.playing !== null) { clearInterval(st.playing); st.playing = null; } drawPlay(); }
  function toggle() { if (st.playing === null) play(); else pause(); }
  function setSpeed(x) {
    st.speed = SPEEDS.indexOf(+x) >= 0 ? +x : 1;
    $("speed").value = String(st.speed);
    if (st.playing !== null) { clearInterval(st.playing); st.playing = setInterval(tick, STEP_MS / st.speed); }
  }
  function faster(k) { var i = SPEEDS.indexOf(st.speed) + k; setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i))]); }
  function drawPlay() {
    var b = $("play"), on = st.playing !== null;
    b.textContent = on ? "❚❚" : "▶";
    b.setAttribute("aria-label", t(on ? "pause" : "play"));
    b.classList.toggle("on", on);
  }

  function copyLink() {
    var url = location.href.split("#")[0] + link();
    var out = $("link-out");
    out.hidden = false;
    out.value = url;
    out.select();
    var said = function () { $("copy-link").textContent = t("copied"); setTimeout(function () { $("copy-link").textContent = t("copy"); }, 1500); };
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(said, function () { document.execCommand("copy"); });
      else { document.execCommand("copy"); said(); }
    } catch (err) { /* the link stays shown, selected */ }
  }

  function help(open) { $("help").hidden = !open; if (open) $("help-close").focus(); }

  /* -- tooltips: the rule text of a card, general or skill --------------------- */
  var tipFor = null;
  function showTip(el) {
    var key = el.dataset.tip, text = D.tips[key];
    if (!text) return;
    var tip = $("tip");
    tip.textContent = text[zh() ? 1 : 0];
    tip.hidden = false;
    tipFor = el;
    var r = el.getBoundingClientRect(), w = Math.min(360, window.innerWidth - 16);
    tip.style.maxWidth = w + "px";
    var left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left + window.scrollX));
    tip.style.left = left + "px";
    tip.style.top = (r.bottom + window.scrollY + 6) + "px";
  }
  function hideTip() { var tip = $("tip"); if (tip) tip.hidden = true; tipFor = null; }

  function wire() {
    var slider = $("slider");
    slider.max = D.events - 1;
    $("goto").max = D.events - 1;
    slider.addEventListener("input", function () { go(+slider.value); });
    $("goto").addEventListener("change", function () { go(+$("goto").value); });
    $("goto").addEventListener("keydown", function (e) { if (e.key === "Enter") { go(+$("goto").value); $("goto").blur(); } });
    $("first").onclick = function () { go(0); };
    $("last").onclick = function () { go(D.events - 1); };
    $("prev").onclick = function () { go(st.n - 1); };
    $("next").onclick = function () { go(st.n + 1); };
    $("prev-turn").onclick = function () { go(before(D.turns, st.n)); };
    $("next-turn").onclick = function () { go(after(D.turns, st.n)); };
    $("prev-round").onclick = function () { go(before(D.rounds, st.n)); };
    $("next-round").onclick = function () { go(after(D.rounds, st.n)); };
    $("play").onclick = toggle;
    $("speed").addEventListener("change", function () { setSpeed($("speed").value); $("speed").blur(); });
    // A chosen view keeps no focus: the arrow keys step the game, not the list.
    $("persp").addEventListener("change", function () { setView($("persp").value); $("persp").blur(); });
    $("lang-en").onclick = function () { setLang("en"); };
    $("lang-zh").onclick = function () { setLang("zh"); };
    $("copy-link").onclick = copyLink;
    $("help-open").onclick = function () { help(true); };
    $("help-close").onclick = function () { help(false); };
    $("help").addEventListener("click", function (e) { if (e.target === $("help")) help(false); });
    $("tree").addEventListener("click", function (e) { var at = e.target.dataset && e.target.dataset.at; if (at !== undefined) go(+at); });
    $("log").addEventListener("click", function (e) {
      var line = e.target.closest ? e.target.closest(".line") : null;
      if (line) go(+line.dataset.i);
    });
    $("strip").addEventListener("change", function (e) { if (e.target.id === "strip-seat") { st.strip = +e.target.value; e.target.blur(); drawStrip(); } });
    $("strip").addEventListener("click", function (e) {
      if (e.target.closest && e.target.closest("a")) return;  // a blunder: its link moves there
      var svg = $("strip").querySelector("svg");
      if (!svg || !svg.contains(e.target)) return;
      var r = svg.getBoundingClientRect();
      go(Math.round((e.clientX - r.left) / r.width * (D.events - 1)));
    });
    document.addEventListener("mouseover", function (e) { var el = e.target.closest && e.target.closest("[data-tip]"); if (el && el !== tipFor) showTip(el); else if (!el && tipFor) hideTip(); });
    document.addEventListener("focusin", function (e) { if (e.target.dataset && e.target.dataset.tip) showTip(e.target); });
    document.addEventListener("focusout", hideTip);
    window.addEventListener("hashchange", function () { fromHash(true); drawChrome(); render(); });
    window.addEventListener("resize", function () { render(); });
    document.addEventListener("keydown", function (e) {
      var tag = (e.target.tagName || "").toLowerCase(), type = (e.target.type || "").toLowerCase();
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var k = e.key;
      if (!$("help").hidden) { if (k === "Escape" || k === "?") { help(false); e.preventDefault(); } return; }
      if (tag === "select" || tag === "textarea" || (tag === "input" && type === "text")) return;
      // In the event box, ← → still step (↑ ↓ change its number, Enter goes there).
      if (tag === "input" && type === "number" && k !== "ArrowLeft" && k !== "ArrowRight") return;
      var done = true;
      if (k === "ArrowRight") go(e.shiftKey ? after(D.turns, st.n) : st.n + 1);
      else if (k === "ArrowLeft") go(e.shiftKey ? before(D.turns, st.n) : st.n - 1);
      else if (k === "PageDown") go(after(D.rounds, st.n));
      else if (k === "PageUp") go(before(D.rounds, st.n));
      else if (k === "Home") go(0);
      else if (k === "End") go(D.events - 1);
      else if (k === " " || k === "k") toggle();
      else if (k === "+" || k === "=") faster(1);
      else if (k === "-" || k === "_") faster(-1);
      else if (k === "?") help(true);
      else if (k === "Escape") hideTip();
      else done = false;
      if (done) e.preventDefault();
    });
  }

  function fromHash(again) {
    var q = {};
    if (!again && D.lang) st.lang = D.lang === "zh" ? "zh" : "en";
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) { var p = kv.split("="); if (p[0]) q[p[0]] = decodeURIComponent(p[1] || ""); });
    if (q.lang) st.lang = q.lang === "zh" ? "zh" : "en";
    if (q.as !== undefined) D.views.forEach(function (P, i) { if (String(P.seat === null ? "review" : P.seat) === q.as) st.p = i; });
    if (!again) st.n = D.live ? D.events - 1 : 0;
    if (q.e !== undefined && /^\d+$/.test(q.e)) st.n = Math.min(+q.e, D.events - 1);
  }

  fromHash(false);
  wire();
  drawChrome();
  render();
  // viewAt for other scripts (and the tests) gives a copy: the viewer's own is patched in place.
  window.sgz = { data: D, viewAt: function (p, n) { return clone(viewAt(p, n)); }, go: go, setView: setView, setLang: setLang, play: play, pause: pause, setSpeed: setSpeed,
                 state: function () { return { p: st.p, n: st.n, lang: st.lang }; }, playing: function () { return st.playing !== null; }, speed: function () { return st.speed; } };
})();
