/* sanguozhi live table.  The server sends what this page's seat may see (its view of
   the table, its narration, its own question, who the table waits for); this script
   only draws it and sends answers back, each naming the question it answers.
   Choosing is done in steps, as at every Sanguosha table: the card or skill first
   (a card of the hand, or a button), then its targets (the seats on the table, or
   buttons), then confirm.  Keys: 1-9 choose, Enter confirms, Esc goes back a step,
   P passes or ends the play phase, L switches the language. */
(function () {
  "use strict";
  var BOOT = JSON.parse(document.getElementById("sgz-table").textContent);
  var UI = {
    en: { seat: "seat", you: "you", hand: "hand", hp: "hp", pile: "pile", discard: "discard", processing: "in play",
          round: "round", turn: "turn", before: "before the first turn", dead: "dead", chained: "chained", flipped: "face down",
          concealed: "concealed", deciding: "deciding", secret: "deciding in secret", waiting: "waiting for",
          watching: "watching (the public view)", connecting: "connecting…", lost: "connection lost: reconnecting…",
          pass: "Pass", end: "End the play phase", back: "Back", confirm: "Confirm", answered: "answered: waiting for the table",
          ahead: "asked together with the others: answer when you like", pick: "pick", cards: "card(s)", targets: "choose the target(s)",
          over: "Game over", youwin: "You win!", youlose: "You lose.", draw: "A draw: nobody wins.", winners: "winners", points: "points",
          replay: "open the replay", record: "download the record", seed: "the deal's seed", bot: "bot", handed: "a bot plays for",
          archive: "in the archive", then: "then, with the record:",
          keys: "Keys: 1-9 choose · Enter confirm · Esc back · P pass · L language", nothing: "Nothing to answer with: passing.",
          seconds: "s left", log: "Log" },
    zh: { seat: "号位", you: "你", hand: "手牌", hp: "体力", pile: "牌堆", discard: "弃牌堆", processing: "处理区",
          round: "轮", turn: "回合", before: "第一回合之前", dead: "阵亡", chained: "横置", flipped: "翻面",
          concealed: "暗置", deciding: "思考中", secret: "暗中决定中", waiting: "等待",
          watching: "观战（公开信息）", connecting: "连接中……", lost: "连接中断：正在重连……",
          pass: "放弃", end: "结束出牌阶段", back: "返回", confirm: "确定", answered: "已作答：等待其他玩家",
          ahead: "与其他玩家同时选择：随时作答", pick: "选择", cards: "张牌", targets: "选择目标",
          over: "游戏结束", youwin: "你赢了！", youlose: "你输了。", draw: "和局：没有胜者", winners: "胜者", points: "积分",
          replay: "打开回放", record: "下载记录文件", seed: "发牌的随机种子", bot: "机器人", handed: "机器人代打",
          archive: "在存档中查看", then: "之后可用记录文件：",
          keys: "按键：1-9 选择 · Enter 确定 · Esc 返回 · P 放弃 · L 切换语言", nothing: "没有可以打出的牌：放弃。",
          seconds: "秒", log: "记录" }
  };
  var S = { lang: BOOT.lang === "zh" ? "zh" : "en", data: null, lines: [], step: null, conn: "connecting", pickSel: [], tries: 0, sent: null };
  var $ = function (id) { return document.getElementById(id); };
  var ws = null;

  function t(k) { return UI[S.lang][k]; }
  function zh() { return S.lang === "zh"; }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function both(pair) { return pair ? pair[zh() ? 1 : 0] : ""; }
  function name(id) { var n = BOOT.names[id]; return n ? both(n) : id; }
  function seatWord(s) { return zh() ? s + t("seat") : t("seat") + " " + s; }

  /* -- the connection ------------------------------------------------------------- */
  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + location.host + "/t/" + BOOT.room + "/ws");
    ws.onopen = function () { S.conn = "open"; S.tries = 0; drawBar(); };
    ws.onmessage = function (m) { receive(JSON.parse(m.data)); };
    ws.onclose = function (e) {
      S.conn = "lost"; drawBar();
      if (e.code >= 4400 && e.code < 4500 && e.code !== 4429) { showError(e.reason || "refused"); return; }
      S.tries += 1;
      setTimeout(connect, Math.min(5000, 500 * S.tries));
    };
  }
  function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }

  function receive(m) {
    if (m.t === "hello") { S.lines = []; S.sent = null; return; }  // a new connection: an answer in flight may be lost
    if (m.t === "error") { S.sent = null; showError(m.message); return; }  // a refused answer may be given again
    if (m.t !== "table") return;
    var before = S.data && S.data.ask ? S.data.ask.id : null;
    S.data = m;
    if (m.lines) S.lines = S.lines.concat(m.lines);
    if (!m.ask || m.ask.id !== before) { S.step = null; S.pickSel = []; }
    render();
  }
  function showError(text) {
    var box = $("decision-error");
    if (box) { box.textContent = text; box.hidden = false; }
    else { $("decision").insertAdjacentHTML("afterbegin", '<p class="error" id="decision-error">' + esc(text) + "</p>"); }
  }

  /* -- drawing the table -------------------------------------------------------------- */
  function card(c, opts) {
    opts = opts || {};
    if (c === null || c === undefined) return '<span class="card down" title="' + esc(t("concealed")) + '">?</span>';
    var k = BOOT.cards[c], cls = "card" + (k && k[3] === "red" ? " red" : "") + (opts.cls ? " " + opts.cls : "");
    var label = k ? (zh() ? k[1] : k[0]) + " " + k[2] : String(c);
    return '<span class="' + cls + '" data-card="' + c + '"' + (opts.key ? ' data-key="' + esc(opts.key) + '"' : "") + ">" + esc(label) + "</span>";
  }

  function seatBox(c, v, pos) {
    var d = S.data, me = d.viewer, seat = v.seats[c.owner] || {}, who = d.seats[c.owner] || {};
    if (!c.generals.length && !c.alive && c.owner === c.seat) return placeBox(c, v, pos, seat, who);
    var waits = d.waiting.filter(function (w) { return w.seat === c.owner; })[0];
    var cls = "char" + (c.alive ? "" : " dead") + (c.seat === v.current ? " current" : "") + (c.owner === me ? " me" : "") + (waits ? " waiting" : "");
    var gens = c.generals.map(function (g, i) {
      if (g === null) return '<span class="hidden-general">' + esc(t("concealed")) + "</span>";
      return esc(name(g)) + (c.concealed[i] ? ' <span class="hidden-general">(' + esc(t("concealed")) + ")</span>" : "");
    }).join(" / ") || "—";
    var person = who.kind === "person" ? who.name + (who.handed ? " · " + t("handed") : "") : who.kind === "bot" ? t("bot") + " " + who.bot : "";
    var role = seat.role ? name("role:" + seat.role) : seat.side ? (BOOT.names["kingdom:" + seat.side] ? name("kingdom:" + seat.side) : seat.side) : "?";
    var hidden = c.hp === null, hp = hidden ? 0 : Math.max(c.hp, 0), lost = hidden ? c.lost : Math.max(c.max_hp - hp, 0);
    var h = '<div class="' + cls + '" data-seat="' + c.seat + '" style="left:' + pos[0] + "%;top:" + pos[1] + '%" title="' + esc(person) + '">';
    h += '<div class="head"><span class="who">[' + c.seat + "] " + gens + '</span><span class="role">' + esc(role) + "</span></div>";
    h += '<div class="meta">' + esc(person || " ") + (c.kingdom ? " · " + esc(name("kingdom:" + c.kingdom)) : "") + (c.owner === me ? " · " + esc(t("you")) : "") + "</div>";
    h += '<div class="row"><span class="hearts">' + "♥".repeat(Math.min(hp, 12)) + "♡".repeat(Math.min(lost, 12)) + '</span> <span class="hp">' +
         (hidden ? "?" : Math.max(c.hp, 0) + "/" + c.max_hp) + "</span> · " + esc(t("hand")) + ' <span class="hand-count">' + c.hand_count + "</span></div>";
    var eq = Object.keys(c.equip).map(function (k) { return c.equip[k]; });
    if (eq.length) h += '<div class="row equip">' + eq.map(function (x) { return card(x); }).join("") + "</div>";
    if (c.judge.length) h += '<div class="row judge">' + c.judge.map(function (x) { return card(x); }).join("") + "</div>";
    Object.keys(c.zones).forEach(function (z) { if (c.zones[z].length) h += '<div class="row zone">' + esc(name("zone:" + z)) + " " + c.zones[z].map(function (x) { return card(x); }).join("") + "</div>"; });
    var flags = [];
    if (!c.alive) flags.push(t("dead"));
    if (c.chained) flags.push(t("chained"));
    if (c.flipped) flags.push(t("flipped"));
    if (waits) flags.push(waits.kind === "secret" ? t("secret") : t("deciding"));
    if (flags.length) h += '<div class="row flags">' + flags.map(function (f) { return "<span>" + esc(f) + "</span>"; }).join("") + "</div>";
    return h + "</div>";
  }

  // A player's own place where the player has no general of its own there (the duel's): its name, hand and zones.
  function placeBox(c, v, pos, seat, who) {
    var me = S.data.viewer, role = seat.role ? name("role:" + seat.role) : "";
    var h = '<div class="char place' + (c.owner === me ? " me" : "") + '" data-seat="' + c.seat + '" style="left:' + pos[0] + "%;top:" + pos[1] + '%">';
    h += '<div class="head"><span class="who">' + esc(who.name || seatWord(c.owner)) + '</span><span class="role">' + esc(role) + "</span></div>";
    h += '<div class="row">' + esc(t("hand")) + ' <span class="hand-count">' + c.hand_count + "</span></div>";
    Object.keys(c.zones).forEach(function (z) { if (c.zones[z].length) h += '<div class="row zone">' + esc(name("zone:" + z)) + " " + c.zones[z].map(function (x) { return card(x); }).join("") + "</div>"; });
    return h + "</div>";
  }

  function firstOf(v, seat) {
    for (var i = 0; i < v.characters.length; i++) if (v.characters[i].owner === seat) return v.characters[i].seat;
    return 0;
  }

  function drawTable() {
    var v = S.data.view, chars = v.characters, me = S.data.viewer < 0 ? 0 : firstOf(v, S.data.viewer);
    // A player's own place (the duel's, holding its 奇兵) and every general on the table.
    var shown = chars.filter(function (c) { return c.generals.length || c.alive || c.owner === c.seat; }), k = shown.length;
    var html = shown.map(function (c, i) {
      var at = shown.indexOf(chars[me]) < 0 ? 0 : shown.indexOf(chars[me]);
      var j = (i - at + k) % k, a = Math.PI / 2 + j * 2 * Math.PI / k;
      return seatBox(c, v, [50 + 40 * Math.cos(a), 50 + 38 * Math.sin(a)]);
    }).join("");
    var line = v.turn ? (zh() ? "第" + v.round + t("round") + " 第" + v.turn + t("turn") + " · " + seatWord(v.current) + (v.phase ? " · " + name("phase:" + v.phase) : "")
                             : t("round") + " " + v.round + " · " + t("turn") + " " + v.turn + " · " + seatWord(v.current) + (v.phase ? " · " + name("phase:" + v.phase) : ""))
                      : t("before");
    var c = '<div class="center"><div class="turnline">' + esc(line) + "</div><div>" + esc(t("pile")) + ' <span class="pile-count">' + v.pile_count + "</span> · " +
            esc(t("discard")) + " " + v.discard.length + "</div>";
    if (v.processing.length) c += '<div class="processing">' + v.processing.map(function (x) { return card(x); }).join("") + "</div>";
    if (v.discard.length) c += '<div class="discard-top">' + v.discard.slice(-3).map(function (x) { return card(x); }).join("") + "</div>";
    $("table").innerHTML = html + c + "</div>";
    markTargets();
  }

  function drawBar() {
    var d = S.data, title = both(BOOT.title);
    var status = S.conn === "open" ? "" : '<span class="conn">' + esc(t(S.conn === "lost" ? "lost" : "connecting")) + "</span>";
    var who = !d ? "" : d.viewer < 0 ? t("watching") : seatWord(d.viewer) + " · " + esc((d.seats[d.viewer] || {}).name || "");
    var waits = d && d.waiting.length ? t("waiting") + " " + d.waiting.map(function (w) { return seatWord(w.seat); }).join(", ") : "";
    $("bar").innerHTML = '<strong>' + esc(title) + "</strong> <span>" + esc(who) + '</span> <span class="waits">' + esc(waits) + "</span> " + status +
      ' <button type="button" id="lang">' + (zh() ? "English" : "中文") + "</button>";
    $("lang").onclick = switchLang;
  }

  function drawLog() {
    var box = $("log"), li = zh() ? 2 : 1;
    box.innerHTML = "<h2>" + esc(t("log")) + "</h2>" + S.lines.map(function (l) { return '<div class="line"><span class="i">' + l[0] + "</span>" + esc(l[li]) + "</div>"; }).join("");
    box.scrollTop = box.scrollHeight;
  }

  /* -- the decision --------------------------------------------------------------------- */
  // The answers grouped for the first step: a card (or skill) and the answers that use it.
  function groups(ask) {
    var out = [], by = {};
    ask.choices.forEach(function (ch, i) {
      if (ch.pass) return;
      var key = ch.what ? ch.option + "|" + ch.cards.join(",") : "#" + i;
      if (!by[key]) { by[key] = { key: key, label: ch.what || ch.label, choices: [], cards: ch.cards, option: ch.option }; out.push(by[key]); }
      by[key].choices.push(i);
    });
    return out;
  }
  function passing(ask) { for (var i = 0; i < (ask.choices || []).length; i++) if (ask.choices[i].pass) return i; return -1; }

  function drawDecision() {
    var d = S.data, box = $("decision"), ask = d.ask;
    if (d.end) { box.innerHTML = endPanel(d); return; }
    if (!ask) { box.innerHTML = '<p class="quiet">' + esc(d.waiting.length ? t("waiting") + " " + d.waiting.map(function (w) { return seatWord(w.seat) + (w.kind === "secret" ? "" : ""); }).join(", ") : "") + "</p>" + hand(); return; }
    var h = "<h2>" + esc(both(ask.title)) + "</h2>";
    if (ask.answered) { box.innerHTML = h + '<p class="quiet">' + esc(t("answered")) + "</p>" + hand(); return; }
    if (ask.ahead) h += '<p class="quiet">' + esc(t("ahead")) + "</p>";
    h += ask.pick ? pickStep(ask) : choiceStep(ask);
    box.innerHTML = h + hand();
    box.querySelectorAll("[data-answer]").forEach(function (b) { b.onclick = function () { answer(+b.dataset.answer); }; });
    box.querySelectorAll("[data-group]").forEach(function (b) { b.onclick = function () { chooseGroup(b.dataset.group); }; });
    box.querySelectorAll("[data-target]").forEach(function (b) { b.onclick = function () { chooseTarget(+b.dataset.target); }; });
    box.querySelectorAll("[data-toggle]").forEach(function (b) { b.onclick = function () { toggle(+b.dataset.toggle); }; });
    var back = $("back"); if (back) back.onclick = goBack;
    var ok = $("confirm"); if (ok) ok.onclick = confirm;
    box.querySelectorAll(".hand .card").forEach(function (el) { el.onclick = function () { clickCard(+el.dataset.card); }; });
  }

  function hand() {
    var d = S.data, v = d.view, me = d.viewer;
    if (me < 0 || !v.seats[me] || !v.seats[me].hand) return "";
    var usable = {};
    if (d.ask && d.ask.choices && !d.ask.answered) d.ask.choices.forEach(function (ch) { ch.cards.forEach(function (c) { usable[c] = true; }); });
    if (d.ask && d.ask.pick) d.ask.pick.cards.forEach(function (p) { usable[p.card] = true; });
    return '<div class="hand"><span class="label">' + esc(t("hand")) + "</span> " +
      v.seats[me].hand.map(function (c) { return card(c, { cls: (usable[c] ? "usable" : "") + (S.pickSel.indexOf(c) >= 0 ? " chosen" : "") }); }).join("") + "</div>";
  }

  function choiceStep(ask) {
    var pi = passing(ask), h = "";
    if (!S.step) {
      var gs = groups(ask);
      if (!gs.length && pi >= 0) h += '<p class="quiet">' + esc(t("nothing")) + "</p>";
      h += '<div class="choices">' + gs.map(function (g, n) {
        return '<button type="button" class="choice" data-group="' + esc(g.key) + '">' + (n < 9 ? "<kbd>" + (n + 1) + "</kbd> " : "") + esc(both(g.label)) + "</button>";
      }).join("") + "</div>";
    } else {
      h += '<p class="step">' + esc(both(S.step.group.label)) + " — " + esc(t("targets")) + "</p>";
      var next = nextTargets();
      h += '<div class="choices">' + next.map(function (s, n) {
        return '<button type="button" class="target" data-target="' + s + '">' + (n < 9 ? "<kbd>" + (n + 1) + "</kbd> " : "") + esc(seatLabel(s)) + "</button>";
      }).join("") + "</div>";
      h += '<button type="button" id="back">' + esc(t("back")) + "</button> ";
      if (complete() !== null) h += '<button type="button" id="confirm" class="confirm">' + esc(t("confirm")) + "</button> ";
    }
    if (pi >= 0) h += '<button type="button" class="pass" data-answer="' + pi + '"><kbd>P</kbd> ' + esc(ask.choices[pi].option === "end" ? t("end") : both(ask.choices[pi].label)) + "</button>";
    return h;
  }

  function seatLabel(s) {
    var c = S.data.view.characters[s], g = c && c.generals.length && c.generals[0] ? name(c.generals[0]) : "";
    return (s === S.data.viewer ? t("you") + " · " : "") + seatWord(s) + (g ? " " + g : "");
  }

  function pickStep(ask) {
    var p = ask.pick, n = S.pickSel.length;
    var h = '<p class="step">' + esc(t("pick")) + " " + (p.min === p.max ? p.min : p.min + "-" + p.max) + " " + esc(t("cards")) + "</p><div class=\"choices\">";
    h += p.cards.map(function (c, i) {
      return '<button type="button" class="pickcard' + (S.pickSel.indexOf(c.card) >= 0 ? " on" : "") + '" data-toggle="' + c.card + '">' + (i < 9 ? "<kbd>" + (i + 1) + "</kbd> " : "") + esc(both(c.label)) + "</button>";
    }).join("") + "</div>";
    if (n >= p.min && n <= p.max) h += '<button type="button" id="confirm" class="confirm">' + esc(t("confirm")) + "</button>";
    return h;
  }

  function chooseGroup(key) {
    var ask = S.data.ask, g = groups(ask).filter(function (x) { return x.key === key; })[0];
    if (!g) return;
    var first = ask.choices[g.choices[0]];
    if (g.choices.length === 1 && !first.targets.length) { answer(g.choices[0]); return; }
    S.step = { group: g, picked: [] };
    render();
  }
  // The legal next target: the seats the group's answers name at the next place, after those picked.
  function nextTargets() {
    var ask = S.data.ask, st = S.step, out = [];
    st.group.choices.forEach(function (i) {
      var ts = ask.choices[i].targets;
      if (ts.length > st.picked.length && st.picked.every(function (s, k) { return ts[k] === s; }) && out.indexOf(ts[st.picked.length]) < 0) out.push(ts[st.picked.length]);
    });
    return out;
  }
  // The answer the targets picked so far make up, if they make one.
  function complete() {
    var ask = S.data.ask, st = S.step;
    for (var k = 0; k < st.group.choices.length; k++) {
      var i = st.group.choices[k], ts = ask.choices[i].targets;
      if (ts.length === st.picked.length && ts.every(function (s, j) { return st.picked[j] === s; })) return i;
    }
    return null;
  }
  function chooseTarget(s) {
    if (!S.step || nextTargets().indexOf(s) < 0) return;
    S.step.picked.push(s);
    var done = complete();
    if (done !== null && !nextTargets().length) { answer(done); return; }
    render();
  }
  function goBack() { if (S.step && S.step.picked.length) S.step.picked.pop(); else S.step = null; render(); }
  function confirm() {
    var ask = S.data.ask;
    if (ask.pick) { answer(S.pickSel.slice()); return; }
    var done = S.step ? complete() : null;
    if (done !== null) answer(done);
  }
  function toggle(c) {
    var i = S.pickSel.indexOf(c), p = S.data.ask.pick;
    if (i >= 0) S.pickSel.splice(i, 1); else if (S.pickSel.length < p.max) S.pickSel.push(c);
    if (p.min === p.max && p.max === 1 && S.pickSel.length === 1) { answer(S.pickSel.slice()); return; }
    render();
  }
  function clickCard(c) {
    var ask = S.data.ask;
    if (!ask || ask.answered) return;
    if (ask.pick) { if (ask.pick.cards.some(function (p) { return p.card === c; })) toggle(c); return; }
    var gs = groups(ask).filter(function (g) { return g.cards.indexOf(c) >= 0; });
    if (gs.length === 1) chooseGroup(gs[0].key);
  }
  function answer(a) {
    // One answer a question: a second click before the table's reply would be refused.
    var q = S.data.ask.id;
    if (S.sent === q) return;
    S.sent = q;
    send({ t: "answer", q: q, a: a }); S.step = null; S.pickSel = [];
  }

  function markTargets() {
    var tableEl = $("table"), targets = S.step ? nextTargets() : [];
    tableEl.querySelectorAll(".char").forEach(function (el) {
      var s = +el.dataset.seat, on = targets.indexOf(s) >= 0;
      el.classList.toggle("target", on);
      el.onclick = on ? function () { chooseTarget(s); } : null;
    });
  }

  function endPanel(d) {
    var e = d.end, me = d.viewer;
    var verdict = !e.winners.length ? t("draw") : me < 0 ? t("winners") + ": " + e.winners.map(seatWord).join(", ") : e.winners.indexOf(me) >= 0 ? t("youwin") : t("youlose");
    var last = S.lines.length ? S.lines[S.lines.length - 1][zh() ? 2 : 1] : "";
    var h = '<h2 class="over">' + esc(t("over")) + " · " + esc(verdict) + "</h2><p>" + esc(last) + "</p>";
    if (e.points.length) h += "<p>" + esc(t("points")) + ": " + e.points.map(function (p, s) { return seatWord(s) + " " + p; }).join(" · ") + "</p>";
    if (e.seed) h += '<p class="quiet">' + esc(t("seed")) + ": <code>" + esc(e.seed) + "</code></p>";
    h += '<p><a id="replay-link" href="/t/' + BOOT.room + '/replay">' + esc(t("replay")) + '</a> · <a href="/t/' + BOOT.room + '/record">' + esc(t("record")) +
         '</a> · <a href="/game/' + BOOT.room + '">' + esc(t("archive")) + "</a></p>";
    var rec = e.record, seat = me < 0 ? 0 : me;
    h += '<p class="quiet">' + esc(t("then")) + ' <code>sgz fork ' + esc(rec) + " --at N --out what-if.jsonl</code> · <code>sgz analyze " + esc(rec) + " --seat " + seat + " --blunders</code></p>";
    return h;
  }

  function render() {
    document.documentElement.lang = S.lang;
    drawBar();
    if (!S.data || !S.data.view) return;
    drawTable();
    drawDecision();
    drawLog();
  }

  function switchLang() {
    S.lang = zh() ? "en" : "zh";
    document.cookie = "sgz_lang=" + S.lang + ";path=/;max-age=31536000;samesite=lax";
    render();
  }

  document.addEventListener("keydown", function (e) {
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || e.altKey || e.ctrlKey || e.metaKey) return;
    var d = S.data, ask = d && d.ask;
    if (e.key === "l" || e.key === "L") { switchLang(); e.preventDefault(); return; }
    if (!ask || ask.answered) return;
    var n = /^[1-9]$/.test(e.key) ? +e.key - 1 : -1;
    if (n >= 0) {
      if (ask.pick) { if (ask.pick.cards[n]) toggle(ask.pick.cards[n].card); }
      else if (!S.step) { var g = groups(ask)[n]; if (g) chooseGroup(g.key); }
      else { var s = nextTargets()[n]; if (s !== undefined) chooseTarget(s); }
    } else if (e.key === "Enter") confirm();
    else if (e.key === "Escape") goBack();
    else if ((e.key === "p" || e.key === "P") && ask.choices && passing(ask) >= 0) answer(passing(ask));
    else return;
    e.preventDefault();
  });

  window.sgzTable = { state: function () { return S; }, answer: answer, send: send };
  drawBar();
  connect();
})();
