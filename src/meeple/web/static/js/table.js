// A game table: the board (drawn by the game's module), what I am asked, what others are
// deciding, the log, and the end of the game. Updates come over the seat's WebSocket.
import { call, subscribe } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { remember } from "./store.js";
import * as cult from "./cult.js";
import * as colonies from "./colonies.js";
import * as cyclades from "./cyclades.js";
import * as clash from "./clash.js";

const GAMES = { cult, colonies, cyclades, clash };

export function showTable(root, gid, token) {
  const ctx = { gid, token, catalog: {}, payload: null, log: [], filter: null };
  const head = h("div", { class: "panel", id: "status" });
  const board = h("div", { class: "panel", id: "board" });
  const side = h("div", { class: "panel", id: "side" });
  const decide = h("div", { class: "panel", id: "prompt", "aria-live": "polite" });
  const extra = h("div", { id: "extra" });
  const logBox = h("ol", { class: "log", id: "log" });
  const error = h("p", { class: "error", role: "alert", id: "error" });
  root.append(head, h("div", { class: "table" },
    h("div", {}, board, side),
    h("div", {}, decide, error, extra, h("div", { class: "panel" }, h("h2", { text: t("log") }), logBox))));

  ctx.send = async (action) => {
    error.textContent = "";
    const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    try {
      await call("POST", `/api/games/${gid}/actions`, { token, body: { action, version: ctx.payload.version, key } });
    } catch (e) { error.textContent = `${t("notAllowed")}: ${e.message}`; refresh(); }
  };
  ctx.pick = (filter) => { ctx.filter = filter; draw(); };

  const draw = () => {
    const p = ctx.payload, mod = GAMES[p.game];
    drawStatus(head, p, gid, token);
    clear(board).append(mod ? mod.board(p, ctx) : h("pre", { text: p.board || "" }));
    clear(side).append(mod ? mod.players(p, ctx) : h("span"));
    drawPrompt(decide, p, ctx);
    clear(extra);
    if (mod && mod.extra) extra.append(mod.extra(p, ctx) || "");
    logBox.scrollTop = logBox.scrollHeight;
  };
  const update = async (p) => {
    ctx.payload = p;
    if (p.log_size > ctx.log.length) {
      const more = await call("GET", `/api/games/${gid}/log?since=${ctx.log.length}`, { token });
      for (const e of more) if (e.index === ctx.log.length) { ctx.log.push(e.text); logBox.append(h("li", { text: e.text })); }
    }
    draw();
  };
  const refresh = () => call("GET", `/api/games/${gid}`, { token }).then(update).catch((e) => { error.textContent = e.message; });

  let stop = () => {};
  call("GET", `/api/games/${gid}`, { token }).then(async (p) => {
    remember({ id: gid, game: p.game, seat: p.seat, token });
    ctx.catalog = await call("GET", `/api/catalog/${p.game}`).catch(() => ({}));
    await update(p);
    stop = subscribe(gid, token, update);
  }).catch((e) => { error.textContent = e.message; });
  const tick = setInterval(() => { if (ctx.payload) drawStatus(head, ctx.payload, gid, token); }, 1000);
  return () => { stop(); clearInterval(tick); };
}

function drawStatus(head, p, gid, token) {
  clear(head);
  const who = p.seat === null ? t("spectator") : `${t("seat")} ${p.seat}`;
  head.append(h("h1", { class: "banner", text: `${p.title} — ${who}` }));
  if (p.finished) {
    const r = p.result || {};
    const winners = r.winners && r.winners.length ? r.winners : r.winner !== null && r.winner !== undefined ? [r.winner] : [];
    head.append(h("p", { id: "game-over", class: "banner ok" },
      `${t("gameOver")}. ${winners.length > 1 ? t("winners") : t("winner")}: ${winners.map((w) => `P${w}`).join(", ") || "—"}. ${t("reason")}: ${r.reason}.`),
      h("p", {}, h("a", { href: `#/replay/${gid}/${token}`, id: "replay-link" }, t("replay"))));
    return;
  }
  const mine = p.waiting.includes(p.seat);
  let line = mine ? t("yourTurn") : `${t("waitingFor")} ${p.waiting.map((w) => `P${w}`).join(", ")}`;
  if (p.deadline_at) line += ` · ${t("deadlineIn")} ${Math.max(0, Math.round(p.deadline_at - Date.now() / 1000))} s`;
  head.append(h("p", { id: "turn", class: mine ? "ok" : "muted", text: `${t("round")} ${p.round} · v${p.version} · ${line}` }));
}

function drawPrompt(box, p, ctx) {
  clear(box);
  if (p.finished) return;
  if (!p.choices) {
    box.append(h("h2", { text: t("others") }),
      h("p", { class: "muted", text: p.waiting.map((w) => `P${w} ${t("deciding")}`).join(", ") || "—" }));
    return;
  }
  box.append(h("h2", { text: t("prompt") }), ...p.prompt.map((x) => h("p", { text: x })));
  const shown = ctx.filter ? p.choices.filter((c) => ctx.filter(c.action)) : p.choices;
  if (ctx.filter) box.append(h("button", { type: "button", class: "secondary", onclick: () => ctx.pick(null) }, "×"));
  box.append(h("div", { class: "choices", role: "group", "aria-label": t("prompt") },
    shown.map((c) => h("button", { type: "button", class: "choice", "data-action": c.action, title: c.action,
      onclick: () => { ctx.filter = null; ctx.send(c.action); } }, c.text))));
  const input = h("input", { id: "action-text", "aria-label": t("typeAction"), placeholder: t("typeAction"), list: "legal-list" });
  const hint = h("span", { id: "action-hint", class: "muted", "aria-live": "polite" });
  // Checked as you type: a legal action, or free text the server checks (ravens, goals,
  // the Master's events), or neither.
  const FREE = /^(raven|goal|event)\s/;
  input.addEventListener("input", () => {
    const text = input.value.trim().replace(/\s+/g, " ");
    const ok = !text || p.legal.includes(text) || FREE.test(text);
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    hint.className = ok ? "muted" : "error";
    hint.textContent = ok ? "" : t("notLegal");
  });
  const form = h("form", { class: "seat-row" }, input, h("button", { type: "submit" }, t("send")), hint,
    h("datalist", { id: "legal-list" }, p.legal.slice(0, 200).map((a) => h("option", { value: a }))));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); if (input.value.trim()) ctx.send(input.value.trim()); });
  box.append(form);
}
