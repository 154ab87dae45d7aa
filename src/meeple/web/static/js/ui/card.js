// Cards drawn as cards: a rounded face with a title band, a kind mark, the seal and
// cost, and the whole text; a hand of them that zooms the one under the pointer/focus.
import { h } from "../dom.js";
import { OUTLINE } from "./colours.js";

const KIND_MARK = { miracle: "✶", conspiracy: "☍", licence: "⚖", license: "⚖", action: "➤", objective: "◎",
  wonder: "★", creature: "♞", artifact: "⚱", greatness: "♛", advance: "✦" };

export function card({ title, kind = "", kindName = "", seal = "", cost = "", text = "", colour = "#5a4a7a", id, small = false } = {}) {
  const el = h("article", { class: `gcard${small ? " small" : ""}`, tabindex: 0, "data-id": id,
    style: `--card-colour: ${colour}; --card-outline: ${OUTLINE}`, "aria-label": [title, kindName || kind].filter(Boolean).join(", ") },
    h("header", { class: "gcard-band" },
      h("span", { class: "gcard-kind", "aria-hidden": "true", text: KIND_MARK[kind] || "◆" }),
      h("span", { class: "gcard-title", text: title || "" }),
      cost !== "" && cost !== null && cost !== undefined ? h("span", { class: "gcard-cost", text: cost }) : null),
    kindName || seal ? h("div", { class: "gcard-meta" },
      kindName ? h("span", { text: kindName }) : null, seal ? h("span", { class: "gcard-seal", text: seal }) : null) : null,
    text ? h("div", { class: "gcard-text" }, String(text).split("\n").map((p) => h("p", { text: p }))) : null);
  return el;
}

// A row of cards; with zoom, the card under the pointer or focus grows over the others.
export function hand(cards, { zoom = true, label = "" } = {}) {
  return h("div", { class: `hand${zoom ? " zoom" : ""}`, role: "list", "aria-label": label || undefined },
    cards.map((c) => {
      const el = c instanceof Element ? c : card(c);
      el.setAttribute("role", "listitem");
      return el;
    }));
}
