// Rows that scroll sideways (a hand of cards, the Palace's licences, a wide table) say so:
// while more lies beyond an edge, that edge fades out (classes more-left / more-right, on
// an element of class "scrolls") and the row keeps a visible scroll bar. Marked when first
// laid out (a ResizeObserver's first call: no layout forced while the table draws), and
// again when the row is scrolled or changes size; the shell hands it each drawing's rows.
const ROWS = ".hand, .scroll-x";
const watched = new WeakSet();
const SLACK = 2;  // px: rounding, not content

export function scrollCue(el) {
  const over = el.scrollWidth - el.clientWidth;
  const scrolls = over > SLACK && getComputedStyle(el).overflowX !== "visible";
  el.classList.toggle("scrolls", scrolls);
  el.classList.toggle("more-left", scrolls && el.scrollLeft > SLACK);
  el.classList.toggle("more-right", scrolls && el.scrollLeft < over - SLACK);
  return scrolls;
}

const resized = typeof ResizeObserver === "undefined" ? null
  : new ResizeObserver((entries) => { for (const e of entries) scrollCue(e.target); });

export function watchScroll(el) {
  if (watched.has(el)) return;
  watched.add(el);
  el.addEventListener("scroll", () => scrollCue(el), { passive: true });
  if (resized) resized.observe(el); else scrollCue(el);
}

// New rows are watched; rows kept from before (their cards may have changed) are looked
// at again in the next frame, when the page is laid out for painting anyway.
export function markScrollers(root) {
  const rows = [...root.querySelectorAll(ROWS)];
  const kept = rows.filter((el) => watched.has(el));
  rows.forEach(watchScroll);
  if (kept.length) requestAnimationFrame(() => kept.forEach((el) => el.isConnected && scrollCue(el)));
}
