// The Clash of Cultures map: hexes by terrain (unexplored ones grey), cities that grow a
// block per building in the colour of the player it belongs to (wonders as stars, the
// mood as a face), units as figures in their owners' colours with a count badge.
// Direct manipulation: pick up one of my unit stacks, then a highlighted hex to move it
// there; a hex where something else can be done (collect, build, recruit, found...) is
// a target by itself. Everything else is inert.
import { s } from "../dom.js";
import { OUTLINE } from "../ui/colours.js";
import { at, star } from "../ui/pieces.js";
import { help } from "../ui/tooltip.js";
import { selected, target } from "../ui/targets.js";
import { face, ownerColour, unitPiece } from "./pieces.js";
import { language } from "../i18n.js";
import { fmt, term, t } from "./words.js";

const R = 34;  // a hex's radius
const TERRAIN = { fertile: "#cfe3a0", forest: "#8fbc7e", mountain: "#bdb3a5", barren: "#e8d9b0",
  water: "#a9d0ea", "": "#9aa0a6" };
const SHORT = { temple: "T", academy: "A", fortress: "F", port: "P", market: "M", obelisk: "O", observatory: "V" };
const MOODS = ["angry", "neutral", "happy"];
// Which arguments of an action name a hex (the map offers the action there); a move's
// first hex is where its units stand, its second where they go.
const HEX_ARGS = { collect: [0], build: [0], wonder: [0], recruit: [0], happy: [0], raze: [0], found: [0],
  influence: [1] };

const words = (a) => a.match(/"[^"]*"|\S+/g) || [];
export const hexesOf = (a) => { const [k, ...args] = words(a); return (HEX_ARGS[k] || []).map((i) => Number(args[i])); };
// "move FROM TO KIND N": [from, to, kind, n]
export function moveOf(a) {
  const w = words(a);
  return w[0] === "move" ? [Number(w[1]), Number(w[2]), w[3], Number(w[4])] : null;
}

function centre(hx) { return [R * Math.sqrt(3) * (hx.q + hx.r / 2), R * 1.5 * hx.r]; }
function corners(x, y) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// A hex as its label and tooltip name it: the name the choices and the log use (the view
// gives it in each language: "Knossos", "the forest east of Knossos", "the mountains in the
// north-west of Thrace"), which the map writes too: cities and regions by name.
export const hexName = (ctx, hx) => (hx.name && (hx.name[language()] || hx.name.en))
  || (hx.terrain ? term(ctx, "terrain", hx.terrain) : t("cl_unexplored"));

// A name written on the map, dark on a pale halo so it reads on every terrain; it never
// takes a click (the hex under it does).
const mapLabel = (x, y, text, size, cls) => s("text", { x, y, class: cls, "text-anchor": "middle",
  "font-size": size, fill: "#24282e", stroke: "#ffffff", "stroke-width": size / 4, "paint-order": "stroke",
  "stroke-linejoin": "round", "pointer-events": "none", "aria-hidden": "true", text });

export function drawBoard(p, ctx) {
  const v = p.view, choices = p.choices || [];
  const pos = v.hexes.map(centre);
  const xs = pos.map(([x]) => x), ys = pos.map(([, y]) => y);
  const phone = window.matchMedia("(max-width: 700px)").matches;
  const top = phone ? 40 : 0;  // room for the zoom buttons above the first row's names
  const minX = Math.min(...xs) - R, minY = Math.min(...ys) - R - top;
  const width = Math.max(...xs) + R - minX, height = Math.max(...ys) + R - minY;
  // On a phone the whole map is squeezed into the screen's width: labels grow so none
  // is under 11 px there.
  const px = Math.min(window.innerWidth - 24, 900) / width;
  const fs = (n) => Math.max(n, 11.5 / Math.min(px, 1.6));
  const svg = s("svg", { class: "board clash", role: "group", "aria-label": t("cl_map"),
    viewBox: `${minX} ${minY} ${width} ${height}` });
  const picked = typeof ctx.selected === "string" && ctx.selected.startsWith("u:") ? Number(ctx.selected.slice(2)) : null;
  const moves = choices.filter((c) => moveOf(c.action));
  const name = (h) => hexName(ctx, v.hexes[h]);

  const stacks = new Map(), about = new Map();  // about: what stands on each hex, in words
  const tell = (h, x) => about.set(h, (about.get(h) || []).concat([x]));
  for (const u of v.units) {
    const key = `${u.hex}:${u.owner}`;
    if (!stacks.has(key)) stacks.set(key, { hex: u.hex, owner: u.owner, kinds: {} });
    const st = stacks.get(key);
    st.kinds[u.kind] = (st.kinds[u.kind] || 0) + 1;
  }
  const whose = (q) => (q < 0 ? t("cl_barbarians") : ctx.seatName(q));
  for (const c of v.cities) {
    const built = Object.entries(c.buildings).map(([k, o]) => `${term(ctx, "building", k)}${o !== c.owner ? ` (${whose(o)})` : ""}`);
    tell(c.hex, [fmt("cl_cityOf", { who: whose(c.owner), size: c.size }), term(ctx, "mood", MOODS[c.mood]), ...built,
      ...c.wonders.map((w) => term(ctx, "wonder", w))].join(", "));
  }
  for (const st of stacks.values()) {
    tell(st.hex, `${whose(st.owner)}: ${Object.entries(st.kinds).map(([k, n]) => `${n} ${term(ctx, n > 1 ? "unit_pl" : "unit", k)}`).join(", ")}`);
  }

  const hexLayer = s("g", { class: "hexes" }), cityLayer = s("g", { class: "cities", "pointer-events": "none" });
  const unitLayer = s("g", { class: "units" });
  for (const hx of v.hexes) {
    const [x, y] = pos[hx.id];
    const g = s("g", { class: "hex", "data-hex": hx.id, "data-id": `h-${hx.id}` },
      s("polygon", { points: corners(x, y), fill: TERRAIN[hx.terrain] ?? TERRAIN[""], stroke: "#5d6168", "stroke-width": 1 }));
    // With a stack picked up, only where it may go; else what can be done on the hex.
    const acts = picked !== null
      ? moves.filter((c) => { const m = moveOf(c.action); return m[0] === picked && m[1] === hx.id; })
      : choices.filter((c) => hexesOf(c.action).includes(hx.id));
    const label = [name(hx.id), ...(about.get(hx.id) || [])].join("; ");
    if (acts.length) target(g, acts, { label });
    // An inert hex is a picture with a name (it holds no text for a role-less group to
    // take its name from, now that no coordinates are written on it).
    else { g.setAttribute("role", "img"); g.setAttribute("aria-label", label); }
    if (about.has(hx.id)) help(g, name(hx.id), about.get(hx.id).join("\n"), { focusable: false });
    hexLayer.append(g);
  }
  for (const c of v.cities) {
    const [x, y] = pos[c.hex];
    const g = s("g", { class: "city", "data-city": c.hex, "data-size": c.size, "data-id": `c-${c.hex}` },
      s("path", { d: `M${x - 11} ${y + 1} L${x - 11} ${y - 9} L${x} ${y - 17} L${x + 11} ${y - 9} L${x + 11} ${y + 1} Z`,
        fill: ownerColour(c.owner), stroke: OUTLINE, "stroke-width": 1.5, "stroke-linejoin": "round" }),
      face(c.mood, x, y - 6, 6));
    // One block per building, in the colour of the player it belongs to: the city grows.
    // A row of five under the house, clear of the units below.
    Object.entries(c.buildings).forEach(([kind, owner], i) => {
      const bx = x - 22 + (i % 5) * 9, by = y + 3 + Math.floor(i / 5) * 9;
      g.append(s("rect", { x: bx, y: by, width: 8, height: 8, fill: ownerColour(owner), stroke: OUTLINE,
        "stroke-width": 0.8, "data-building": kind }));
      // Its initial where the map is drawn large enough to read it (the hex's help names it).
      if (!phone) g.append(s("text", { x: bx + 4, y: by + 6.3, "text-anchor": "middle", "font-size": 6.5, "font-weight": 700, fill: "#fff", text: SHORT[kind] || "?" }));
    });
    c.wonders.forEach((w, i) => g.append(at(star({}), x + 16, y - 14 + i * 12, 0.35)));
    // Its name above the house, as the choices and the log call it.
    g.append(mapLabel(x, y - 20, name(c.hex), fs(8.5), "city-name"));
    cityLayer.append(g);
  }
  // Unit stacks: one figure per kind, per owner, on the hex's lower half.
  const onHex = new Map();
  for (const st of stacks.values()) {
    const [x, y] = pos[st.hex];
    const nth = onHex.get(st.hex) || 0;
    onHex.set(st.hex, nth + 1);
    const kinds = Object.entries(st.kinds);
    const hasCity = v.cities.some((c) => c.hex === st.hex);
    const what = kinds.map(([k, n]) => `${n} ${term(ctx, n > 1 ? "unit_pl" : "unit", k)}`).join(", ");
    const g = s("g", { class: "stack", "data-stack": st.hex, "data-owner": st.owner, "data-id": `u-${st.hex}-${st.owner}` });
    // Below the centre, which stays free for clicking the hex itself.
    const y0 = y + (hasCity ? 22 : 16) - nth * (hasCity ? 22 : 26), step = 19;
    kinds.forEach(([k, n], i) => {
      g.append(at(unitPiece(k, st.owner, { count: n, font: Math.min(40, fs(7.5) * 2) }), x - (kinds.length - 1) * step / 2 + i * step, y0, 0.5));
    });
    const mine = st.owner === p.seat && moves.some((c) => moveOf(c.action)[0] === st.hex);
    if (mine) {
      g.prepend(s("rect", { x: x - (kinds.length * step) / 2 - 3, y: y0 - 13, width: kinds.length * step + 6, height: 26, rx: 6,
        class: "stack-ground", fill: "#ffffff", "fill-opacity": 0.55 }));
      target(g, [], { select: `u:${st.hex}`, label: `${fmt("cl_pickUp", { what })} — ${name(st.hex)}` });
      // The moves this stack stands for: the shell leaves them out of the decision's
      // buttons (they stay in "All options").
      g.classList.add("pick");
      g.dataset.actions = moves.filter((c) => moveOf(c.action)[0] === st.hex).map((c) => c.action).join("|");
      if (picked === st.hex) selected(g);
    } else {
      g.setAttribute("pointer-events", "none");  // the hex under it answers (a move's target, its help)
      g.setAttribute("aria-hidden", "true");
    }
    unitLayer.append(g);
  }
  // The regions' names under everything else, as a printed map writes them (the names
  // of places in the log use them).
  const names = s("g", { class: "region-names" });
  for (let r = 0; 4 * r < v.hexes.length; r++) {
    const at4 = [0, 1, 2, 3].map((i) => pos[4 * r + i]);
    const x = at4.reduce((a, [px]) => a + px, 0) / 4, y = at4.reduce((a, [, py]) => a + py, 0) / 4;
    names.append(mapLabel(x, y + 3, term(ctx, "area", r), fs(9), "region-name"));
  }
  hexLayer.append(names);
  svg.append(hexLayer, cityLayer, unitLayer);
  return svg;
}
