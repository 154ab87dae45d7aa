// Help on anything a player may wonder about: hover shows it, a long press on a touch
// screen, keyboard focus too; screen readers get it as the element's description.
import { h } from "../dom.js";

let tip = null, timer = 0, seq = 0, owner = null, store = null;
const owners = new Map();  // description id -> the element it describes

function texts() {
  if (!store || !store.isConnected) {
    store = h("div", { id: "help-texts", hidden: true });
    document.body.append(store);
  }
  return store;
}

function box() {
  if (!tip) {
    tip = h("div", { class: "tooltip", role: "tooltip", id: "tooltip", hidden: true });
    document.body.append(tip);
    document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hide(); });
    window.addEventListener("scroll", hide, { passive: true, capture: true });
  }
  return tip;
}

export function show(el, title, text) {
  const t = box();
  t.replaceChildren();
  if (title) t.append(h("strong", { text: title }));
  if (text) for (const para of String(text).split("\n")) if (para.trim()) t.append(h("p", { text: para }));
  t.hidden = false;
  owner = el;
  const r = el.getBoundingClientRect(), w = t.offsetWidth, hgt = t.offsetHeight;
  let x = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), window.innerWidth - w - 4);
  let y = r.bottom + 6;
  if (y + hgt > window.innerHeight - 4) y = Math.max(4, r.top - hgt - 6);
  t.style.left = `${x}px`;
  t.style.top = `${y}px`;
}

export function hide() { clearTimeout(timer); if (tip) tip.hidden = true; owner = null; }

// Attaches help to an element (HTML or SVG). Returns the element.
export function help(el, title, text, { focusable = true } = {}) {
  if (!title && !text) return el;
  const id = `help-${++seq}`;
  const full = [title, text].filter(Boolean).join(": ");
  // The description lives outside the element, so a button's own name stays its own.
  texts().append(h("span", { id, text: full }));
  owners.set(id, new WeakRef(el));
  const was = el.getAttribute("aria-describedby");
  el.setAttribute("aria-describedby", was ? `${was} ${id}` : id);
  el.classList.add("has-help");
  if (focusable && !el.hasAttribute("tabindex") && !/^(BUTTON|A|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) {
    el.setAttribute("tabindex", "0");
  }
  const open = () => show(el, title, text);
  el.addEventListener("mouseenter", () => { clearTimeout(timer); timer = setTimeout(open, 250); });
  el.addEventListener("mouseleave", hide);
  el.addEventListener("focus", open);
  el.addEventListener("blur", hide);
  // A long press on a touch screen shows it; the click that follows is swallowed.
  let pressed = 0, longed = false;
  el.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    longed = false;
    pressed = setTimeout(() => { longed = true; open(); }, 500);
  });
  const cancel = () => clearTimeout(pressed);
  el.addEventListener("pointerup", cancel);
  el.addEventListener("pointercancel", cancel);
  el.addEventListener("pointermove", (ev) => { if (ev.pointerType === "touch" && Math.abs(ev.movementX) + Math.abs(ev.movementY) > 4) cancel(); });
  el.addEventListener("click", (ev) => { if (longed) { ev.stopImmediatePropagation(); ev.preventDefault(); longed = false; } }, true);
  el.addEventListener("contextmenu", (ev) => { if (longed) ev.preventDefault(); });
  return el;
}

// After a redraw the element the tip belonged to may be gone, and with it the
// descriptions of the elements drawn before.
export function hideIfOrphaned() {
  if (owner && !owner.isConnected) hide();
  for (const [id, ref] of owners) {
    const el = ref.deref();
    if (!el || !el.isConnected) { owners.delete(id); document.getElementById(id)?.remove(); }
  }
}
