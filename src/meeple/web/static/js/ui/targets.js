// Direct manipulation. A game module marks each legal place or piece on its board:
//   target(el, actions)                  — a place standing for these choices
//   target(el, actions, {select: key})   — a piece to pick up first (ctx.selected = key)
// The shell (table.js) listens for the "meeple-target" event this sends on click or
// Enter: one action is sent, several open a popover, a selectable piece is picked up.
// Places without a legal action get nothing: no hover, no pointer, no tab stop.

const ACTIONS = new WeakMap();

export function target(el, actions, { select, label, confirm = false } = {}) {
  const list = (actions || []).map((a) => (typeof a === "string" ? { action: a, text: a } : a));
  if (!list.length && select === undefined) return el;
  ACTIONS.set(el, { actions: list, select, confirm });
  el.classList.add("target");
  if (select !== undefined) el.classList.add("selectable");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  if (label) el.setAttribute("aria-label", label);
  el.dataset.target = select !== undefined ? `select:${select}` : list.map((c) => c.action).join("|");
  const fire = () => el.dispatchEvent(new CustomEvent("meeple-target", { bubbles: true,
    detail: { el, actions: list, select, confirm } }));
  el.addEventListener("click", (ev) => { ev.stopPropagation(); fire(); });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fire(); }
  });
  return el;
}

export const targetOf = (el) => ACTIONS.get(el);

// Marks the piece currently picked up (the game module calls it when ctx.selected
// matches), so it is drawn lifted and announced as pressed.
export function selected(el, on = true) {
  el.classList.toggle("selected", on);
  el.setAttribute("aria-pressed", on ? "true" : "false");
  return el;
}

// Arrow keys move focus across the targets inside root, in reading order of their
// on-screen positions (rows top to bottom, then left to right).
export function arrowKeys(root) {
  root.addEventListener("keydown", (ev) => {
    if (!["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].includes(ev.key)) return;
    const here = ev.target.closest && ev.target.closest(".target");
    if (!here || !root.contains(here)) return;
    const all = [...root.querySelectorAll(".target")].filter((e) => e.getClientRects().length);
    if (all.length < 2) return;
    const pos = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
    const [x0, y0] = pos(here);
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[ev.key];
    let best = null, bestScore = Infinity;
    for (const e of all) {
      if (e === here) continue;
      const [x, y] = pos(e), dx = x - x0, dy = y - y0;
      const along = dx * dir[0] + dy * dir[1];
      if (along <= 1) continue;
      const across = Math.abs(dx * dir[1] - dy * dir[0]);
      const score = along + across * 2;
      if (score < bestScore) { bestScore = score; best = e; }
    }
    if (!best) {  // wrap: the next/previous in document order
      const i = all.indexOf(here), step = dir[0] + dir[1] > 0 ? 1 : -1;
      best = all[(i + step + all.length) % all.length];
    }
    ev.preventDefault();
    best.focus();
  });
}
