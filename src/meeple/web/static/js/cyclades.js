// The Cyclades table: the map (seas on a grid, territories where seas meet, large
// islands drawn as one land), fleets and troops in their owners' colours, buildings,
// Metropolises and prosperity; the god track with the offerings; the creature track;
// each player's gold, priests, philosophers and team.
import { h, s, colour } from "./dom.js";
import { t } from "./i18n.js";

const CELL = 110;
const SHORT = { port: "P", fort: "F", temple: "T", university: "U", metropolis: "M" };

// The territory or sea an action is about (its target), so the map can offer it there.
const TERRITORY_ARG = { troop: 0, build: 0, hire: 0, metropolis: 0, prosper: 0, march: 1, titan: 1,
  free: 1, artifact: 1 };
const SEA_ARG = { fleet: 0, sail: 1, kraken: 0, sylph: 1 };

function about(action, table) {
  const [kind, ...args] = action.split(" ");
  if (kind === "place" && table === TERRITORY_ARG) return args.slice(0, 2).map(Number);
  if (kind === "fleets" && table === SEA_ARG) return args.slice(0, 2).map(Number);
  return kind in table ? [Number(args[table[kind]])] : [];
}

const on = (table, id) => (a) => about(a, table).includes(id);

function clickable(node, choices, filter, ctx) {
  if (!choices.length) return;
  const go = () => (choices.length === 1 ? ctx.send(choices[0].action) : ctx.pick(filter));
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
}

export function board(p, ctx) {
  const v = p.view;
  const cols = Math.max(...v.seas.map((x) => x.x)) + 1, rows = Math.max(...v.seas.map((x) => x.y)) + 1;
  const svg = s("svg", { class: "board cyclades", viewBox: `0 0 ${cols * CELL} ${rows * CELL}`,
    role: "img", "aria-label": t("board") });
  for (const sea of v.seas) {
    const choices = (p.choices || []).filter((c) => on(SEA_ARG, sea.id)(c.action));
    const g = s("g", { class: `sea${choices.length ? " pick" : ""}`, "data-sea": sea.id,
      tabindex: choices.length ? 0 : undefined, role: choices.length ? "button" : undefined,
      "aria-label": `${t("sea")} ${sea.id}` });
    const x = sea.x * CELL, y = sea.y * CELL;
    g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: "#d7e9f5", stroke: "#a9c6dc" }),
      s("text", { x: x + 6, y: y + 18, "font-size": 14, fill: "#3b6a8c", text: `${sea.id}${sea.prosperity ? " $" + sea.prosperity : ""}` }));
    if (sea.fleets) {  // a ship in the middle of the sea, clear of the islands at its corners
      const mx = x + CELL / 2, my = y + CELL / 2;
      g.append(s("path", { d: `M${mx - 20} ${my} h40 l-8 14 h-24 z`, fill: colour(sea.owner), stroke: "#fff" }),
        s("text", { x: mx, y: my - 4, "text-anchor": "middle", "font-size": 17, "font-weight": 700,
          fill: colour(sea.owner), text: `×${sea.fleets}`, "data-fleets": sea.fleets }));
    }
    clickable(g, choices, on(SEA_ARG, sea.id), ctx);
    svg.append(g);
  }
  // Large islands: their territories joined by a strip of land.
  for (const a of v.territories) {
    for (const b of v.territories) {
      if (a.id < b.id && a.island === b.island && Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1) {
        svg.append(s("line", { x1: a.x * CELL, y1: a.y * CELL, x2: b.x * CELL, y2: b.y * CELL,
          stroke: "#d9c79a", "stroke-width": CELL * 0.5, "stroke-linecap": "round" }));
      }
    }
  }
  for (const ter of v.territories) {
    const choices = (p.choices || []).filter((c) => on(TERRITORY_ARG, ter.id)(c.action));
    const cx = ter.x * CELL, cy = ter.y * CELL, r = CELL * 0.33;
    const g = s("g", { class: `territory${choices.length ? " pick" : ""}`, "data-territory": ter.id,
      tabindex: choices.length ? 0 : undefined, role: choices.length ? "button" : undefined,
      "aria-label": `${ter.name}${ter.owner >= 0 ? ` P${ter.owner}` : ""}` });
    if (choices.length) g.append(s("circle", { class: "halo", cx, cy, r: r + 7, fill: "none" }));
    g.append(s("circle", { cx, cy, r, fill: "#efe2bd", stroke: ter.owner >= 0 ? colour(ter.owner) : "#8d8677",
      "stroke-width": ter.owner >= 0 ? 6 : 1.5 }),
      s("text", { x: cx, y: cy - r + 16, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1c1b19", text: ter.name }));
    const units = [ter.troops ? `⚔${ter.troops}` : "", ter.titans ? `▲${ter.titans}` : ""].filter(Boolean).join(" ");
    if (units) g.append(s("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: colour(ter.owner), text: units }));
    const built = ter.buildings.map((b) => SHORT[b] || b[0]).join("") + (ter.special ? `*` : "");
    const line = [built, ter.prosperity ? `$${ter.prosperity}` : ""].filter(Boolean).join(" ");
    if (line) g.append(s("text", { x: cx, y: cy + r - 8, "text-anchor": "middle", "font-size": 14, fill: "#4a3b12",
      text: line, "data-buildings": ter.buildings.join(",") }));
    clickable(g, choices, on(TERRITORY_ARG, ter.id), ctx);
    svg.append(g);
  }
  for (const [kind, where, place, owner] of v.figures) {
    const [x, y] = where === "s" ? [(v.seas[place].x + 0.5) * CELL, (v.seas[place].y + 0.5) * CELL]
      : [v.territories[place].x * CELL + CELL * 0.3, v.territories[place].y * CELL - CELL * 0.3];
    svg.append(s("text", { x, y, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: colour(owner), text: kind }));
  }
  const hint = p.choices && p.choices.some((c) => about(c.action, TERRITORY_ARG).length || about(c.action, SEA_ARG).length)
    ? h("p", { class: "muted", text: t("pickMap") }) : null;
  return h("div", {}, svg, hint,
    h("p", { class: "muted", text: "⚔ troops · ▲ Titans · P port F fort T temple U university M Metropolis (* special) · $ prosperity" }));
}

function gods(p, ctx) {
  const v = p.view;
  const bid = (g) => (a) => a === `bid ${g}` || a.startsWith(`bid ${g} `);
  const row = (g, who) => {
    const choices = (p.choices || []).filter((c) => bid(g)(c.action));
    const item = h("li", { class: `god${choices.length ? " pick" : ""}`, "data-god": g }, h("strong", { text: g }), " ", who);
    if (choices.length) {
      const btn = h("button", { type: "button", class: "secondary", "data-bid": g }, t("offer"));
      btn.addEventListener("click", () => (choices.length === 1 ? ctx.send(choices[0].action) : ctx.pick(bid(g))));
      item.append(" ", btn);
    }
    return item;
  };
  const items = v.gods.map((g) => row(g, v.bids[g] ? h("span", { style: `color: ${colour(v.bids[g][0])}`, text: `P${v.bids[g][0]}: ${v.bids[g][1]}` }) : ""));
  items.push(row("apollo", h("span", { text: v.apollo.map((q) => `P${q}`).join(" ") })));
  return h("div", { class: "panel", id: "gods" }, h("h3", { text: t("godTrack") }),
    h("ol", { class: "track" }, items),
    v.facedown ? h("p", { class: "muted", text: `${t("faceDown")}: ${v.facedown}` }) : null,
    v.turns.length && v.phase === "actions" ? h("p", { class: "muted", text: `${t("order")}: ${v.turns.map(([g, q], i) => `${i === v.turn ? "▶" : ""}${g} P${q}`).join(" · ")}` }) : null);
}

function creatures(p, ctx) {
  const v = p.view;
  return h("div", { class: "panel", id: "creatures" }, h("h3", { text: t("creatureTrack") }),
    h("div", { class: "cards" }, v.track.map((c, i) => h("span", { class: "card", title: ctx.catalog[c] || "",
      text: c ? `${c} (${[4, 3, 2][i]}) — ${ctx.catalog[c] || ""}` : "—" }))),
    h("p", { class: "muted", text: `${t("decks")}: ${v.deck_size}` }),
    v.special_display.length ? h("p", { text: `${t("specials")}: ${v.special_display.map((k) => `${k} (${ctx.catalog[k + " metropolis"] || ""})`).join(", ")}` }) : null);
}

export function players(p, ctx) {
  const v = p.view;
  const teams = v.options.teams;
  const arts = (q) => Object.entries(v.artifacts).filter(([, [o]]) => o === q).map(([k]) => k);
  return h("div", {},
    h("div", { class: "players" }, v.players.map((pl, q) => h("div", {
      class: `player${q === p.seat ? " me" : ""}${p.waiting.includes(q) ? " waiting" : ""}`,
      style: `border-left-color: ${colour(q)}`, "data-player": q },
      h("h4", { text: `P${q}${teams ? ` · ${t("team")} ${pl.team + 1}` : ""}${q === p.seat ? ` (${t("you")})` : ""}${pl.out ? " ✗" : ""}` }),
      h("div", { class: "stats" },
        h("span", { text: t("gold") }), h("span", { text: pl.gold }),
        h("span", { text: t("priests") }), h("span", { text: pl.priests }),
        h("span", { text: t("philosophers") }), h("span", { text: pl.philosophers }),
        h("span", { text: t("metropolises") }), h("span", { class: "metros", text: pl.metropolises }),
        arts(q).length ? [h("span", { text: t("artifacts") }), h("span", { text: arts(q).join(", ") })] : null)))),
    gods(p, ctx), creatures(p, ctx));
}
