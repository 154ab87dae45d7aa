// A game table: the status bar (what is asked and of whom, the buttons that are not
// places, the countdown), the board drawn by the game's module with its legal targets,
// the decision panel, the players, my area, what happened since my last move, the log,
// the rules, and the end of the game. On a phone the panels become tabs under the board
// and the status bar sits at the bottom. Updates come over the seat's WebSocket.
import { call, catalog as fetchCatalog, move, onConnection, reconnecting, subscribe } from "./api.js";
import { h, s, clear } from "./dom.js";
import { addText, language } from "./i18n.js";
import { CONNECTION_TEXT } from "./text/connection.js";
import { t } from "./ui/text.js";
import { remember } from "./store.js";
import { gameModule } from "./games.js";
import { arrowKeys, targetOf } from "./ui/targets.js";
import { allOptions, choiceButton, choiceControls, popover } from "./ui/choices.js";
import { zoomable } from "./ui/zoom.js";
import { tabs } from "./ui/tabs.js";
import { hideIfOrphaned } from "./ui/tooltip.js";
import { chime, clock, endScreen, logLine, setSound, signalTurn, sinceList, soundOn } from "./ui/story.js";
import { markScrollers } from "./ui/scrollcue.js";
import { invitations } from "./lobby.js";

addText(CONNECTION_TEXT);

// A small clock face (the fonts on many machines have no clock glyph).
const clockIcon = () => s("svg", { class: "icon", width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" },
  s("circle", { cx: 8, cy: 8, r: 6.5, fill: "#fff", stroke: "currentColor", "stroke-width": 1.8 }),
  s("path", { d: "M8 4.2 V8 L10.6 9.6", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }));
// Choices that are no place on the board and answer the whole question: the status bar.
const QUICK = /^[a-z_-]+$/;
const PHONE = "(max-width: 700px)";

export function showTable(root, gid, token) {
  const ctx = {
    gid, token, catalog: {}, payload: null, prev: null, log: [], filter: null, selected: null,
    changed: new Set(), lang: language(), t,
  };
  const ui = { tab: {}, zoom: { scale: 1, x: 0, y: 0 }, since: {}, all: {}, pop: null, wasMine: false, mark: null, actedAt: null, sending: 0 };
  let gameMod = null;  // the game's module, imported before the first drawing
  const mod = () => gameMod;

  // --- the page's regions ---------------------------------------------------------
  const status = h("header", { class: "statusbar", id: "status", "aria-label": t("decision") });
  const decide = h("section", { class: "panel decide", id: "decision", "aria-labelledby": "decision-title" });
  const prompt = h("div", { id: "prompt", class: "prompt-wrap" }, status, decide);
  const boardBox = h("div", { class: "board-box", id: "board" });
  const zoom = zoomable(boardBox, ui.zoom);
  const board = h("section", { class: "panel board-panel", "aria-label": t("board") }, zoom);
  const mine = h("section", { class: "panel mine", id: "mine", "aria-label": t("yourArea") });
  const side = h("section", { class: "panel players-panel", id: "side", "aria-label": t("players") });
  const since = h("div", { class: "since-box" });
  const logBox = h("ol", { class: "log", id: "log", "aria-label": t("log"), tabindex: 0 });
  const logPanel = h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title", text: t("log") }), since, logBox);
  const rules = h("section", { class: "panel rules", id: "rules", "aria-label": t("rules") });
  // The links a game made in this browser has to pass on (other seats, the spectators'):
  // "Create and play" comes straight here, so they are offered at the table.
  const invite = h("div", { class: "invite-box" });
  const extra = h("div", { id: "extra", class: "extra" });
  const error = h("p", { class: "error", role: "alert", id: "error" });
  // While the server restarts: a pause in the decision panel, never the error line.
  const pause = h("p", { class: "reconnecting muted", id: "reconnecting", role: "status", hidden: true });
  const tabBox = h("div", { class: "tabbox" });
  const skip = h("a", { class: "skip", href: "#decision", onclick: (ev) => { ev.preventDefault(); focusDecision(true); } },
    t("skipToDecision"));
  const grid = h("div", { class: "tablegrid", id: "table" },
    prompt, h("div", { class: "board-area" }, board, mine, extra), tabBox,
    h("div", { class: "side-area" }, side, invite, logPanel, rules));
  root.append(skip, error, grid);
  root.classList.add("at-table");
  // On a phone the status bar is fixed to the bottom edge and as tall as its question:
  // the page keeps that much room under the last panel (--status-h).
  const statusSize = typeof ResizeObserver === "undefined" ? null
    : new ResizeObserver(() => root.style.setProperty("--status-h", `${status.offsetHeight}px`));
  if (statusSize) statusSize.observe(status);
  arrowKeys(grid);

  // --- acting ---------------------------------------------------------------------
  ctx.send = async (action) => {
    // While a move waits out a restart, another click would be a second move made at the
    // same version: the first is kept, the click ignored.
    if (ui.sending && reconnecting()) return;
    error.textContent = "";
    closePopover(false);
    ctx.selected = null;
    // The key goes with every copy of this move: sent again after a restart or a lost
    // reply, the server applies it once.
    const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const version = ctx.payload.version;
    ui.actedAt = version;  // the next version holds my move (the update may beat the reply)
    ui.sending += 1;
    drawConnection();
    try {
      const ack = await move(gid, token, { action, version, key });  // on the socket when it is open
      // The socket may still be reconnecting: the reply's version says the table is behind.
      if (latest().version < ack.version) refresh();
    } catch (e) {
      if (ui.actedAt === version) ui.actedAt = null;
      error.textContent = `${t("notAllowed")}: ${e.message}`;
      refresh();
    } finally {
      ui.sending -= 1;
      drawConnection();
    }
  };
  // Several actions at one place: a popover beside it; one: sent (or confirmed first).
  ctx.choose = (actions, anchor, { confirm = false, title = "" } = {}) => {
    const list = actions.map((a) => (typeof a === "string"
      ? (ctx.payload.choices || []).find((c) => c.action === a) || { action: a, text: a } : a));
    if (!list.length) return;
    if (list.length === 1 && !confirm) { ctx.send(list[0].action); return; }
    openPopover(anchor, list, { confirm, title });
  };
  // Kept for game modules that still filter the listed choices by a place.
  // Some actions ask first wherever they are chosen (the lists, the status bar, the typed
  // form), not only on the board: the game module says which and why (Colonies: resolving
  // over orders still being written).
  const guarded = (action) => {
    const m = mod(), why = m && m.confirmFor ? m.confirmFor(action, ctx.payload, ctx) : null;
    if (!why) { ctx.send(action); return; }
    ctx.choose([action], document.activeElement, { confirm: true, title: why });
  };
  ctx.pick = (filter) => {
    if (!filter) { closePopover(true); return; }
    ctx.choose((ctx.payload.choices || []).filter((c) => filter(c.action)), document.activeElement);
  };
  ctx.seatName = (i) => {
    const seat = ctx.payload && ctx.payload.seats[i];
    return (seat && seat.name) || `${t("seatN")} ${i + 1}`;
  };

  function openPopover(anchor, list, opts = {}) {
    closePopover(false);
    ui.pop = { anchor, key: anchor && anchor.dataset ? anchor.dataset.target || anchor.dataset.id : null };
    const box = popover(anchor, list, ctx.send, () => closePopover(true), opts);
    // Docked on a phone: right under the prompt, before the other controls.
    const after = decide.querySelector(".hint") || decide.querySelector(".prompt-text:last-of-type");
    if (after) after.after(box); else decide.append(box);
    const phone = window.matchMedia(PHONE).matches;
    if (phone) showTab("decide");  // docked in the decision's tab: show it
    requestAnimationFrame(() => {
      const b = box.querySelector("button, select, input");
      if (b) b.focus({ preventScroll: !phone });
      if (phone) box.scrollIntoView({ block: "nearest" });
    });
  }
  function closePopover(refocus) {
    const box = document.getElementById("popover");
    const anchor = ui.pop && ui.pop.anchor;
    ui.pop = null;
    if (box) box.remove();
    if (refocus && anchor && anchor.isConnected) anchor.focus();
  }

  grid.addEventListener("meeple-target", (ev) => {
    const { el, actions, select, confirm } = ev.detail;
    if (select !== undefined) {
      ctx.selected = ctx.selected === select ? null : select;
      const key = el.dataset.target;
      draw();
      const again = grid.querySelector(`[data-target="${CSS.escape(key)}"]`);
      if (again) again.focus();
      return;
    }
    // The popover's title: the place's name, or (a card, a god named by what it shows)
    // the title the game module gave it.
    const label = el.dataset.title || el.getAttribute("aria-label") || "";
    ctx.choose(actions, el, { confirm, title: label });
  });
  grid.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    if (ui.pop) { closePopover(true); return; }
    if (ctx.selected !== null) { ctx.selected = null; draw(); }
  });

  // --- drawing --------------------------------------------------------------------
  const names = (p = ctx.payload) => (p ? p.seats.map((seat, i) => [(seat && seat.name) || `${t("seatN")} ${i + 1}`, i])
    .concat(p.seats.map((_, i) => [`${t("seatN")} ${i + 1}`, i])) : []);

  // Each panel is drawn again only when what it reads changed: a redraw of the whole
  // table on every move cost most of an update's time and lost what a player was
  // hovering. What a panel reads: the game module may say it (inputs.board(p, ctx)...),
  // else the whole payload but the numbers that change with every move.
  const drawn = {};
  // The nodes kept where they are (a module's panel drawn before is not laid out again),
  // the others put in their place.
  const place = (parent, nodes) => {
    const list = nodes.filter(Boolean);
    if (list.some((n, i) => n.parentNode === parent && parent.childNodes[i] !== n)) { parent.replaceChildren(...list); return; }
    list.forEach((n, i) => {
      const here = parent.childNodes[i];
      if (here === n) return;
      if (here) here.replaceWith(n); else parent.append(n);
    });
    while (parent.childNodes.length > list.length) parent.lastChild.remove();
  };
  const sideTitle = h("h2", { class: "sr" });
  const changedFor = (panel, ...parts) => {
    const key = JSON.stringify([ctx.lang, ctx.selected, ...parts]);
    if (drawn[panel] === key) return false;
    drawn[panel] = key;
    return true;
  };
  const inputsOf = (m, panel, p) => {
    const f = m && m.inputs && m.inputs[panel];
    if (f) return [p.seat, p.seats, f(p, ctx)];
    const { version, log_size: size, log_tail: tail, board: text, ...rest } = p;
    return [rest, ui.boardText];
  };

  function draw() {
    const p = ctx.payload, m = mod();
    const keep = focusKey();
    ctx.lang = language();
    if (p.board) ui.boardText = p.board;  // updates over the WebSocket come without the text board
    if (changedFor("board", p.game, inputsOf(m, "board", p))) {
      // A game module may give back the board it drew before, changed in place.
      place(boardBox, [m ? m.board(p, ctx) : h("pre", { class: "board-text", text: ui.boardText || "" })]);
      zoom.refresh();
    }
    if (changedFor("players", p.game, inputsOf(m, "players", p))) {
      const panels = m ? m.players(p, ctx) : null;
      sideTitle.textContent = t("players");
      place(side, [sideTitle, ...[].concat(panels || [])]);
      side.hidden = !panels;
    }
    if (changedFor("mine", p.game, inputsOf(m, "mine", p))) {
      const my = m && m.mine ? m.mine(p, ctx) : null;
      clear(mine).append(my || "");
      mine.hidden = !my;
    }
    if (changedFor("rules", p.game)) {  // a game's rules panel reads the language only
      clear(rules);
      const r = m && m.rules ? m.rules(ctx) : null;
      if (r) rules.append(h("h2", { text: t("rules") }), r);
      rules.hidden = !r;
    }
    if (changedFor("extra", p.game, inputsOf(m, "extra", p))) {
      clear(extra);
      const x = m && m.extra ? m.extra(p, ctx) : null;
      if (x) extra.append(x);
    }
    ui.mapped = onBoard();
    ui.quick = p.choices && p.seat !== null && p.waiting.includes(p.seat)
      ? p.choices.filter((c) => QUICK.test(c.action) && !ui.mapped.has(c.action)).slice(0, 4) : [];
    const seats = p.seats.map((_, i) => ctx.seatName(i)), quick = ui.quick.map((c) => c.action);
    if (changedFor("status", p.title, p.seat, p.finished, p.waiting, p.prompt, p.deadline_at, quick, seats)) drawStatus();
    else drawTurn();
    // The end screen reads the whole view; a finished game gets no more updates.
    if (p.finished || changedFor("decide", p.prompt, p.choices, p.legal, p.waiting, p.seat, [...ui.mapped], quick, seats)) drawDecision();
    drawConnection();
    if (changedFor("since", p.seat, ui.mark, ctx.log.length, seats)) drawSince();
    if (changedFor("invite", p.finished, p.seats.map((x) => x.joined))) drawInvitations();
    if (changedFor("tabs", Boolean(extra.childNodes.length), mine.hidden, side.hidden, rules.hidden, invite.hidden)) drawTabs();
    markChanged();
    markScrollers(grid);
    hideIfOrphaned();
    // Reading the height lays the page out: only when lines came, and before focus is
    // put back (which reads the layout too), so that the page is laid out once.
    if (ui.logAdded) { ui.logAdded = false; logBox.scrollTop = logBox.scrollHeight; }
    restoreFocus(keep);
  }

  // The places to click: on the board, and for a kit game in my area and the extra panel
  // too (a card in my hand). A bespoke game's panels (Clash's advance tree, Cyclades'
  // offers) fold away on a phone, so their choices keep buttons of their own.
  const onTable = (sel) => {
    const m = mod(), boxes = m && m.targetsOffBoard ? [boardBox, mine, extra] : [boardBox];
    return boxes.flatMap((box) => [...box.querySelectorAll(sel)]);
  };
  // The actions they stand for need no button of their own.
  const onBoard = () => {
    const out = new Set();
    for (const el of onTable(".target")) {
      const tg = targetOf(el);
      if (tg) for (const c of tg.actions) out.add(c.action);
    }
    for (const el of boardBox.querySelectorAll(".pick[data-actions]")) for (const a of el.dataset.actions.split("|")) out.add(a);
    return out;
  };

  function drawStatus() {
    const p = ctx.payload;
    clear(status);
    const place = p.seat === null ? t("spectating") : ctx.seatName(p.seat);
    status.append(h("h1", { class: "sr", text: `${p.title} — ${place}` }));
    if (p.finished) {
      status.append(h("p", { class: "status-line", id: "status-line" }, h("strong", { text: t("gameOver") })));
      return;
    }
    const isMine = p.seat !== null && p.waiting.includes(p.seat);
    const who = p.waiting.map((w) => ctx.seatName(w));
    const ask = isMine ? (p.prompt && p.prompt[0]) || t("yourTurn")
      : who.length ? `${who.join(", ")} ${who.length > 1 ? t("areDeciding") : t("isDeciding")}…` : t("nobody");
    status.append(
      h("p", { class: `status-line${isMine ? " is-mine" : ""}`, id: "status-line" },
        h("span", { class: "status-ask", text: ask })),
      h("p", { id: "turn", class: `turn ${isMine ? "ok" : "muted"}`, "aria-live": "polite", text: turnText(isMine, place) }));
    const quick = ui.quick;
    if (quick.length) status.append(h("div", { class: "quick", role: "group", "aria-label": t("decision") },
      quick.map((c) => choiceButton(c, guarded, "quick"))));
    if (p.deadline_at) status.append(h("span", { class: "countdown", role: "timer", id: "countdown-box" }, clockIcon(), h("span", { id: "countdown" })));
    if (isMine) status.append(h("button", { type: "button", class: "ghost to-decision", onclick: () => focusDecision(true) },
      t("tabDecide")));
    const sound = h("input", { type: "checkbox", id: "sound", checked: soundOn() });
    sound.addEventListener("change", () => setSound(sound.checked));
    status.append(h("label", { class: "sound", for: "sound", title: t("sound") }, sound, h("span", { "aria-hidden": "true", text: "♪" }),
      h("span", { class: "sr", text: t("sound") })));
    tickCountdown();
  }

  // Round 0 is the set-up before the first round: no number to show for it.
  const turnText = (isMine, place) => [isMine ? t("youMust") : place,
    ctx.payload.round > 0 ? `${t("roundN")} ${ctx.payload.round}` : null,
    `${t("move")} ${ctx.payload.version}`].filter(Boolean).join(" · ");
  // The status bar as it was but for the move and round numbers.
  function drawTurn() {
    const el = document.getElementById("turn"), p = ctx.payload;
    if (!el || p.finished) return;
    const text = turnText(p.seat !== null && p.waiting.includes(p.seat), p.seat === null ? t("spectating") : ctx.seatName(p.seat));
    if (el.textContent !== text) el.textContent = text;
  }

  function tickCountdown() {
    const el = document.getElementById("countdown"), p = ctx.payload;
    if (!el || !p || !p.deadline_at) return;
    const left = p.deadline_at - Date.now() / 1000;
    el.textContent = left > 0 ? clock(left) : t("timeUp");
    el.parentElement.setAttribute("aria-label", left > 0 ? `${clock(left)} ${t("deadlineLeft")}` : t("timeUp"));
    el.parentElement.classList.toggle("urgent", left < 30);
  }

  function drawDecision() {
    const p = ctx.payload;
    if (p.finished || p.choices) clear(decide);
    if (p.finished) {
      decide.append(endScreen(p, mod(), ctx.seatName, `#/replay/${gid}/${token}`));
      return;
    }
    if (!p.choices) {
      // Kept while the others play (the title may hold the focus): only who is deciding
      // is written again, with no new element to focus and lay out.
      const who = p.waiting.map((w) => `${ctx.seatName(w)} — ${t("deciding")}`).join(", ") || "—";
      if (!ui.others || ui.others.lang !== ctx.lang) {
        ui.others = { lang: ctx.lang, title: h("h2", { id: "decision-title", tabindex: -1, text: t("others") }),
          who: h("p", { class: "muted" }) };
      }
      ui.others.who.textContent = who;
      place(decide, [pause.parentNode === decide ? pause : null, ui.others.title, ui.others.who]);
      return;
    }
    decide.append(h("h2", { id: "decision-title", tabindex: -1, text: t("prompt") }),
      ...(p.prompt || []).map((x) => h("p", { class: "prompt-text", text: x })));
    const mapped = ui.mapped, quick = new Set(ui.quick.map((c) => c.action));
    // The board and the status bar (pass, done...) already offer these.
    const rest = p.choices.filter((c) => !mapped.has(c.action) && !quick.has(c.action));
    // How many places glow (a district, a hex, a card), not how many choices they stand
    // for (a district with three priest levels is one place).
    const places = onTable(".target:not(.selectable)").length;
    if (mapped.size) decide.append(h("p", { class: "hint", text: places ? `${t("pickTarget")} (${places})` : t("pickTarget") }));
    if (rest.length) decide.append(h("div", { class: "choices", role: "group", "aria-label": t("prompt") }, choiceControls(rest, guarded)));
    if (p.choices.length > 1) decide.append(allOptions(p.choices, guarded, ui.all));
    decide.append(typedAction(p));
  }

  function typedAction(p) {
    const input = h("input", { id: "action-text", "aria-label": t("typeAction"), placeholder: t("typeAction"), list: "legal-list", autocomplete: "off" });
    const hint = h("span", { id: "action-hint", class: "muted", "aria-live": "polite" });
    // Checked as you type: a legal action, or free text the server checks (ravens, goals,
    // the Master's events), or neither.
    const FREE = /^(raven|goal|event|sheet)\s/;
    input.addEventListener("input", () => {
      const text = input.value.trim().replace(/\s+/g, " ");
      const ok = !text || p.legal.includes(text) || FREE.test(text);
      input.setAttribute("aria-invalid", ok ? "false" : "true");
      hint.className = ok ? "muted" : "error";
      hint.textContent = ok ? "" : t("notLegal");
    });
    const form = h("form", { class: "typed" }, input, h("button", { type: "submit", class: "ghost" }, t("send")), hint,
      h("datalist", { id: "legal-list" }, p.legal.slice(0, 200).map((a) => h("option", { value: a }))));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); if (input.value.trim()) guarded(input.value.trim()); });
    return form;
  }

  function drawConnection() {
    const on = reconnecting();
    pause.hidden = !on;
    pause.textContent = on ? `${t("connReconnecting")} ${t(ui.sending ? "connMoveKept" : "connPaused")}` : "";
    decide.setAttribute("aria-busy", on ? "true" : "false");
    if (pause.parentNode !== decide) decide.prepend(pause);
  }

  function drawSince() {
    const p = ctx.payload;
    clear(since);
    if (p.seat === null || ui.mark === null) return;
    const lines = ctx.log.slice(ui.mark).map((e) => e.text);
    since.append(sinceList(lines, names(), ui.since));
  }

  function drawInvitations() {
    const p = ctx.payload;
    const box = p.finished ? null : invitations(gid, token);
    clear(invite).append(box || "");
    invite.hidden = !box;
  }

  function drawTabs() {
    const items = [
      // The game's extra panel (god track, advance tree, orders and ravens) is where
      // much of a decision is made: it goes with the decision.
      { id: "decide", label: t("tabDecide"), panel: extra.childNodes.length ? [decide, extra] : decide },
      { id: "mine", label: t("tabMine"), panel: mine.hidden ? null : mine },
      { id: "players", label: t("tabPlayers"), panel: side.hidden ? null : invite.hidden ? side : [side, invite] },
      { id: "log", label: t("tabLog"), panel: logPanel },
      { id: "rules", label: t("tabRules"), panel: rules.hidden ? null : rules },
    ];
    clear(tabBox).append(tabs(items, ui.tab, { label: t("tabMore") }));
  }

  // What changed since this seat last acted: outlined; what changed just now also pulses.
  // Panels kept from an earlier drawing lose the marks that no longer hold.
  function markChanged() {
    for (const el of grid.querySelectorAll("[data-id]")) {
      const id = el.dataset.id;
      el.classList.toggle("changed", ctx.changed.has(id));
      el.classList.toggle("changed-now", Boolean(ui.fresh && ui.fresh.has(id)));
    }
  }

  // --- focus: kept on the decision across redraws ----------------------------------
  function focusKey() {
    const a = document.activeElement;
    if (!a || a === document.body || !grid.contains(a)) return null;
    return { el: a, action: a.dataset && a.dataset.action, target: a.dataset && a.dataset.target,
      id: a.id, tab: a.dataset && a.dataset.tab, inDecide: decide.contains(a) || status.contains(a) };
  }
  function restoreFocus(k) {
    if (!k || k.el.isConnected) return;
    const sel = k.target ? `[data-target="${CSS.escape(k.target)}"]` : k.action ? `#prompt [data-action="${CSS.escape(k.action)}"]`
      : k.tab ? `[data-tab="${CSS.escape(k.tab)}"]` : k.id ? `#${CSS.escape(k.id)}` : null;
    const same = sel && grid.querySelector(sel);
    if (same && same.getClientRects().length) { same.focus({ preventScroll: true }); return; }
    focusDecision(false);
  }
  function showTab(id) {
    const bar = tabBox.querySelector(".tabbar");
    if (bar && bar.select && ui.tab.active !== id) bar.select(id);
  }
  function focusDecision(scroll) {
    if (window.matchMedia(PHONE).matches) showTab("decide");
    const first = decide.querySelector("#game-over") || decide.querySelector(".choice:not([disabled]), .group-row select, .group-row input")
      || status.querySelector(".quick .choice") || decide.querySelector(".target") || boardBox.querySelector(".target")
      || document.getElementById("decision-title");
    if (scroll) decide.scrollIntoView({ block: "nearest", behavior: "auto" });
    if (first) first.focus({ preventScroll: !scroll });
  }
  const typing = () => {
    const a = document.activeElement;
    return a && /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName) && !decide.contains(a) && a.type !== "checkbox";
  };

  // --- updates --------------------------------------------------------------------
  const markKey = (p) => `meeple.mark.${gid}.${p.seat}`;
  // The page's own clock, read by `meeple bench web` (performance.measure 'meeple:*'):
  // from an update arriving to its drawing painted, and from the navigation to the first
  // table painted.
  const painted = (name, start) => requestAnimationFrame(() => setTimeout(() => {
    try { performance.measure(name, { start, end: performance.now() }); } catch { /* an old browser */ }
  }, 0));
  // Lines are taken only where they continue the log (each has its index).
  const addLines = (entries, p) => {
    const who = names(p);
    for (const e of entries || []) {
      if (e.index !== ctx.log.length) continue;
      ctx.log.push(e);
      logBox.append(logLine(e.text, who));
    }
  };
  // An update brings its own new log lines (log_tail); the rest of the log is asked for
  // only after a gap (the first view, a missed update, a reconnection). Each update is
  // taken as it comes (its log lines, the mark of my last move, what it changed), but a
  // table is drawn at most once a frame: an update that comes while the drawing before
  // is still to be painted waits for that frame, and only the newest of those is drawn
  // (the bots' moves of a burst: every log line and change mark is kept, the states in
  // between are not drawn).
  const incoming = { p: null, arrived: 0, fresh: new Set(), held: false, painting: false };
  const latest = () => incoming.p || ctx.payload;
  const update = async (p, lines = null) => {
    const arrived = performance.now();
    const last = latest();
    if (last && p.version < last.version) return;  // an older message overtaken
    const had = ctx.log.length;
    addLines(lines, p);
    addLines(p.log_tail, p);
    if (p.log_size > ctx.log.length) {
      addLines(await call("GET", `/api/games/${gid}/log?since=${ctx.log.length}`, { token, patient: true }), p);
      if (latest() && p.version < latest().version) return;  // overtaken while the log came
    }
    if (ctx.log.length > had) ui.logAdded = true;
    if (ui.mark === null) {
      const stored = Number(localStorage.getItem(markKey(p)));
      ui.mark = Number.isFinite(stored) && localStorage.getItem(markKey(p)) !== null ? Math.min(stored, ctx.log.length) : ctx.log.length;
    }
    if (ui.actedAt !== null && p.version > ui.actedAt) {  // my own move is in: what follows is news to me
      ui.actedAt = null;
      ui.mark = ctx.log.length;
      ctx.changed = new Set();
      localStorage.setItem(markKey(p), String(ui.mark));
    }
    const m = mod(), before = latest();
    if (before && m && m.changedIds) {
      let ids = [];
      try { ids = m.changedIds(before.view, p.view); } catch { ids = []; }
      for (const id of ids) { incoming.fresh.add(id); ctx.changed.add(id); }
    }
    const first = !ctx.payload;
    incoming.p = p;
    incoming.arrived = arrived;
    if (incoming.painting) { incoming.held = true; return; }
    show(first);
  };
  // The newest update taken, drawn; the next one waits until this frame is painted.
  function show(first = false) {
    const p = incoming.p, arrived = incoming.arrived;
    incoming.p = null;
    incoming.held = false;
    ctx.prev = ctx.payload;
    ctx.payload = p;
    ui.fresh = incoming.fresh;
    incoming.fresh = new Set();
    if (ui.pop) closePopover(false);
    draw();
    const isMine = !p.finished && p.seat !== null && p.waiting.includes(p.seat);
    signalTurn(isMine, p.title);
    if (isMine && !ui.wasMine) {
      chime();
      // The first drawing opens at the page's top (header, status bar, board): the
      // keyboard goes to the decision without scrolling past them.
      if (!typing()) focusDecision(!first);
    }
    if (p.finished && ctx.prev && !ctx.prev.finished) focusDecision(true);
    ui.wasMine = isMine;
    grid.dataset.version = String(p.version);  // the version on the screen, drawn (for tests)
    painted(first ? "meeple:first-table" : "meeple:update-to-screen", first ? 0 : arrived);
    incoming.painting = true;
    requestAnimationFrame(() => setTimeout(() => {
      incoming.painting = false;
      if (incoming.held && !left) show();
    }, 0));
  }
  const refresh = () => call("GET", `/api/games/${gid}`, { token, patient: true }).then((p) => update(p))
    .catch((e) => { error.textContent = e.message; });
  const unwatch = onConnection(drawConnection);

  // The view, log and glossary index.html asked for early, if they are this table's
  // (else, or if they failed, asked again here).
  const early = window.__meepleEarly;
  window.__meepleEarly = null;
  const ours = early && early.gid === gid && early.token === token && early.lang === language();
  const firstView = async () => (ours && await early.view) || call("GET", `/api/games/${gid}`, { token, patient: true });
  const firstCatalog = async (game) => (ours && await early.catalog) || fetchCatalog(game);
  const firstLog = async () => (ours && early.log && await early.log) || [];
  let stop = () => {}, left = false;
  firstView().then(async (p) => {
    remember({ id: gid, game: p.game, seat: p.seat, token });
    const [catalog, m, lines] = await Promise.all([firstCatalog(p.game), gameModule(p.game), firstLog()]);
    if (left) return;
    ctx.catalog = catalog;
    gameMod = m;
    // The early log may be a move ahead of the view: its lines beyond the view wait for
    // the update that brings them.
    await update(p, lines.filter((e) => e.index < p.log_size));
    if (!left) stop = subscribe(gid, token, update);
  }).catch((e) => { error.textContent = e.message; });
  const tick = setInterval(tickCountdown, 1000);
  return () => {
    left = true;
    stop();
    unwatch();
    clearInterval(tick);
    root.classList.remove("at-table");
    if (statusSize) statusSize.disconnect();
    root.style.removeProperty("--status-h");
    signalTurn(false, "");
    document.getElementById("tooltip")?.setAttribute("hidden", "");
  };
}
