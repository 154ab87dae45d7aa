// Phone tabs: on a narrow screen only the chosen panel shows (Players / Mine / Log /
// Rules ...); on a wide one the tab bar hides and every panel keeps its place.
import { h } from "../dom.js";

// items: [{id, label, panel: Element or [Element...]}]; state: {active} kept by the caller
// across redraws.
export function tabs(items, state = {}, { label = "" } = {}) {
  const shown = items.filter((it) => it.panel);
  if (!shown.some((it) => it.id === state.active)) state.active = shown.length ? shown[0].id : null;
  const buttons = [];
  const select = (id, focus = false) => {
    state.active = id;
    for (const [i, it] of shown.entries()) {
      const on = it.id === id;
      buttons[i].setAttribute("aria-selected", on ? "true" : "false");
      buttons[i].tabIndex = on ? 0 : -1;
      for (const el of [].concat(it.panel)) el.classList.toggle("tab-off", !on);
      if (on && focus) buttons[i].focus();
    }
  };
  for (const it of shown) {
    const panels = [].concat(it.panel);
    panels.forEach((el, n) => {
      el.id = el.id || `tab-${it.id}${n ? `-${n}` : ""}`;
      el.setAttribute("role", "tabpanel");
      el.setAttribute("aria-labelledby", `tabbtn-${it.id}`);
    });
    buttons.push(h("button", { type: "button", role: "tab", id: `tabbtn-${it.id}`, class: "tab",
      "aria-controls": panels.map((el) => el.id).join(" "), "data-tab": it.id, onclick: () => select(it.id) }, it.label));
  }
  const bar = h("div", { class: "tabbar", role: "tablist", "aria-label": label || undefined }, buttons);
  bar.addEventListener("keydown", (ev) => {
    const i = shown.findIndex((it) => it.id === state.active);
    if (ev.key === "ArrowRight") select(shown[(i + 1) % shown.length].id, true);
    else if (ev.key === "ArrowLeft") select(shown[(i - 1 + shown.length) % shown.length].id, true);
    else return;
    ev.preventDefault();
  });
  select(state.active);
  bar.select = select;
  return bar;
}
