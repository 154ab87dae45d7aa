// What happened: log lines with the players' names in their colours, the "since your
// last move" summary, and the end of the game with every player's place and score.
import { h } from "../dom.js";
import { t } from "./text.js";
import { seatColour, seatText } from "./colours.js";

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// names: [[text, seat], ...]; the longest first so "Player 10" wins over "Player 1".
export function logLine(text, names) {
  const li = h("li");
  const usable = names.filter(([n]) => n).sort((a, b) => b[0].length - a[0].length);
  if (!usable.length) { li.textContent = text; return li; }
  const seatOf = new Map(usable.map(([n, i]) => [n.toLowerCase(), i]));
  const re = new RegExp(`(${usable.map(([n]) => escape(n)).join("|")})(?![\\p{L}\\d])`, "giu");
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) li.append(text.slice(at, m.index));
    const seat = seatOf.get(m[0].toLowerCase());
    li.append(h("b", { class: "who", style: `--seat: ${seatColour(seat)}; --seat-text: ${seatText(seat)}`, text: m[0] }));
    at = m.index + m[0].length;
  }
  if (at < text.length) li.append(text.slice(at));
  return li;
}

// The lines since my last move: the last few, the rest one click away.
export function sinceList(lines, names, state, shown = 3) {
  const box = h("section", { class: "panel since", id: "since", "aria-label": t("sinceLast") },
    h("h2", { text: `${t("sinceLast")}${lines.length ? ` (${lines.length})` : ""}` }));
  if (!lines.length) { box.append(h("p", { class: "muted", text: t("nothingNew") })); return box; }
  const all = Boolean(state.open);
  const list = h("ol", { class: "log since-lines" },
    (all ? lines : lines.slice(-shown)).map((x) => logLine(x, names)));
  box.append(list);
  if (lines.length > shown) {
    const more = h("button", { type: "button", class: "linkish", id: "since-toggle", "aria-expanded": all ? "true" : "false" },
      all ? t("showLess") : `${t("showAll")} (${lines.length})`);
    more.addEventListener("click", () => {
      state.open = !state.open;
      box.replaceWith(sinceList(lines, names, state, shown));
      document.getElementById("since-toggle")?.focus();
    });
    box.append(more);
  }
  return box;
}

// Scores from the result if it has them, else from the game module (`scores(p)`), else
// from the players' victory track in the view (Clash's points, Cult's mystic power).
const VIEW_SCORES = [["score", "points"], ["vp", "points"], ["points", "points"], ["power", "power"]];
function scoresOf(p, mod) {
  const r = p.result || {};
  // The game module's own scores, read once; their label names what the result's scores
  // count too (Hare and Tortoise: the square).
  let own = null;
  if (mod && mod.scores) { try { own = mod.scores(p); } catch { /* drawn without */ } }
  const named = own && !Array.isArray(own) && own.label ? own.label : null;
  const label = named ? named[0].toUpperCase() + named.slice(1) : t("points");  // a column heading
  for (const key of ["scores", "points", "vp", "score"]) {
    const v = r[key];
    if (Array.isArray(v)) return { values: v, label };
    if (v && typeof v === "object") return { values: p.seats.map((_, i) => v[i] ?? v[String(i)] ?? null), label };
  }
  if (own) return Array.isArray(own) ? { values: own, label: t("points") } : own;
  const players = p.view && Array.isArray(p.view.players) ? p.view.players : null;
  if (players && players.length === p.seats.length) {
    for (const [key, label] of VIEW_SCORES) {
      if (players.every((pl) => pl && typeof pl[key] === "number")) return { values: players.map((pl) => pl[key]), label: t(label) };
    }
  }
  return null;
}

function winnersOf(r) {
  if (r.winners && r.winners.length) return r.winners;
  return r.winner !== null && r.winner !== undefined ? [r.winner] : [];
}

// The reason in words: a sentence as the server wrote it (already in the reader's
// language), or a short code made readable.
function reasonText(r) {
  const code = r.reason_text || r.reason;
  if (!code) return "";
  if (/\s/.test(code)) return code;
  const key = `reason_${code}`, said = t(key);
  return said !== key ? said : code.replace(/[_-]+/g, " ");
}

export function endScreen(p, mod, seatName, replayHref) {
  const r = p.result || {};
  const winners = winnersOf(r);
  const got = scoresOf(p, mod), scores = got ? got.values : null;
  // A game may break a tie of scores (Cyclades: gold after Metropolises): its places follow.
  const tie = got && got.tiebreak ? got.tiebreak : null;
  const seats = p.seats.map((s, i) => ({ i, name: seatName(i), score: scores ? scores[i] : null, won: winners.includes(i),
    tie: tie ? tie[i] : null }));
  seats.sort((a, b) => (b.won - a.won) || ((b.score ?? -Infinity) - (a.score ?? -Infinity))
    || ((b.tie ?? 0) - (a.tie ?? 0)) || a.i - b.i);
  let place = 0, prev = null;
  seats.forEach((s, n) => {
    const key = `${s.won}|${s.score}|${s.tie}`;
    if (key !== prev) place = n + 1;
    prev = key;
    s.place = (s.won || scores) ? place : null;
  });
  const reason = reasonText(r);
  return h("section", { class: "end", id: "game-over", tabindex: -1, "aria-labelledby": "game-over-title" },
    h("h2", { id: "game-over-title", class: "banner", text: t("gameOver") }),
    r.text ? h("p", { class: "end-text", text: r.text }) : null,
    reason ? h("p", { class: "end-reason" }, h("strong", { text: `${t("reason")}: ` }), reason) : null,
    h("table", { class: "scores" },
      h("caption", { class: "sr", text: t("finalScores") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("place") }), h("th", { scope: "col", text: t("player") }),
        scores ? h("th", { scope: "col", text: got.label.charAt(0).toUpperCase() + got.label.slice(1) }) : null)),
      h("tbody", {}, seats.map((s) => h("tr", { class: s.won ? "won" : "" },
        h("td", { text: s.place ?? "—" }),
        h("td", {}, h("span", { class: "dot", style: `--seat: ${seatColour(s.i)}`, "aria-hidden": "true" }),
          ` ${s.name}`, s.won ? h("span", { class: "won-mark", text: ` ★ ${t("won")}` }) : null,
          // A game may say how each player stood (e.g. Cult: altars, mobs, summonings).
          got && got.details && got.details[s.i] ? h("div", { class: "end-detail", text: got.details[s.i] }) : null),
        scores ? h("td", { text: s.score ?? "—" }) : null)))),
    h("p", {}, h("a", { href: replayHref, id: "replay-link", class: "button-link" }, t("watchReplay"))));
}

// The your-turn moment outside the page: the tab's title, a dot on the favicon, a chime.
const ICON = (dot) => "data:image/svg+xml," + encodeURIComponent(
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#1d4e89'/>${
    dot ? "<circle cx='12' cy='4' r='4' fill='#e8590c' stroke='#fff' stroke-width='1'/>" : ""}</svg>`);

const ICON_MINE = ICON(true), ICON_OTHERS = ICON(false);
// Written only when it changes: a new favicon address is a new image for the browser to
// decode on every update.
export function signalTurn(mine, title) {
  const text = mine ? t("yourTurnTitle") : title ? `${title} — meeple` : "meeple";
  if (document.title !== text) document.title = text;
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = h("link", { rel: "icon" }); document.head.append(link); }
  const href = mine ? ICON_MINE : ICON_OTHERS;
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

export const soundOn = () => localStorage.getItem("meeple.sound") === "on";
export function setSound(on) { localStorage.setItem("meeple.sound", on ? "on" : "off"); }

export function chime() {
  if (!soundOn()) return;
  try {
    const ac = new AudioContext(), o = ac.createOscillator(), g = ac.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.12, ac.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + 0.35);
    o.connect(g).connect(ac.destination);
    o.start();
    o.stop(ac.currentTime + 0.35);
  } catch { /* no audio here: the title and favicon still say it */ }
}

// "2:31" for a countdown.
export function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}` : `${mm}:${String(ss).padStart(2, "0")}`;
}
