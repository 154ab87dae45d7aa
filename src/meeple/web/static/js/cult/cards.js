// Cult's cards on the table: my hand and licences, the cult shield with both sides, the
// Palace's face-up licences, the Greatness card and the decks. A card or an ability that
// a choice is about is a target: clicking it sends that choice or lists its choices.
import { h } from "../dom.js";
import { card } from "../ui/card.js";
import { help } from "../ui/tooltip.js";
import { target } from "../ui/targets.js";
import { abilityHelp, actionText, cardFace, fmt, greatnessFace, name, shieldOf, t } from "./help.js";

// A row of cards that zooms the one under the pointer; each card keeps its own role
// (a target is a button), so the list items wrap them.
function hand(cards, { label = "" } = {}) {
  return h("div", { class: "hand zoom", role: "list", "aria-label": label || undefined },
    cards.map((c) => h("div", { role: "listitem", class: "cu-slot" }, c)));
}

// Choices about a card: sell, buy, keep, give, pay, take, play (miracle, plot).
const CARD_WORDS = ["sell", "buy", "keep", "give", "pay", "take", "miracle", "plot"];
export function cardActions(p, token) {
  return (p.choices || []).filter((c) => {
    const w = c.action.split(" ");
    return CARD_WORDS.includes(w[0]) && w[1] === token;
  });
}

export function cardEl(p, ctx, token, { small = false } = {}) {
  const face = cardFace(ctx, token);
  const el = card({ ...face, small });
  const acts = cardActions(p, token);
  if (token === "G") acts.push(...(p.choices || []).filter((c) => c.action.startsWith("festival ")));
  help(el, [face.title, face.kindName].filter(Boolean).join(" · "),
    [face.seal, face.cost !== "" && face.cost !== undefined ? `${t("cu_price")}: ${face.cost}` : "", face.text].filter(Boolean).join("\n"),
    { focusable: false });
  // The card is named by what it shows (title, kind, seal, price, text).
  if (acts.length) {
    el.dataset.title = face.title;
    el.removeAttribute("aria-label");
    target(el, acts.map((c) => ({ action: c.action, text: actionText(ctx, p, c.action) })));
  }
  return el;
}

export function shield(p, ctx, pl, { mine = false } = {}) {
  const [light, dark] = shieldOf(pl.cult);
  const onDark = pl.side === "dark";
  const side = (list, isDark) => h("div", { class: `cu-side ${isDark ? "dark" : "light"}${onDark === isDark ? " now" : ""}` },
    h("h4", { title: t(onDark === isDark ? "cu_now" : isDark ? "cu_later" : "cu_before") },
      `${t(isDark ? "cu_dark" : "cu_light")}${onDark === isDark ? ` · ${t("cu_now")}` : ""}`),
    list.map((ab) => {
      const acts = mine ? (p.choices || []).filter((c) => c.action.split(" ")[0] === "ability" && c.action.split(" ")[1] === ab.key) : [];
      const nm = name(ctx, `ability.${ab.key}`);
      const el = h("div", { class: "cu-ability", "data-id": `ab-${pl.index}-${ab.key}` },
        h("span", { class: "cu-ab-kind", "aria-hidden": "true", text: ab.kind === "ritual" ? "☽" : "✧" }),
        h("span", { class: "cu-ab-name", text: nm }));
      help(el, nm, abilityHelp(ab), { focusable: !acts.length });
      if (acts.length) target(el, acts.map((c) => ({ action: c.action, text: actionText(ctx, p, c.action) })), { label: nm });
      return el;
    }));
  return h("section", { class: "cu-shield", "aria-label": `${t("cu_shield")}: ${name(ctx, `cult.${pl.cult}`)}` },
    h("header", { class: "cu-shield-head" },
      h("strong", { text: `${t("cu_shield")} — ${name(ctx, `cult.${pl.cult}`)}` }),
      h("span", { class: "cu-power", title: t("cu_power") }, `${t("cu_power")}: `, h("b", { text: pl.power }))),
    h("div", { class: "cu-sides" }, side(light, false), side(dark, true)));
}

export function myHand(p, ctx, me) {
  const cards = (me.hand || []).map((tk) => cardEl(p, ctx, tk));
  return h("section", { class: "cu-hand", "aria-label": t("cu_hand") },
    h("h3", { text: `${t("cu_hand")} (${cards.length})` }),
    cards.length ? hand(cards, { zoom: true, label: t("cu_hand") }) : h("p", { class: "muted", text: t("cu_noCards") }));
}

export function myLicences(p, ctx, me) {
  const g = p.view.greatness;
  const list = me.licences.map((tk) => cardEl(p, ctx, tk, { small: true }));
  if (g && g.holder === p.seat) list.unshift(cardEl(p, ctx, "G", { small: true }));
  if (!list.length) return null;
  return h("section", { class: "cu-lic" }, h("h3", { text: t("cu_yourLicences") }), hand(list, { zoom: true, label: t("cu_yourLicences") }));
}

// The Palace, the Greatness card where it lies and the deck sizes: for everyone.
export function palace(p, ctx) {
  const v = p.view, g = v.greatness;
  const slots = v.palace.map((tk) => (tk ? cardEl(p, ctx, tk)
    : h("div", { class: "gcard small cu-empty", "aria-hidden": "true" })));
  const gFace = greatnessFace(ctx);
  const where = g.holder !== null && g.holder !== undefined
    ? `${t("cu_greatHolder")} ${ctx.seatName(g.holder)}${g.face_up ? "" : ` (${t("cu_faceDown")})`}`
      + (g.lent_by !== null && g.lent_by !== undefined ? ` · ${t("cu_lentBy")} ${g.lent_by === "bank" ? t("cu_greatBank") : ctx.seatName(g.lent_by)}` : "")
    : t("cu_greatBank");
  const great = g.holder === p.seat ? null : card({ ...gFace, text: where });
  if (great) help(great, gFace.title, gFace.text, { focusable: false });
  const decks = h("p", { class: "cu-decks" }, `${t("cu_decks")}: `,
    [["miracles", "cu_deckM"], ["conspiracies", "cu_deckC"], ["licences", "cu_deckL"]]
      .map(([k, w]) => `${t(w)} ${v.decks[k]}`).join(" · "));
  return h("section", { class: "panel cu-palace", "aria-label": t("cu_palace") },
    h("h3", { text: t("cu_palace") }),
    h("div", { class: "cu-row" }, hand(slots, { zoom: true, label: t("cu_palace") }),
      great ? h("div", { class: "cu-great" }, great) : null),
    decks, g.holder === p.seat ? h("p", { class: "muted", text: `${t("cu_greatness")}: ${fmt("cu_greatHolder")} ${ctx.seatName(p.seat)}` }) : null);
}
