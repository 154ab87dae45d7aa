// A table description drawn (meeple.kit.table, docs/authoring.md §8): zones — a track, a
// grid, a market row, a supply of tokens, decks and discard piles, a hand — and their
// pieces, each with its label, icon or card face and its help; a piece, a space or a zone
// whose actions are legal now is a target (one click sends the choice, several open the
// list beside it). Every id becomes a data-id, so what changed is outlined by the shell.
import { h } from "../dom.js";
import { addText } from "../i18n.js";
import { KIT_TEXT } from "../text/kit.js";
import { t } from "./text.js";
import { help } from "./tooltip.js";
import { target } from "./targets.js";
import { icon } from "./pieces.js";
import { colourOf, inkOn, shape, tint } from "./icons.js";

addText(KIT_TEXT);

// The legal choices among a thing's actions (the payload's choices, with their sentences).
const legalOf = (actions, ctx) => {
  if (!actions || !actions.length || !ctx.choices) return [];
  const want = new Set(actions);
  return ctx.choices.filter((c) => want.has(c.action));
};

// A named icon as a small picture (the colour of its piece or stat).
export function iconOf(name, colour, size = 20, label) {
  const g = shape(name, colour);
  return g ? icon(g, size, label) : null;
}

// The thing's label first, so that its accessible name holds the words on it.
function makeTarget(el, actions, ctx, label) {
  const legal = legalOf(actions, ctx);
  if (legal.length) target(el, legal, { label });
  return el;
}

function costRow(cost) {
  if (!cost || !cost.length) return null;
  return h("ul", { class: "kt-cost", "aria-label": t("kitCost") }, cost.map((c) => h("li", { class: "kt-cost-item" },
    iconOf(c.icon, c.colour, 16), h("span", { class: "kt-cost-n", text: c.value }), h("span", { class: "sr", text: ` ${c.label}` }))));
}

function cardFace(p) {
  const colour = colourOf(p.colour, "#5a4a7a");
  if (p.face_down) {
    return h("div", { class: "kt-card back", style: `--card-colour: ${colour}` }, h("span", { class: "kt-card-back", text: p.label }));
  }
  return h("div", { class: "kt-card", style: `--card-colour: ${colour}; --card-tint: ${tint(colour, 0.32)}; --card-ink: ${inkOn(colour)}` },
    h("div", { class: "kt-band" },
      p.icon ? iconOf(p.icon, p.colour, 16) : null,
      h("span", { class: "kt-title", text: p.label }),
      p.value !== undefined && p.value !== null ? h("span", { class: "kt-value", text: p.value }) : null),
    p.tag ? h("div", { class: "kt-tag", text: p.tag }) : null,
    costRow(p.cost),
    p.text ? h("div", { class: "kt-text", text: p.text }) : null);
}

function tokenFace(p) {
  const name = p.icon || { meeple: "meeple", pawn: "pawn", figure: "figure", cube: "cube", disc: "disc" }[p.kind] || "token";
  return h("span", { class: "kt-token-face" },
    h("span", { class: "kt-token-pic" }, iconOf(name, p.colour, p.kind === "chip" ? 30 : 26),
      p.value !== undefined && p.value !== null ? h("span", { class: "kt-token-value", text: p.value }) : null),
    p.count !== undefined && p.count !== null ? h("span", { class: "kt-count", text: `×${p.count}` }) : null);
}

// One piece: a card's face, or a token's picture with its value, its count (×5) and its
// label under it. A piece that is a button is named by its content, as a screen reader
// reads it (a card's title, value and price, each price's colour in words hidden from the
// eye, whose icons show it): a label set over it would hide those words or differ from
// what is shown.
export function piece(p, ctx) {
  const isCard = p.kind === "card";
  const el = h("div", { class: `kt-piece kt-${p.kind}${p.face_down ? " face-down" : ""}`, "data-id": p.id },
    isCard ? cardFace(p) : tokenFace(p),
    isCard ? null : h("span", { class: "kt-label", text: p.label }));
  if (p.help || p.text) help(el, p.label, p.help || p.text, { focusable: true });
  return makeTarget(el, p.actions, ctx, undefined);
}

function space(sp, ctx, n) {
  const el = h("div", { class: `kt-space${sp.icon ? ` kt-space-${sp.icon}` : ""}`, "data-id": sp.id,
    style: sp.colour !== undefined ? `--space: ${tint(colourOf(sp.colour), 0.3)}; --space-edge: ${colourOf(sp.colour)}` : undefined },
  h("span", { class: "kt-space-head" },
    sp.icon ? iconOf(sp.icon, undefined, 18) : null,
    h("span", { class: "kt-space-label", text: sp.mark ?? sp.label })),
  sp.pieces && sp.pieces.length ? h("span", { class: "kt-space-pieces" }, sp.pieces.map((p) => {
    const pe = h("span", { class: "kt-runner", "data-id": p.id, title: p.label }, iconOf(p.icon || "pawn", p.colour, 20, p.label));
    return pe;
  })) : null);
  el.style.setProperty("--n", n);
  if (sp.help) help(el, sp.label, sp.help, { focusable: !(sp.actions && legalOf(sp.actions, ctx).length) });
  // Its name holds what it shows: the label (which a mark's number is part of), then who
  // stands there.
  const name = sp.mark !== undefined && sp.mark !== null
    ? [sp.label, ...(sp.pieces || []).map((p) => p.label)].join(", ")
    : el.textContent.replace(/\s+/g, " ").trim() || sp.label;
  return makeTarget(el, sp.actions, ctx, name);
}

function deckPile(z, ctx, label) {
  const top = z.pieces && z.pieces.length ? z.pieces[z.pieces.length - 1] : null;
  const pile = h("div", { class: "kt-deck", "data-id": `${z.id}-pile` },
    top ? piece(top, ctx) : h("div", { class: "kt-card back" }, h("span", { class: "kt-card-back", text: label })),
    h("span", { class: "kt-deck-count", text: `${z.count ?? 0}` }));
  return pile;
}

// One zone with its heading; ``small``: inside a player's panel.
export function zone(z, ctx, { small = false } = {}) {
  const kind = z.kind;
  const head = h("h3", { class: "kt-zone-title" }, h("span", { text: z.label }),
    z.count !== undefined && z.count !== null && kind !== "deck" ? h("span", { class: "kt-zone-count", text: ` (${z.count})` }) : null);
  if (z.help) help(head, z.label, z.help);
  let body;
  if (kind === "track") {
    body = h("ol", { class: "kt-track" }, (z.spaces || []).map((sp, i) => h("li", {}, space(sp, ctx, i))));
  } else if (kind === "deck") {
    body = deckPile(z, ctx, z.label);
  } else if (kind === "grid") {
    body = h("ul", { class: "kt-grid", style: `--cols: ${z.cols || 4}` }, (z.pieces || []).map((p) => h("li", {}, piece(p, ctx))));
  } else if ((z.pieces || []).length) {
    body = h("ul", { class: `kt-row kt-${kind}` }, z.pieces.map((p) => h("li", {}, piece(p, ctx))));
  } else {
    body = h("p", { class: "muted kt-empty", text: t("kitEmpty") });
  }
  const box = h("section", { class: `kt-zone kt-zone-${kind}${small ? " small" : ""}`, "data-id": z.id,
    "aria-label": z.label }, head, body);
  // A zone's own actions (draw from the deck): the zone's heading is the button.
  if (z.actions && legalOf(z.actions, ctx).length) makeTarget(head, z.actions, ctx, head.textContent.trim());
  return box;
}

// A player's counts for the shell's player panel.
export function stats(list, seat) {
  return (list || []).map((st, i) => ({
    id: st.id || `k-${seat}-${i}`, icon: iconOf(st.icon, st.colour, 18), value: st.value, label: st.label, help: st.help,
  }));
}
