// The 13 districts drawn as tiles with their pieces: priest tokens in the cult's colour
// showing their level, the Patriarch as a figure, altars as blocks, the Thieves' coin
// stacks, seized and smiling districts. Five columns on a wide screen, three on a phone
// (so names stay at 11 px or more), with fewer details there.
import { h, s } from "../dom.js";
import { language } from "../i18n.js";
import { OUTLINE, seatColour } from "../ui/colours.js";
import { at, block, coin, figure, meeple, token } from "../ui/pieces.js";
import { help } from "../ui/tooltip.js";
import { selected, target } from "../ui/targets.js";
import { actionText, districtHelp, districtName, districtOf, fmt, priestWords, t } from "./help.js";

const W = 220, H = 136, GAP = 10, PER_ROW = 4;
const NAME_CHARS = 15;  // longer names (most Russian ones) take two lines

function nameLines(text) {
  if (text.length <= NAME_CHARS || !text.includes(" ")) return [text];
  const cut = text.lastIndexOf(" ", Math.max(NAME_CHARS, Math.ceil(text.length / 2)));
  const at = cut > 0 ? cut : text.indexOf(" ");
  return [text.slice(0, at), text.slice(at + 1)];
}
const PHONE = "(max-width: 700px)";

// The board's actions that belong to district n (placing there, stealing it, an altar).
export function districtActions(p, n, picked) {
  return (p.choices || []).filter((c) => {
    const w = c.action.split(" ");
    if (w[0] === "place") return Number(w[1]) === n && (picked === null || picked === undefined || w[2] === picked);
    if (w[0] === "steal") return Number(w[2]) === n && (picked === null || picked === undefined);
    if (w[0] === "build") return Number(w[1]) === n && (picked === null || picked === undefined);
    return false;
  });
}

export function drawBoard(p, ctx) {
  const v = p.view, phone = window.matchMedia(PHONE).matches;
  const cols = phone ? 3 : 5, rows = Math.ceil(13 / cols), scale = phone ? 1.15 : 1;
  const spot = (n) => {
    const i = n - 1, row = Math.floor(i / cols);
    const inRow = Math.min(cols, 13 - row * cols);
    const col = (i % cols) + (cols - inRow) / 2;  // the last, shorter row is centred
    return [GAP + col * (W + GAP), GAP + row * (H + GAP)];
  };
  const top = phone ? 64 : 0;  // room for the zoom buttons above the first row's names
  const viewBox = `0 ${-top} ${cols * (W + GAP) + GAP} ${rows * (H + GAP) + GAP + top}`;
  // The board of the last drawing is kept, and each district in it whose drawing would
  // be the same: a move changes one or two districts, and building and laying out all
  // thirteen again cost most of a Cult update's time (docs/performance.md, session 9).
  const label = t("board");
  if (!kept || kept.viewBox !== viewBox || kept.label !== label) {
    kept = { viewBox, label, districts: new Map(), svg: s("svg", { class: "board cult-board", viewBox, role: "group", "aria-label": label }) };
  }
  const svg = kept.svg;
  const picking = ctx.selected !== null && ctx.selected !== undefined;
  const names = v.players.map((_, i) => ctx.seatName(i)), levels = v.players.map((pl) => pl.patriarch_level);
  const glossary = [ctx.lang, language(), Object.keys(ctx.catalog || {}).length];
  v.districts.forEach((d, k) => {
    const active = v.active_district === d.number;
    const acts = districtActions(p, d.number, picking ? ctx.selected : null)
      .map((c) => ({ action: c.action, text: actionText(ctx, p, c.action) }));
    // Everything the district's drawing reads; the glossary changes with the language.
    const key = JSON.stringify([d, active, levels, acts, names, phone, glossary]);
    const old = kept.districts.get(d.number);
    if (old && old.key === key && svg.children[k] === old.g) return;
    const g = drawDistrict(p, ctx, d, spot(d.number), { active, acts, phone, scale });
    kept.districts.set(d.number, { key, g });
    if (svg.children[k]) svg.children[k].replaceWith(g); else svg.append(g);
  });
  while (svg.children.length > v.districts.length) svg.lastElementChild.remove();
  return svg;
}
let kept = null;

// A district is two layers: the button (its tile and pieces, named in full for a screen
// reader: number, name, what stands on it) and, over it, the words and numbers drawn for
// the eye (hidden from the reader, who hears them in the button's name; they let the
// pointer through to the tile). A button whose visible words are not in its name is a
// fault for speech input (axe-core: label-content-name-mismatch).
function drawDistrict(p, ctx, d, [x, y], { active, acts, phone, scale }) {
  const v = p.view;
  const nm = districtName(ctx, d.number), info = districtOf(d.number);
  const g = s("g", { class: `district${active ? " active" : ""}`, "data-id": `d-${d.number}`, "data-district": d.number });
  const words = s("g", { class: "d-words", "aria-hidden": "true" });
  const seized = d.seized_by !== null && d.seized_by !== undefined;
  g.append(s("rect", { x, y, width: W, height: H, rx: 10, fill: active ? "#fff1c2" : "#fbf8f1",
    stroke: seized ? seatColour(d.seized_by) : "#8d8677", "stroke-width": seized ? 5 : 1.5 }));
  const lines = nameLines(`${d.number} ${nm}`);
  lines.forEach((line, k) => words.append(s("text", { x: x + 10, y: y + 27 + k * 23, "font-size": phone ? 22 : 21,
    "font-weight": 700, fill: OUTLINE, class: "d-name", text: line })));
  const base = y + (lines.length > 1 ? 78 : 60);
  if (!phone) {  // what opens it, at a glance; the whole service is in the help
    g.append(s("g", { class: "d-need" }, at(meeple("#8d8677"), x + W - 48, y + H - 17, 0.45)));
    words.append(s("text", { x: x + W - 38, y: y + H - 10, "font-size": 17, fill: "#4a463f", text: info.access ? `${info.access}+` : "—" }));
  }
  if (d.smile) words.append(s("text", { x: x + W - 30, y: y + 27, "font-size": 24, fill: OUTLINE, text: "☺" }));
  const pieces = [];
  const number = (cx, cy, dy, text) => words.append(s("text", { x: cx, y: cy + dy * scale, "text-anchor": "middle",
    "font-size": 19 * scale, "font-weight": 800, fill: "#fff", stroke: OUTLINE, "stroke-width": 0.6, text }));
  d.priests.forEach((pr, i) => {
    const row = Math.floor(i / PER_ROW), cx = x + 26 + (i % PER_ROW) * 42 + (row > 1 ? 21 : 0);
    const cy = base + Math.min(row, 1) * 38;
    const label = fmt("cu_priestOf", { who: ctx.seatName(pr.owner), what: priestWords(pr, v) });
    pieces.push(pr.coins ? `${label} (${fmt("cu_stack", { n: pr.coins })})` : label);
    let piece;
    if (pr.level === "P") {
      piece = figure(pr.owner, { label });
      number(cx, cy, 18, v.players[pr.owner].patriarch_level);
    } else {
      piece = token("", pr.owner, { label, ring: pr.bonus > 0 });
      number(cx, cy, 6.5, pr.level + (pr.bonus || 0));
    }
    g.append(at(piece, cx, cy, scale));
    if (pr.coins) {
      g.append(at(coin(null, { label: fmt("cu_stack", { n: pr.coins }) }), cx + 14, cy - 20, 0.7));
      words.append(s("text", { x: cx + 26, y: cy - 14, "font-size": 23, "font-weight": 800, fill: "#5c4300", text: pr.coins }));
    }
  });
  d.altars.forEach((owner, i) => {
    // a column on the right edge, beside the priests
    const label = fmt("cu_altarOf", { who: ctx.seatName(owner) });
    pieces.push(label);
    g.append(at(block(owner, { label }), x + W - 24 - Math.floor(i / 2) * 30, base - 6 + (i % 2) * 34, scale * 0.9));
  });
  const title = `${fmt("cu_district", { n: d.number, name: nm })}${active ? ` (${t("cu_active")})` : ""}`;
  const named = pieces.length ? `${title}: ${pieces.join("; ")}` : title;
  if (acts.length) {
    target(g, acts, { label: named });
  } else {
    g.setAttribute("role", "group");
    g.setAttribute("aria-label", named);
  }
  help(g, title, districtHelp(ctx, d.number) + (seized ? `\n${t("cu_seized")} ${ctx.seatName(d.seized_by)}` : "")
    + (d.smile ? `\n${t("cu_smile")}` : ""), { focusable: false });
  return s("g", { class: "d-tile" }, g, words);
}

// My free priests as tokens to pick up (placing: first the priest, then the district).
export function freePriests(p, ctx) {
  const v = p.view, me = v.players[p.seat];
  if (!me) return null;
  const placing = (p.choices || []).some((c) => c.action.startsWith("place "));
  const box = h("div", { class: "cu-free", role: "group", "aria-label": t("cu_freePriests") });
  for (const lv of me.free) {
    const key = String(lv);
    const words = lv === "P" ? fmt("cu_placeP", { n: me.patriarch_level }) : fmt("cu_placeLevel", { n: lv });
    const piece = lv === "P" ? figure(p.seat) : token(lv, p.seat);
    if (lv === "P") {
      piece.append(s("text", { y: 18, "text-anchor": "middle", "font-size": 19, "font-weight": 800, fill: "#fff",
        stroke: OUTLINE, "stroke-width": 0.5, text: me.patriarch_level }));
    }
    const el = h("span", { class: "cu-priest", "data-id": `free-${key}` },
      s("svg", { width: 44, height: 44, viewBox: "-22 -22 44 44", "aria-hidden": "true" }, piece));
    const canPlace = placing && (p.choices || []).some((c) => c.action.startsWith("place ") && c.action.split(" ")[2] === key);
    // The Temple's and the Academy's services raise a free priest: click that priest.
    const raise = (p.choices || []).filter((c) => /^(upgrade|study) /.test(c.action) && c.action.split(" ")[1] === key);
    if (canPlace) {
      target(el, [], { select: key, label: words });
      if (ctx.selected === key) selected(el);
    } else if (raise.length) {
      target(el, raise.map((c) => ({ action: c.action, text: actionText(ctx, p, c.action) })), { label: words });
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", words);
    }
    box.append(el);
  }
  return box;
}
