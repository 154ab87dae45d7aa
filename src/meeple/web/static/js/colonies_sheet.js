// Colonies character sheets («заявка»): the player's form, the Master's review and the
// opening post. Every change is an ordinary action (`sheet name "…"`, `sheet submit`,
// `sheet approve 2`), checked by the server, which names what it refuses.
import { call } from "./api.js";
import { h, clear } from "./dom.js";
import { t, language } from "./i18n.js";

// [line, several lines?]; the server's data/sheets.yaml holds the limits.
const LINES = [["name", false], ["class", false], ["race", false], ["history", true],
  ["picture", false], ["looks", true], ["skill", false], ["goal", true]];
const REQUIRED = ["name", "history", "race", "class", "skill", "goal"];
const TEAMS = ["traders", "generals"];
const quote = (text) => JSON.stringify(text);
// Lines typed but not yet saved, by game and seat, and the line being typed in with its
// cursor: every update redraws the table, and the form must come back as it was.
const drafts = {};
const refusals = {};
let typing = null;

export const hasSheets = (v) => v.players.length > 0 && "sheet" in v.players[0];

// A refusal names the action first ("sheet race …: the race is too long"): the form says
// which line, so only the reason is shown.
const act = (ctx, action) => call("POST", `/api/games/${ctx.gid}/actions`, { token: ctx.token, body: { action } })
  .catch((e) => { throw new Error(e.message.startsWith(`${action}: `) ? e.message.slice(action.length + 2) : e.message); });
const short = (f) => t(`sheet_${f}`).split(" (")[0];

function missing(sh) {
  const out = REQUIRED.filter((f) => !sh[f]).map(short);
  if (!sh.picture && !sh.looks) out.push(`${short("picture")} / ${short("looks")}`);
  return out;
}

function status(sh) {
  return h("p", { class: `sheet-status ${sh.status}`, id: "sheet-status" },
    h("strong", { text: `${t("sheetStatusLabel")}: ${t(`sheetStatus_${sh.status}`)}` }),
    sh.status === "returned" && sh.note ? h("span", { text: ` · ${t("sheetNote")}: ${sh.note}` }) : null);
}

// The player's own sheet: editable while they are asked and it is not approved.
export function sheetForm(p, ctx) {
  const sh = p.view.players[p.seat].sheet;
  const key = `${ctx.gid}:${p.seat}`;
  const draft = drafts[key] || (drafts[key] = {});
  const open = p.waiting.includes(p.seat) && sh.status !== "approved";
  const error = h("p", { class: "error", role: "alert", id: "sheet-error", text: refusals[key] || "" });
  // Each line saved brings an update that redraws the form: say a refusal in the form shown.
  const refuse = (message) => {
    refusals[key] = message;
    const shown = document.getElementById("sheet-error");
    (shown || error).textContent = message;
  };
  const inputs = {};
  const rows = LINES.map(([f, multi]) => {
    let el;
    if (f === "class") {
      el = h("select", { id: "sheet-class" }, h("option", { value: "", text: "—" }),
        TEAMS.map((k) => h("option", { value: k, text: t(k) })));
    } else {
      el = h(multi ? "textarea" : "input", multi ? { id: `sheet-${f}`, rows: 3 } : { id: `sheet-${f}`, type: "text", inputmode: f === "picture" ? "url" : null });
    }
    el.value = draft[f] ?? sh[f] ?? "";
    el.disabled = !open;
    const keep = () => {
      draft[f] = el.value;
      typing = { id: el.id, start: el.selectionStart, end: el.selectionEnd };
    };
    el.addEventListener("input", keep);
    el.addEventListener("change", keep);
    el.addEventListener("keyup", keep);
    el.addEventListener("click", keep);
    el.addEventListener("blur", () => { if (el.isConnected && typing && typing.id === el.id) typing = null; });
    inputs[f] = el;
    const required = REQUIRED.includes(f) ? " *" : "";
    return h("label", { class: "sheet-line", for: el.id }, h("span", { text: t(`sheet_${f}`) + required }), el);
  });
  const save = async (submit) => {
    refuse("");
    for (const [f] of LINES) {
      const value = inputs[f].value.trim();
      if (value === (sh[f] || "")) continue;
      try {
        await act(ctx, `sheet ${f} ${f === "class" ? value : quote(value)}`);
        delete draft[f];
      } catch (e) { refuse(`${short(f)}: ${e.message}`); return; }
    }
    if (submit) {
      try { await act(ctx, "sheet submit"); } catch (e) { refuse(e.message); }
    }
  };
  if (typing && inputs[typing.id.slice("sheet-".length)]) {
    const back = typing;
    setTimeout(() => {
      const el = document.getElementById(back.id);
      if (!el || el.disabled) return;
      el.focus();
      if (typeof back.start === "number") el.setSelectionRange(back.start, back.end);
    });
  }
  const gaps = missing(sh);
  return h("form", { class: "panel sheet", id: "sheet-form", onsubmit: (ev) => { ev.preventDefault(); save(true); } },
    h("h3", { text: t("sheet") }), status(sh),
    h("p", { class: "muted", text: t("sheetHelp") }), rows,
    open && gaps.length ? h("p", { class: "muted", id: "sheet-missing", text: `${t("sheetMissing")}: ${gaps.join(", ")}` }) : null,
    open ? h("div", { class: "seat-row" },
      h("button", { type: "button", class: "secondary", id: "sheet-save", onclick: () => save(false) }, t("sheetSave")),
      h("button", { type: "submit", id: "sheet-submit" }, t("sheetSubmit"))) : null,
    error);
}

function lines(sh) {
  return h("dl", { class: "sheet-lines" }, LINES.filter(([f]) => sh[f]).map(([f]) => [
    h("dt", { text: t(`sheet_${f}`) }),
    f === "picture" ? h("dd", {}, h("a", { href: sh[f], target: "_blank", rel: "noopener noreferrer", text: sh[f] }))
      : h("dd", { text: f === "class" ? t(sh[f]) : sh[f] })]));
}

// The Master: each sheet handed in, in full, to approve or send back with a comment.
export function masterSheets(p, ctx) {
  const v = p.view;
  const box = h("div", { class: "panel", id: "sheet-review" }, h("h3", { text: t("sheetsToReview") }));
  const waiting = v.players.filter((pl) => pl.sheet.status === "submitted");
  if (!waiting.length) {
    box.append(h("p", { class: "muted", text: v.players.map((pl) => `${pl.name}: ${t(`sheetStatus_${pl.sheet.status}`)}`).join(" · ") }));
    return box;
  }
  for (const pl of waiting) {
    const error = h("p", { class: "error", role: "alert" });
    const comment = h("input", { "aria-label": t("comment"), placeholder: t("comment"), id: `sheet-comment-${pl.index}` });
    const run = (action) => act(ctx, action).catch((e) => { error.textContent = e.message; });
    box.append(h("div", { class: "sheet-review", "data-player": pl.index },
      h("h4", { text: pl.name }), lines(pl.sheet),
      h("div", { class: "seat-row" },
        h("button", { type: "button", id: `sheet-approve-${pl.index}`, onclick: () => run(`sheet approve ${pl.index}`) }, t("approve")),
        comment,
        h("button", { type: "button", class: "secondary", id: `sheet-return-${pl.index}`,
          onclick: () => { if (comment.value.trim()) run(`sheet return ${pl.index} ${quote(comment.value.trim())}`); else error.textContent = t("commentNeeded"); } }, t("sendBack"))),
      error));
  }
  return box;
}

// The opening post as the forum gets it, in the interface's language.
export function openingPost(p, ctx) {
  const out = h("pre", { class: "report", id: "opening-post" });
  const fmt = h("select", { id: "opening-format", "aria-label": t("format") },
    h("option", { value: "bbcode", text: "BBCode" }), h("option", { value: "md", text: "Markdown" }));
  const load = () => call("GET", `/api/games/${ctx.gid}/opening?format=${fmt.value}&lang=${language()}`, { token: ctx.token })
    .then((text) => { clear(out).append(text); }).catch((e) => { out.textContent = e.message; });
  fmt.addEventListener("change", load);
  load();
  const copy = h("button", { type: "button", class: "secondary", id: "opening-copy" }, t("copy"));
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(out.textContent); copy.textContent = t("copied"); } catch { copy.textContent = "×"; }
  });
  return h("div", { class: "panel", id: "opening" }, h("h3", { text: t("openingPost") }),
    h("div", { class: "seat-row" }, h("label", {}, h("span", { text: t("format") }), fmt), copy), out);
}

// A line for each player's card: where their sheet stands.
export function sheetRow(pl) {
  if (!pl.sheet) return null;
  return [h("span", { text: t("sheet") }), h("span", { text: t(`sheetStatus_${pl.sheet.status}`) })];
}
