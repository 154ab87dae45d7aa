// The replay of a finished game, drawn as the table: the board, the players and the log
// as one seat saw them after any number of moves. Start, back, forward, end (also the
// arrow keys, Home and End), a slider over every step and a jump to a round; the log
// lines this step wrote are highlighted and scrolled into view, later ones are not shown.
import { call, catalog as fetchCatalog } from "./api.js";
import { h, clear } from "./dom.js";
import { addText, t, language } from "./i18n.js";
import { logLine } from "./ui/story.js";
import { zoomable } from "./ui/zoom.js";
import { hideIfOrphaned } from "./ui/tooltip.js";
import { LOBBY_TEXT } from "./text/lobby.js";
import { TABLE_TEXT } from "./text/table.js";
import { lobbyStyle } from "./lobby.js";
import { gameModule } from "./games.js";

addText(LOBBY_TEXT);
addText(TABLE_TEXT);
const WINDOW = 30;  // the replay route sends the last 30 log lines of a position

// Where a position's log (its last WINDOW lines) ends in the finished game's log: the
// log a seat sees only grows, so each position's log is a prefix of the final one.
export function logEnd(full, tail) {
  if (tail.length < WINDOW) return tail.length;
  for (let end = tail.length; end <= full.length; end++) {
    let same = true;
    for (let i = 0; i < tail.length && same; i++) same = full[end - tail.length + i] === tail[i];
    if (same) return end;
  }
  return full.length;
}

export function showReplay(root, gid, token) {
  lobbyStyle();
  const bar = h("nav", { class: "panel replay-bar", id: "replay-bar", "aria-label": t("replay") });
  const boardBox = h("div", { class: "board-box", id: "board" });
  const zoomState = { scale: 1, x: 0, y: 0 };
  const zoom = zoomable(boardBox, zoomState);
  const board = h("section", { class: "panel board-panel", "aria-label": t("board") }, zoom);
  const side = h("section", { class: "panel players-panel", id: "side", "aria-label": t("players") });
  const mine = h("section", { class: "panel mine", id: "mine" });
  const extra = h("div", { class: "extra", id: "extra" });
  const logBox = h("ol", { class: "log replay-log", id: "log", "aria-label": t("log"), tabindex: 0 });
  const error = h("p", { class: "error", role: "alert", id: "error" });
  const title = h("h1", { class: "replay-title", id: "replay-title", text: t("replay") });
  // The step's own lines right under the controls: in view on a phone as well.
  const stepLines = h("ol", { class: "log replay-now", id: "replay-now", "aria-live": "polite", "aria-label": t("lb.thisStep") });
  root.append(title, bar, stepLines, error, h("div", { class: "replay-grid" },
    h("div", { class: "board-area" }, board, mine, extra),
    // The log first: it tells what each step did.
    h("div", { class: "side-area" }, h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title", text: t("log") }), logBox), side)));
  const cache = new Map();
  let base = null, full = [], at = 0, total = 0, want = 0, catalog = {}, mod = null;
  const position = (v) => {
    if (!cache.has(v)) cache.set(v, call("GET", `/api/games/${gid}/replay?version=${v}`, { token }).catch((e) => { cache.delete(v); throw e; }));
    return cache.get(v);
  };
  // As the table names seats ("Player 2"), so the log's names take their colours here too.
  const seatName = (i) => (base.seats[i] && base.seats[i].name) || `${t("seatN")} ${i + 1}`;
  const names = () => base.seats.map((_, i) => [seatName(i), i])
    .concat(base.seats.map((_, i) => [`${t("seatN")} ${i + 1}`, i]));

  const go = async (version) => {
    want = Math.max(0, Math.min(total || version, version));
    const v = want;
    try {
      const [r, prev] = await Promise.all([position(v), v > 0 ? position(v - 1) : null]);
      if (v !== want) return;  // a later step was asked for while this one loaded
      at = r.version;
      total = r.total;
      draw(r, prev);
    } catch (e) { error.textContent = e.message; }
  };

  function payloadOf(r) {
    return { ...base, version: r.version, round: r.round, view: r.view, result: r.result, finished: r.finished,
      waiting: [], prompt: [], legal: [], choices: null, deadline_at: null };
  }

  function draw(r, prev) {
    const m = mod;
    const p = payloadOf(r);
    let changed = new Set();
    if (prev && m && m.changedIds) {
      try { changed = new Set(m.changedIds(prev.view, r.view)); } catch { changed = new Set(); }
    }
    const nothing = () => {};
    const ctx = { catalog, lang: language(), t, payload: p, prev: prev ? payloadOf(prev) : null, changed, selected: null,
      send: nothing, choose: nothing, pick: nothing, seatName, replay: true, gid, token };
    const part = (f) => { try { return f(); } catch (e) { console.warn(e); return null; } };  // eslint-disable-line no-console
    clear(boardBox).append(part(() => m.board(p, ctx)) || h("p", { class: "muted", text: t("board") }));
    zoom.refresh();
    const panels = part(() => m.players(p, ctx));
    clear(side).append(h("h2", { class: "sr", text: t("players") }), ...[].concat(panels || []));
    const my = m && m.mine ? part(() => m.mine(p, ctx)) : null;
    clear(mine).append(my || "");
    mine.hidden = !my;
    const x = m && m.extra ? part(() => m.extra(p, ctx)) : null;
    clear(extra).append(x || "");
    // A replay shows, it does not act: no form or button of the game's panels is live.
    // (Selects stay: they choose what to read, such as a season's report.)
    for (const el of [...boardBox.querySelectorAll("button, input, textarea"), ...extra.querySelectorAll("button, input, textarea")]) {
      el.disabled = true;
    }
    for (const el of grid().querySelectorAll("[data-id]")) if (changed.has(el.dataset.id)) el.classList.add("changed-now");
    hideIfOrphaned();
    drawLog(r, prev);
    drawBar(r);
  }
  const grid = () => root.querySelector(".replay-grid");

  function drawLog(r, prev) {
    const end = logEnd(full, r.log);
    const from = prev ? Math.min(end, logEnd(full, prev.log)) : 0;
    clear(logBox);
    const lines = full.length >= end ? full.slice(0, end) : r.log;
    lines.forEach((text, i) => {
      const li = logLine(text, names());
      if (i >= from && prev) { li.classList.add("now"); li.setAttribute("aria-current", "step"); }
      logBox.append(li);
    });
    if (r.version === 0) logBox.append(h("li", { class: "muted", text: t("lb.startOfGame") }));
    else if (end === from) logBox.append(h("li", { class: "muted now-none", text: t("lb.noLogThisStep") }));
    const mine = prev ? lines.slice(from, end) : [];
    clear(stepLines).append(...mine.slice(0, 3).map((text) => logLine(text, names())),
      mine.length > 3 ? h("li", { class: "muted", text: `+${mine.length - 3}` }) : "",
      mine.length ? "" : h("li", { class: "muted", text: r.version === 0 ? t("lb.startOfGame") : t("lb.noLogThisStep") }));
    // In view inside the log's own box (the page itself does not jump).
    const first = logBox.querySelector(".now") || logBox.lastElementChild;
    if (first) logBox.scrollTop = Math.max(0, first.offsetTop - logBox.clientHeight / 3);
  }

  function drawBar(r) {
    const keep = document.activeElement && bar.contains(document.activeElement) ? document.activeElement.id : null;
    const rounds = h("select", { id: "replay-round", "aria-label": t("jump") },
      r.rounds.map(([round, v]) => h("option", { value: v, text: `${t("round")} ${round}`, selected: round === r.round })));
    rounds.addEventListener("change", () => go(Number(rounds.value)));
    const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: r.total, value: r.version, "aria-label": t("lb.slider"),
      "aria-valuetext": `${t("lb.step")} ${r.version} ${t("lb.stepOf")} ${r.total}` });
    const pos = h("span", { id: "replay-pos", text: `${r.version} / ${r.total}` });
    let timer = null;
    slider.addEventListener("input", () => {
      pos.textContent = `${slider.value} / ${r.total}`;
      clearTimeout(timer);
      timer = setTimeout(() => go(Number(slider.value)), 120);
    });
    // On a phone only the arrows show; the words stay the buttons' names.
    const button = (id, label, icon, after, v, disabled) => h("button", { type: "button", id, class: "secondary", disabled,
      "aria-label": label, onclick: () => go(v) },
    after ? "" : h("span", { "aria-hidden": "true", text: icon }), h("span", { class: "lbl", text: ` ${label} ` }),
    after ? h("span", { "aria-hidden": "true", text: icon }) : "");
    clear(bar).append(
      button("replay-start", t("start"), "◀◀", false, 0, r.version === 0),
      button("replay-back", t("back"), "◀", false, r.version - 1, r.version === 0),
      h("span", { class: "replay-step" }, h("span", { class: "lbl", text: `${t("lb.step")} ` }), pos),
      button("replay-forward", t("forward"), "▶", true, r.version + 1, r.version >= r.total),
      button("replay-end", t("end"), "▶▶", true, r.total, r.version >= r.total),
      slider, rounds,
      h("a", { href: `#/game/${gid}/${token}`, class: "replay-table-link" }, t("lb.toTable")),
      h("small", { class: "muted replay-keys", text: t("lb.keysHint") }));
    if (keep) {
      const again = document.getElementById(keep);
      if (again && !again.disabled) again.focus(); else (bar.querySelector("button:not([disabled])") || slider).focus();
    }
  }

  call("GET", `/api/games/${gid}`, { token }).then(async (p) => {
    base = { game: p.game, title: p.title, seat: p.seat, seats: p.seats, players: p.players, game_id: p.game_id, role: p.role };
    title.textContent = `${t("lb.replayOf")}: ${p.title}`;
    document.title = `${t("lb.replayOf")}: ${p.title} — meeple`;
    const [cat, log, m] = await Promise.all([fetchCatalog(p.game),
      call("GET", `/api/games/${gid}/log`, { token }).catch(() => []), gameModule(p.game)]);
    catalog = cat;
    mod = m;
    full = log.map((e) => e.text);
    await go(0);
  }).catch((e) => { error.textContent = e.message; });

  function onKey(ev) {
    const tag = ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: total }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(Math.max(0, Math.min(total, to)));
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
