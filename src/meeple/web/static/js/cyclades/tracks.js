// The god track (each god a tile with its offering; click one to bid, the amount on a
// stepper) and the creature track (the cards on offer, bought by clicking them).
import { h } from "../dom.js";
import { icon, token } from "../ui/pieces.js";
import { card, hand } from "../ui/card.js";
import { target } from "../ui/targets.js";
import { help } from "../ui/tooltip.js";
import { creatureName, godName, named, t } from "./common.js";
import { FACTS } from "./facts.js";

const GOD_COLOUR = { poseidon: "#1f6fb2", ares: "#b23a2a", zeus: "#b58a00", athena: "#5a7f3a", kronos: "#5d4b8a", apollo: "#c46a00" };
const isBid = (g) => (c) => c.action === `bid ${g}` || c.action.startsWith(`bid ${g} `);

function godTile(p, ctx, g, who) {
  const choices = (p.choices || []).filter(isBid(g));
  const name = godName(ctx, g);
  const tile = h("div", { class: "cy-god", "data-god": g, "data-id": `god-${g}`, style: `--god: ${GOD_COLOUR[g] || "#555"}` },
    h("span", { class: "cy-god-name", text: name }), who);
  help(tile, name, t(`cy_god_${g}`), { focusable: !choices.length });
  // Named by what it shows (the god, the bidder): a name that left out the visible words
  // would fail speech input; the popover's title says what clicking does.
  if (choices.length) { tile.dataset.title = `${name}: ${t("cy_offer")}`; target(tile, choices); }
  return tile;
}

export function gods(p, ctx) {
  const v = p.view;
  const tiles = v.gods.map((g) => {
    const bid = v.bids[g];
    const who = bid ? h("span", { class: "cy-bid" }, icon(token(bid[1], bid[0]), 22), h("span", { text: ctx.seatName(bid[0]) }))
      : h("span", { class: "cy-bid muted", text: t("cy_noBid") });
    return godTile(p, ctx, g, who);
  });
  tiles.push(godTile(p, ctx, "apollo", h("span", { class: "cy-bid" },
    v.apollo.length ? v.apollo.map((q) => h("span", { class: "cy-on" }, icon(token("", q), 18), ctx.seatName(q)))
      : h("span", { class: "muted", text: t("cy_noBid") }))));
  const order = v.turns.length && v.phase === "actions"
    ? h("p", { class: "cy-order" }, `${t("cy_order")}: `, v.turns.map(([g, q], i) => h("span", {
      class: i === v.turn ? "cy-now" : "", text: `${godName(ctx, g)} — ${ctx.seatName(q)}` })).flatMap((e, i) => (i ? [" · ", e] : [e])))
    : null;
  return h("section", { class: "panel cy-gods", id: "gods", "aria-label": t("cy_gods") },
    h("h3", { text: t("cy_gods") }), h("div", { class: "cy-track" }, tiles),
    v.facedown ? h("p", { class: "muted", text: `${t("cy_faceDown")}: ${v.facedown}` }) : null, order);
}

export function creatures(p, ctx) {
  const v = p.view;
  const cards = v.track.map((c, i) => {
    const choices = (p.choices || []).filter((x) => x.action === `buy ${i}` || x.action === `renew ${i}`);
    const el = c ? card({ title: creatureName(ctx, c), kind: "creature",
      cost: FACTS.creature_costs[i] !== undefined ? `${FACTS.creature_costs[i]}` : "", text: named(ctx, `creature.${c}.text`, ""), colour: "#3d5a6e", id: `creature-${i}` })
      : card({ title: "—", kind: "creature", colour: "#8d8677", id: `creature-${i}` });
    el.dataset.creature = c || "";
    if (choices.length) { el.dataset.title = c ? creatureName(ctx, c) : "—"; el.removeAttribute("aria-label"); target(el, choices); }
    return el;
  });
  const specials = v.special_display.map((k) => card({ title: `${named(ctx, `special.${k}`)} ${named(ctx, "building.metropolis")}`,
    kind: "wonder", text: named(ctx, `special.${k}.text`, ""), colour: "#7a4fa0", small: true }));
  return h("section", { class: "panel cy-creatures", id: "creatures", "aria-label": t("cy_creatures") },
    // Cards that are buttons are no list items: a plain row of them.
    h("h3", { text: t("cy_creatures") }), h("div", { class: "hand zoom cy-cards" }, cards),
    h("p", { class: "muted cy-deck", text: `${t("cy_deck")}: ${v.deck_size}` }),
    specials.length ? [h("h3", { text: t("cy_specials") }), hand(specials, { label: t("cy_specials") })] : null);
}
