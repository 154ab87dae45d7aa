// The Colonies 1402 table: the province map, each house's sheet as this seat may see it,
// orders, ravens, goals, the season reports, and the Master's console.
import { call } from "./api.js";
import { h, s, clear, colour } from "./dom.js";
import { t } from "./i18n.js";
import { hasSheets, sheetForm, masterSheets, openingPost, sheetRow } from "./colonies_sheet.js";

const ROWS = [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10], [11, 12, 13, 14], [15]];
const POS = {};
ROWS.forEach((row, r) => row.forEach((id, i) => { POS[id] = [400 + (i - (row.length - 1) / 2) * 190, 55 + r * 100]; }));
const quote = (text) => JSON.stringify(text);

export function board(p, ctx) {
  const v = p.view;
  const svg = s("svg", { class: "board", viewBox: "0 0 800 530", role: "img", "aria-label": t("board") });
  svg.append(s("rect", { x: 0, y: 0, width: 800, height: 530, fill: "#dfe9f2" }));
  for (const pr of v.provinces) {
    const [x, y] = POS[pr.id];
    const fill = pr.owner === null ? "#f4efe2" : colour(pr.owner);
    const g = s("g", { class: "province", "data-province": pr.id });
    g.append(s("circle", { cx: x, cy: y, r: 36, fill, stroke: pr.colonized ? "#000" : "#6d6a60", "stroke-width": pr.colonized ? 4 : 1.5 }),
      s("text", { x, y: y + 8, "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: pr.owner === null ? "#1c1b19" : "#fff", text: pr.id }),
      s("text", { x, y: y + 56, "text-anchor": "middle", "font-size": 19, "font-weight": 600, fill: "#1c1b19", text: pr.name }));
    svg.append(g);
  }
  return h("div", {}, h("p", { class: "banner", text: `${t("season")}: ${v.season} (${v.season_index + 1}/${v.seasons}) · ${v.phase}` }), svg);
}

export function players(p) {
  const v = p.view;
  return h("div", { class: "players" }, v.players.map((pl) => h("div", {
    class: `player${pl.index === p.seat ? " me" : ""}${p.waiting.includes(pl.index) ? " waiting" : ""}`,
    style: `border-left-color: ${colour(pl.index)}` },
    h("h4", { text: `${pl.name}${pl.index === p.seat ? ` (${t("you")})` : ""}` }),
    h("div", { class: "stats" },
      h("span", { text: t("province") }), h("span", { text: pl.provinces.join(", ") || "—" }),
      ...["gold", "army", "loyalty", "reputation"].filter((k) => k in pl)
        .flatMap((k) => [h("span", { text: t(k) }), h("span", { text: pl[k] })]),
      pl.goal ? [h("span", { text: t("goal") }), h("span", { text: `${pl.goal} (${pl.goal_status})` })] : null,
      v.phase === "setup" ? sheetRow(pl) : null,
      h("span", { text: t("orders") }), h("span", { text: pl.orders ? pl.orders.join("; ") || "—" : pl.orders_sent ? t("done") : "…" })),
    pl.ravens && pl.ravens.length ? h("ul", {}, pl.ravens.map((r) => h("li", { text: `→ P${r.to}: ${r.text}` }))) : null)));
}

export function extra(p, ctx) {
  const v = p.view, box = h("div");
  const mine = p.seat !== null && p.seat < v.players.length;
  const asked = p.waiting.includes(p.seat);
  if (mine && v.phase === "setup" && hasSheets(v)) box.append(sheetForm(p, ctx));
  if (mine && asked && v.phase === "setup" && !hasSheets(v)) {
    const goal = h("input", { id: "goal-text", maxlength: 300, "aria-label": t("goal") });
    box.append(h("form", { class: "panel", onsubmit: (ev) => { ev.preventDefault(); if (goal.value) ctx.send(`goal ${quote(goal.value)}`); } },
      h("h3", { text: t("setGoal") }), h("div", { class: "seat-row" }, goal, h("button", { type: "submit" }, t("setGoal")))));
  }
  if (mine && asked && v.phase === "orders") {
    const to = h("select", { id: "raven-to", "aria-label": t("to") },
      v.players.filter((pl) => pl.index !== p.seat).map((pl) => h("option", { value: pl.index, text: pl.name })));
    const text = h("input", { id: "raven-text", maxlength: 1000, "aria-label": t("text") });
    box.append(h("form", { class: "panel", onsubmit: (ev) => { ev.preventDefault(); if (text.value) ctx.send(`raven ${to.value} ${quote(text.value)}`); } },
      h("h3", { text: t("ravens") }), h("div", { class: "seat-row" }, to, text, h("button", { type: "submit", id: "send-raven" }, t("sendRaven")))));
  }
  if (p.seat !== null && p.seat === v.master && v.phase === "setup" && hasSheets(v)) box.append(masterSheets(p, ctx));
  if (p.seat !== null && p.seat === v.master) box.append(masterConsole(p, ctx));
  if (hasSheets(v)) box.append(openingPost(p, ctx));
  box.append(reports(p, ctx));
  return box;
}

function masterConsole(p, ctx) {
  const v = p.view;
  const who = h("select", { "aria-label": t("seat") }, v.players.map((pl) => h("option", { value: pl.index, text: pl.name })));
  const text = h("input", { maxlength: 1000, "aria-label": t("text") });
  const res = h("select", { "aria-label": t("resources") }, ["gold", "army", "loyalty", "reputation"].map((k) => h("option", { value: k, text: t(k) })));
  const delta = h("input", { type: "number", value: 0, "aria-label": "±" });
  return h("form", { class: "panel", id: "master", onsubmit: (ev) => {
    ev.preventDefault();
    const change = Number(delta.value) ? ` ${res.value} ${Number(delta.value)}` : "";
    ctx.send(`event ${who.value} ${quote(text.value)}${change}`);
  } }, h("h3", { text: `${t("master")} · ${t("event")}` }), h("div", { class: "seat-row" }, who, text, res, delta, h("button", { type: "submit" }, t("send"))));
}

function reports(p, ctx) {
  const v = p.view;
  const out = h("pre", { class: "report", id: "report" });
  const last = Math.max(1, v.season_index + (v.phase === "orders" ? 0 : 1));
  const sel = h("select", { id: "report-season", "aria-label": t("season") });
  for (let n = 1; n <= last; n++) sel.append(h("option", { value: n, text: n, selected: n === last }));
  const load = () => call("GET", `/api/games/${ctx.gid}/report?season=${sel.value}`, { token: ctx.token })
    .then((text) => { clear(out).append(text); }).catch((e) => { out.textContent = e.message; });
  sel.addEventListener("change", load);
  if (v.season_index > 0 || v.phase === "over") load();
  return h("div", { class: "panel" }, h("h3", { text: t("reports") }), h("label", {}, h("span", { text: t("season") }), sel), out);
}
