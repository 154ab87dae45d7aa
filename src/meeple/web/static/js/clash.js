// The Clash of Cultures table: the hex map (face-down regions grey), cities growing piece
// by piece (a block per building in the colour that owns it, wonders as stars, the mood
// as a face), units in their owners' colours; each player's resources, cards, objectives
// and active advance effects; the advance tree, whose open advances can be clicked.
import { h, s, colour } from "./dom.js";

// Barbarians (owner -1) own camps, their units and the buildings of a city they took.
const BARBARIAN = "#3b2f2f";
const owned = (q) => (q < 0 ? BARBARIAN : colour(q));
import { t, addText } from "./i18n.js";
import { CLASH_TEXT } from "./text/clash.js";
import { help } from "./ui/tooltip.js";

addText(CLASH_TEXT);

const R = 34;  // hex radius
const TERRAIN = { fertile: "#cfe3a0", forest: "#7fae6e", mountain: "#b5aa9b", barren: "#e4d3a7",
  water: "#a9d0ea", "": "#8f949a" };
const MOOD = ["☹", "😐", "☺"];
const SHORT = { temple: "T", academy: "A", fortress: "F", port: "P", market: "M", obelisk: "O",
  observatory: "V" };
const UNIT = { settler: "☗", infantry: "⚔", ship: "⚓" };
// Which arguments of an action name a hex (the map offers the action there).
const HEX_ARGS = { collect: [0], build: [0], wonder: [0], recruit: [0], happy: [0], raze: [0],
  found: [0], move: [0, 1], influence: [1] };

function hexes(action) {
  const [kind, ...args] = action.match(/"[^"]*"|\S+/g);
  return (HEX_ARGS[kind] || []).map((i) => Number(args[i]));
}

const at = (id) => (a) => hexes(a).includes(id);

function centre(hx) {
  return [R * Math.sqrt(3) * (hx.q + hx.r / 2), R * 1.5 * hx.r];
}

function corners(x, y) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export function board(p, ctx) {
  const v = p.view;
  const pos = v.hexes.map(centre);
  const xs = pos.map(([x]) => x), ys = pos.map(([, y]) => y);
  const minX = Math.min(...xs) - R, minY = Math.min(...ys) - R;
  const svg = s("svg", { class: "board clash", role: "group", "aria-label": t("board"),
    viewBox: `${minX} ${minY} ${Math.max(...xs) + R - minX} ${Math.max(...ys) + R - minY}` });
  for (const hx of v.hexes) {
    const [x, y] = pos[hx.id];
    const choices = (p.choices || []).filter((c) => at(hx.id)(c.action));
    const g = s("g", { class: `hex${choices.length ? " pick" : ""}`, "data-hex": hx.id,
      tabindex: choices.length ? 0 : undefined, role: choices.length ? "button" : undefined,
      "aria-label": `${hx.q},${hx.r} ${hx.terrain ? t(`cl_${hx.terrain}`) : t("unexplored")}` });
    g.append(s("polygon", { points: corners(x, y), fill: TERRAIN[hx.terrain], stroke: "#5d6168",
      "stroke-width": 1 }), s("text", { x, y: y - R * 0.62, "text-anchor": "middle", "font-size": 8,
      fill: "#39404a", text: `${hx.q},${hx.r}` }));
    if (choices.length) {
      const go = () => (choices.length === 1 ? ctx.send(choices[0].action) : ctx.pick(at(hx.id)));
      g.addEventListener("click", go);
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
    }
    svg.append(g);
  }
  for (const c of v.cities) {
    const [x, y] = pos[c.hex];
    const who = owned(c.owner);
    const g = s("g", { class: "city", "data-city": c.hex, "data-size": c.size, "pointer-events": "none" },
      s("circle", { cx: x, cy: y - 4, r: 11, fill: who, stroke: "#fff", "stroke-width": 2 }),
      s("text", { x, y: y, "text-anchor": "middle", "font-size": 11, fill: "#fff", text: MOOD[c.mood] }));
    // One block per building, in the colour of the player it belongs to: the city grows.
    Object.entries(c.buildings).forEach(([kind, owner], i) => {
      const bx = x - 18 + (i % 4) * 9, by = y + 9 + Math.floor(i / 4) * 9;
      g.append(s("rect", { x: bx, y: by, width: 8, height: 8, fill: owned(owner), stroke: "#fff",
        "stroke-width": 0.8, "data-building": kind }),
        s("text", { x: bx + 4, y: by + 6.5, "text-anchor": "middle", "font-size": 6, fill: "#fff", text: SHORT[kind] }));
    });
    if (c.wonders.length) g.append(s("text", { x: x + 14, y: y - 10, "font-size": 12, fill: "#c58b00",
      text: "★".repeat(c.wonders.length) }));
    svg.append(g);
  }
  const groups = {};
  for (const u of v.units) {
    const key = `${u.hex}:${u.owner}`;
    groups[key] = groups[key] || { hex: u.hex, owner: u.owner, kinds: {} };
    groups[key].kinds[u.kind] = (groups[key].kinds[u.kind] || 0) + 1;
  }
  Object.values(groups).forEach((gr, i) => {
    const [x, y] = pos[gr.hex];
    const text = Object.entries(gr.kinds).map(([k, n]) => `${UNIT[k]}${n}`).join(" ");
    // A second owner on the hex (a battle under way) writes one line higher.
    const other = Object.values(groups).findIndex((o) => o.hex === gr.hex) !== i;
    svg.append(s("text", { x: x - 20, y: y - 14 - (other ? 9 : 0), "font-size": 10, "font-weight": 700,
      fill: owned(gr.owner), "pointer-events": "none", "data-units": gr.hex, text }));
  });
  const hint = (p.choices || []).some((c) => hexes(c.action).length) ? h("p", { class: "muted", text: t("pickHex") }) : null;
  return h("div", {}, svg, hint, h("p", { class: "muted clash-legend",
    text: t("cl_legend") }));
}

function cardList(names, ctx) {
  if (typeof names === "number") return h("span", { text: `${names} ${t("hidden")}` });
  return h("span", {}, names.map((n, i) => [i ? ", " : "", help(h("abbr", { text: n }), n, ctx.catalog[n] || "")]));
}

export function players(p, ctx) {
  const v = p.view;
  return h("div", { class: "players" }, v.players.map((pl, q) => h("div", {
    class: `player${q === p.seat ? " me" : ""}${p.waiting.includes(q) ? " waiting" : ""}`,
    style: `border-left-color: ${colour(q)}`, "data-player": q },
    h("h4", { text: `${ctx.seatName(q)}${q === p.seat ? ` (${t("you")})` : ""} · ${pl.vp} VP${pl.government ? ` · ${pl.government}` : ""}` }),
    h("div", { class: "stats" }, Object.entries(pl.resources).map(([r, n]) => [h("span", { text: r }), h("span", { "data-resource": r, text: n })]),
      h("span", { text: t("units") }), h("span", { text: Object.entries(pl.units).map(([k, n]) => `${UNIT[k]}${n}`).join(" ") }),
      h("span", { text: t("actionCards") }), cardList(pl.action_cards, ctx),
      h("span", { text: t("objectives") }), cardList(pl.objective_cards, ctx),
      pl.wonder_cards.length ? [h("span", { text: t("wonderCards") }), cardList(pl.wonder_cards, ctx)] : null,
      pl.claimed.length ? [h("span", { text: t("claimed") }), h("span", { text: pl.claimed.join(", ") })] : null))));
}

export function extra(p, ctx) {
  const v = p.view;
  const me = p.seat === null ? null : v.players[p.seat];
  const tree = h("div", { class: "panel", id: "advances" }, h("h3", { text: t("advanceTree") }));
  const groups = v.groups;
  const grid = h("div", { class: "advance-tree" });
  for (const [group, names] of Object.entries(groups)) {
    grid.append(h("div", { class: "advance-group" }, h("strong", { text: group }), names.map((n) => {
      const action = (p.choices || []).find((c) => c.action === `advance ${n}` || c.action === `advance "${n}"`);
      const owners = v.players.map((pl, q) => (pl.advances.includes(n) ? q : -1)).filter((q) => q >= 0);
      const cell = h(action ? "button" : "span", { class: `advance${action ? " choice" : ""}${me && me.advances.includes(n) ? " have" : ""}`,
        type: action ? "button" : undefined, "data-advance": n,
        "data-action": action ? action.action : undefined, onclick: action ? () => ctx.send(action.action) : undefined },
        n, owners.map((q) => h("span", { class: "dot", style: `background: ${colour(q)}`, "aria-hidden": "true" })));
      help(cell, n, [ctx.catalog[n], owners.length ? owners.map((q) => ctx.seatName(q)).join(", ") : ""].filter(Boolean).join("\n"));
      return cell;
    })));
  }
  tree.append(grid);
  const effects = me ? h("div", { class: "panel", id: "effects" }, h("h3", { text: t("activeEffects") }),
    h("ul", {}, me.effects.map((e) => h("li", { text: e })))) : null;
  const battle = v.battle && v.battle.hex !== undefined ? h("p", { class: "panel", id: "battle",
    text: `${t("battle")}: ${ctx.seatName(v.battle.att)} → ${v.battle.def < 0 ? t("cl_barbarians") : ctx.seatName(v.battle.def)}, ${t("round")} ${v.battle.round}` }) : null;
  return h("div", {}, battle, tree, effects);
}
