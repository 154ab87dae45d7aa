// Pan and zoom for a board on a small screen: pinch or the +/− buttons to zoom, drag to
// pan, reset. The state object is kept by the caller, so a redraw keeps the view.
import { h } from "../dom.js";
import { t } from "./text.js";

export function zoomable(content, state = { scale: 1, x: 0, y: 0 }, { max = 4 } = {}) {
  const inner = h("div", { class: "zoom-inner" }, content);
  const view = h("div", { class: "zoom-view" }, inner);
  const apply = () => {
    state.scale = Math.min(max, Math.max(1, state.scale));
    if (state.scale === 1) {  // nothing to clamp: no layout to read after a redraw
      state.x = 0; state.y = 0;
      inner.style.transform = "";
      view.classList.remove("zoomed");
      reset.disabled = true;
      return;
    }
    const w = view.clientWidth || 1, hgt = inner.offsetHeight || 1;
    state.x = Math.min(0, Math.max(w - w * state.scale, state.x));
    state.y = Math.min(0, Math.max(hgt - hgt * state.scale, state.y));
    inner.style.transform = state.scale === 1 ? "" : `translate(${state.x}px, ${state.y}px) scale(${state.scale})`;
    view.classList.toggle("zoomed", state.scale > 1);
    reset.disabled = state.scale === 1;
  };
  const zoomAt = (factor, cx, cy) => {
    const s0 = state.scale, s1 = Math.min(max, Math.max(1, s0 * factor));
    state.x = cx - (cx - state.x) * (s1 / s0);
    state.y = cy - (cy - state.y) * (s1 / s0);
    state.scale = s1;
    apply();
  };
  const centre = () => [view.clientWidth / 2, view.clientHeight / 2];
  const plus = h("button", { type: "button", class: "ghost", "aria-label": t("zoomIn") }, "+");
  const minus = h("button", { type: "button", class: "ghost", "aria-label": t("zoomOut") }, "−");
  const reset = h("button", { type: "button", class: "ghost", "aria-label": t("zoomReset") }, "⟲");
  plus.addEventListener("click", () => zoomAt(1.5, ...centre()));
  minus.addEventListener("click", () => zoomAt(1 / 1.5, ...centre()));
  reset.addEventListener("click", () => { state.scale = 1; apply(); });

  // Pointers: one drags (after a few pixels, so a tap still clicks), two pinch.
  const pts = new Map();
  let dragged = false, start = null;
  view.addEventListener("pointerdown", (ev) => {
    pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
    dragged = false;
    start = [ev.clientX, ev.clientY, state.x, state.y, pinchDist()];
  });
  function pinchDist() {
    if (pts.size < 2) return 0;
    const [a, b] = [...pts.values()];
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  }
  view.addEventListener("pointermove", (ev) => {
    if (!pts.has(ev.pointerId) || !start) return;
    pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pts.size === 2) {
      const d = pinchDist(), r = view.getBoundingClientRect();
      const [a, b] = [...pts.values()];
      if (start[4]) zoomAt(d / start[4], (a[0] + b[0]) / 2 - r.left, (a[1] + b[1]) / 2 - r.top);
      start[4] = d;
      dragged = true;
      return;
    }
    if (state.scale === 1) return;
    const dx = ev.clientX - start[0], dy = ev.clientY - start[1];
    if (!dragged && Math.hypot(dx, dy) < 8) return;
    if (!dragged) view.setPointerCapture(ev.pointerId);
    dragged = true;
    state.x = start[2] + dx;
    state.y = start[3] + dy;
    apply();
  });
  const up = (ev) => { pts.delete(ev.pointerId); if (pts.size < 2 && start) start[4] = 0; };
  view.addEventListener("pointerup", up);
  view.addEventListener("pointercancel", up);
  view.addEventListener("click", (ev) => { if (dragged) { ev.stopPropagation(); ev.preventDefault(); dragged = false; } }, true);
  view.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return;  // a plain wheel scrolls the page; ctrl+wheel (and trackpad pinch) zooms
    ev.preventDefault();
    const r = view.getBoundingClientRect();
    zoomAt(ev.deltaY < 0 ? 1.2 : 1 / 1.2, ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });

  const el = h("div", { class: "zoom" }, view,
    h("div", { class: "zoom-controls", role: "group", "aria-label": t("zoom") }, plus, minus, reset));
  el.refresh = () => requestAnimationFrame(apply);  // after the content was redrawn
  requestAnimationFrame(apply);
  return el;
}
