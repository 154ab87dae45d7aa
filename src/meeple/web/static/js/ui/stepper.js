// A number chosen with − and + (bids, coins, troops), typed too; kept within min..max.
import { h } from "../dom.js";
import { t } from "./text.js";

export function stepper(min, max, value, onChange = () => {}, { label = "" } = {}) {
  let v = clamp(value ?? min);
  function clamp(n) { return Math.min(max, Math.max(min, Math.round(Number(n) || 0))); }
  const input = h("input", { type: "number", class: "stepper-value", min, max, value: v, inputmode: "numeric",
    "aria-label": label || t("amount") });
  const less = h("button", { type: "button", class: "stepper-less ghost", "aria-label": `${t("less")} ${label}`.trim() }, "−");
  const more = h("button", { type: "button", class: "stepper-more ghost", "aria-label": `${t("more")} ${label}`.trim() }, "+");
  const set = (n) => {
    const next = clamp(n);
    input.value = next;
    less.disabled = next <= min;
    more.disabled = next >= max;
    if (next !== v) { v = next; onChange(v); }
  };
  less.addEventListener("click", () => set(v - 1));
  more.addEventListener("click", () => set(v + 1));
  input.addEventListener("change", () => set(input.value));
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowUp") { ev.preventDefault(); set(v + 1); }
    if (ev.key === "ArrowDown") { ev.preventDefault(); set(v - 1); }
  });
  less.disabled = v <= min;
  more.disabled = v >= max;
  const el = h("span", { class: "stepper", role: "group", "aria-label": label || t("amount") }, less, input, more);
  Object.defineProperty(el, "value", { get: () => v, set });
  return el;
}
