// The Colonies 1402 table: the province map with each owner's banner (offensives and
// colonies ordered by clicking a province), each house as a panel of counts, my house
// (resources, orders, ravens, goal) that only I see, the season reports drawn from their
// Markdown, and the Master's console.
import { call } from "./api.js";
import { h, s, clear } from "./dom.js";
import { addText, t } from "./i18n.js";
import { hasSheets, sheetForm, masterSheets, openingPost, sheetRow } from "./colonies_sheet.js";
import { COLONIES_TEXT } from "./text/colonies.js";
import { renderReport } from "./colonies/report.js";
import { masterConsole, resolveSeal } from "./colonies/master.js";

export { confirmFor } from "./colonies/master.js";
import { playerPanel } from "./ui/panel.js";
import { seatColour } from "./ui/colours.js";
import { at, banner, block, coin, icon, meeple, star, figure } from "./ui/pieces.js";
import { target } from "./ui/targets.js";
import { help } from "./ui/tooltip.js";

addText(COLONIES_TEXT);

const ROWS = [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10], [11, 12, 13, 14], [15]];
const POS = {};
// Rows 130 apart: room under each province for its name on two lines (Russian names are
// long) at a size that stays 11 px or more when the map is a phone's width.
const ROW_GAP = 130, MAP_H = 55 + 4 * ROW_GAP + 110, NAME_PX = 24;
ROWS.forEach((row, r) => row.forEach((id, i) => { POS[id] = [400 + (i - (row.length - 1) / 2) * 200, 55 + r * ROW_GAP]; }));
// A long name on two lines, split at the space nearest its middle.
function nameLines(name) {
  if (name.length <= 12 || !name.includes(" ")) return [name];
  const mid = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i++) if (name[i] === " " && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) best = i;
  return [name.slice(0, best), name.slice(best + 1)];
}
const quote = (text) => JSON.stringify(text);
export const RES = ["gold", "army", "loyalty", "reputation"];
const cap = (k) => k[0].toUpperCase() + k.slice(1);
const RES_ICON = { gold: () => coin(), army: (c) => meeple(c), loyalty: (c) => figure(c), reputation: () => star() };
export const resName = (k) => t(`col${cap(k)}`);
// A province's name in the reader's language when the glossary has it.
const provName = (ctx, pr) => (ctx.catalog && ctx.catalog[`province.${pr.id}`]) || pr.name;
// A season by its key and year ("Heat 1402", «Сезон Жара 1402 года») from the glossary.
const seasonName = (ctx, key, year, fallback = "") => {
  const name = ctx.catalog && ctx.catalog[`season.${key}`];
  return name ? t("colSeasonYear").replace("{0}", name).replace("{1}", year) : fallback || `${key} ${year}`;
};

// An order as the engine writes it ("offensive 5", "espionage 1 2") in words.
function orderWords(text, v, ctx) {
  const [kind, ...args] = text.split(" ");
  const prov = (n) => { const pr = v.provinces.find((x) => x.id === Number(n)); return pr ? `${pr.id} ${provName(ctx, pr)}` : n; };
  const fill = (key, ...xs) => { const tpl = t(key); return tpl === key ? text : xs.reduce((acc, x, i) => acc.replace(`{${i}}`, x), tpl); };
  if (kind === "offensive" || kind === "colonize") return fill(`colOrd_${kind}`, prov(args[0]));
  if (kind === "recruit") return fill("colOrd_recruit", args[0]);
  if (kind === "propaganda" && RES.includes(args[0])) return fill("colOrd_propaganda", resName(args[0]).toLowerCase(), args[1]);
  if (kind === "espionage") return fill("colOrd_espionage", ctx.seatName(Number(args[0])), args[1]);
  return text;
}

// Which province an order or a side action names (offensive 5, colonize 5, force 5).
function provinceOf(action) {
  const m = /^(offensive|colonize|force|unforce) (\d+)$/.exec(action);
  return m ? Number(m[2]) : null;
}

export function board(p, ctx) {
  const v = p.view;
  const mineAsked = p.choices && p.seat !== null && p.waiting.includes(p.seat);
  const byProv = {};
  if (mineAsked) for (const c of p.choices) { const n = provinceOf(c.action); if (n) (byProv[n] ||= []).push(c); }
  const svg = s("svg", { class: "board col-board", viewBox: `0 0 800 ${MAP_H}`, role: "group", "aria-label": t("colMap") });
  svg.append(s("rect", { x: 0, y: 0, width: 800, height: MAP_H, rx: 14, fill: "#cfe0ec" }));
  for (const pr of v.provinces) {
    const [x, y] = POS[pr.id];
    const owner = pr.owner;
    const who = owner === null ? t("colFree") : `${t("colOwner")} ${ctx.seatName(owner)}`;
    const g = s("g", { class: "province", "data-province": pr.id, "data-id": `prov-${pr.id}` });
    g.append(
      s("path", { d: `M${x - 40} ${y - 22} Q${x - 30} ${y - 40} ${x} ${y - 36} Q${x + 38} ${y - 38} ${x + 42} ${y - 12} Q${x + 46} ${y + 20} ${x + 20} ${y + 32} Q${x - 10} ${y + 42} ${x - 36} ${y + 24} Q${x - 50} ${y} ${x - 40} ${y - 22} Z`,
        fill: owner === null ? "#efe6cf" : "#e4edd2", stroke: owner === null ? "#6d6a60" : seatColour(owner),
        "stroke-width": owner === null ? 2 : 5 }),
      s("text", { x: x - 18, y: y + 8, "text-anchor": "middle", "font-size": 26, "font-weight": 800, fill: "#1c1b19", text: pr.id }),
      ...nameLines(provName(ctx, pr)).map((line, n) => s("text", { x, y: y + 62 + n * (NAME_PX + 2), "text-anchor": "middle",
        "font-size": NAME_PX, "font-weight": 600, fill: "#1c1b19", text: line })));
    if (owner !== null) g.append(at(banner(owner), x + 12, y - 6, 1.1));
    if (pr.colonized) g.append(at(block(owner === null ? "#8d8677" : owner), x + 14, y + 18, 0.8));
    const label = `${pr.id} ${provName(ctx, pr)} — ${who}${pr.colonized ? `, ${t("colColony")}` : ""}`;
    if (byProv[pr.id]) target(g, byProv[pr.id], { label });
    else { g.setAttribute("role", "img"); g.setAttribute("aria-label", label); }
    help(g, `${pr.id} ${provName(ctx, pr)}`, `${who}${pr.colonized ? `; ${t("colColony")}` : ""}`, { focusable: false });
    svg.append(g);
  }
  const seal = resolveSeal(p, ctx);
  if (seal) svg.append(seal);
  const phase = t(`colPhase_${v.phase}`);
  return h("div", { class: "col-map" },
    h("p", { class: "banner", text: `${seasonName(ctx, v.season_key, v.year, v.season)} · ${t("colSeasonOf")} ${v.season_index + 1}/${v.seasons} · ${phase}` }), svg);
}

// A house's counts as icons; what this seat may not know is simply absent from the view.
function stats(pl) {
  const out = [
    { id: `seat-${pl.index}-prov`, icon: icon(banner(pl.index), 18), value: pl.provinces.length,
      label: `${t("colProvinces")}: ${pl.provinces.join(", ") || "—"}`, help: t("colProvincesHelp") },
    { id: `seat-${pl.index}-col`, icon: icon(block(pl.index), 18), value: pl.colonies, label: t("colColonies"), help: t("colColoniesHelp") },
  ];
  for (const k of RES) if (k in pl) {
    out.push({ id: `seat-${pl.index}-${k}`, icon: icon(RES_ICON[k](pl.index), 18), value: pl[k], label: resName(k), help: t(`col${cap(k)}Help`) });
  }
  return out;
}

export function players(p, ctx) {
  const v = p.view;
  return v.players.map((pl) => {
    const sent = pl.orders_sent;
    const note = sent === null || sent === undefined ? null : h("p", { class: "muted col-note", text: sent ? t("colOrdersSent") : t("colWriting") });
    const sheet = v.phase === "setup" ? sheetRow(pl) : null;
    return playerPanel({ name: ctx.seatName(pl.index), seat: pl.index, me: pl.index === p.seat,
      faction: t(`col${cap(pl.team || "")}`) === `col${cap(pl.team || "")}` ? "" : t(`col${cap(pl.team)}`),
      turn: p.waiting.includes(pl.index), stats: stats(pl),
      extra: h("div", {}, note, sheet ? h("p", { class: "muted col-note" }, ...sheet.map((x, i) => (i ? [": ", x] : x)).flat()) : null) });
  });
}

// What only I see: my resources, goal, this season's orders and ravens (each withdrawable).
export function mine(p, ctx) {
  const v = p.view;
  if (p.seat === null || p.seat >= v.players.length) return null;
  const me = v.players[p.seat];
  const can = new Set((p.choices || []).map((c) => c.action));
  const res = h("ul", { class: "col-res" }, RES.filter((k) => k in me).map((k) => help(
    h("li", { class: "col-res-item", "data-id": `seat-${p.seat}-${k}` }, icon(RES_ICON[k](p.seat), 22),
      h("span", { class: "col-res-value", text: me[k] }), h("span", { class: "col-res-name", text: resName(k) })),
    resName(k), t(`col${cap(k)}Help`), { focusable: true })));
  const orders = me.orders || [];
  const list = orders.length
    ? h("ol", { class: "col-orders" }, orders.map((o, i) => h("li", {}, h("span", { text: orderWords(o, v, ctx) }),
      can.has(`cancel ${i + 1}`) ? h("button", { type: "button", class: "ghost small", "data-action": `cancel ${i + 1}`,
        onclick: () => ctx.send(`cancel ${i + 1}`) }, t("colCancel")) : null)))
    : h("p", { class: "muted", text: t("colNoOrders") });
  const ravens = me.ravens || [];
  return h("div", { class: "col-mine" },
    h("h2", { text: t("colMine") }), res,
    me.goal ? h("p", {}, h("strong", { text: `${t("colGoal")}: ` }), me.goal) : null,
    v.phase === "orders" || v.phase === "spy" ? [h("h3", { text: t("colMyOrders") }), list] : null,
    ravens.length ? [h("h3", { text: t("colMyRavens") }), h("ul", { class: "col-ravens", id: "my-ravens" },
      ravens.map((r, i) => h("li", {}, h("span", { text: `${t("colRavenTo")} ${ctx.seatName(r.to)}: ` }), h("span", { text: r.text }),
        can.has(`unraven ${i + 1}`) ? h("button", { type: "button", class: "ghost small", onclick: () => ctx.send(`unraven ${i + 1}`) }, t("colUnraven")) : null)))] : null);
}

export function rules() {
  return h("p", { text: t("colRules") });
}

// What moved since the last view: provinces that changed hands or were colonized, and
// each house's counts.
export function changedIds(prev, next) {
  const out = [];
  if (!prev || !next) return out;
  next.provinces.forEach((pr, i) => {
    const was = prev.provinces[i];
    if (was && (was.owner !== pr.owner || was.colonized !== pr.colonized)) out.push(`prov-${pr.id}`);
  });
  next.players.forEach((pl, i) => {
    const was = prev.players[i];
    if (!was) return;
    if (was.provinces.length !== pl.provinces.length) out.push(`seat-${i}-prov`);
    if (was.colonies !== pl.colonies) out.push(`seat-${i}-col`);
    for (const k of RES) if (k in pl && was[k] !== pl[k]) out.push(`seat-${i}-${k}`);
  });
  return out;
}

export function extra(p, ctx) {
  const v = p.view, box = h("div", { class: "col-extra" });
  const player = p.seat !== null && p.seat < v.players.length;
  const asked = p.waiting.includes(p.seat);
  if (player && v.phase === "setup" && hasSheets(v)) box.append(sheetForm(p, ctx));
  if (player && asked && v.phase === "setup" && !hasSheets(v)) {
    const goal = h("input", { id: "goal-text", maxlength: 300, "aria-label": t("goal") });
    box.append(h("form", { class: "panel", onsubmit: (ev) => { ev.preventDefault(); if (goal.value) ctx.send(`goal ${quote(goal.value)}`); } },
      h("h3", { text: t("setGoal") }), h("div", { class: "seat-row" }, goal, h("button", { type: "submit" }, t("setGoal")))));
  }
  if (player && asked && v.phase === "orders") {
    const to = h("select", { id: "raven-to", "aria-label": t("to") },
      v.players.filter((pl) => pl.index !== p.seat).map((pl) => h("option", { value: pl.index, text: ctx.seatName(pl.index) })));
    const text = h("input", { id: "raven-text", maxlength: 1000, "aria-label": t("text") });
    box.append(h("form", { class: "panel", onsubmit: (ev) => { ev.preventDefault(); if (text.value) ctx.send(`raven ${to.value} ${quote(text.value)}`); } },
      h("h3", { text: t("ravens") }), h("div", { class: "seat-row" }, to, text, h("button", { type: "submit", id: "send-raven" }, t("sendRaven")))));
  }
  if (p.seat !== null && p.seat === v.master && v.phase === "setup" && hasSheets(v)) box.append(masterSheets(p, ctx));
  if (p.seat !== null && p.seat === v.master) { const c = masterConsole(p, ctx); if (c) box.append(c); }
  if (hasSheets(v)) box.append(openingPost(p, ctx));
  box.append(reports(p, ctx));
  return box;
}

function reports(p, ctx) {
  const v = p.view;
  const out = h("div", { class: "report", id: "report", "aria-live": "polite" });
  const last = Math.max(1, v.season_index + (v.phase === "orders" ? 0 : 1));
  const sel = h("select", { id: "report-season", "aria-label": t("season") });
  const cal = v.calendar || [];
  for (let n = 1; n <= last; n++) {
    const named = cal[n - 1] ? seasonName(ctx, cal[n - 1][0], cal[n - 1][1]) : "";
    sel.append(h("option", { value: n, text: named ? `${n}. ${named}` : n, selected: n === last }));
  }
  const load = () => call("GET", `/api/games/${ctx.gid}/report?season=${sel.value}`, { token: ctx.token })
    .then((text) => { clear(out).append(...renderReport(text)); }).catch((e) => { out.textContent = e.message; });
  sel.addEventListener("change", load);
  if (v.season_index > 0 || v.phase === "over") load();
  return h("div", { class: "panel" }, h("h3", { text: t("colReports") }), h("label", {}, h("span", { text: `${t("season")} ` }), sel), out);
}
