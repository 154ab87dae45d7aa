// The lobby: create a game, invitations, my games, public games with free seats. What a
// person reads here is words: seats numbered from 1, bots by strength, each option with a
// label and a sentence of help (js/text/lobby.js), never an option key or a bot's id.
import { call, catalog } from "./api.js";
import { h, clear } from "./dom.js";
import { addText, language, t } from "./i18n.js";
import { myGames, remember, gameLink } from "./store.js";
import { lobbyGames, me, seatRatings } from "./account.js";
import { LOBBY_TEXT } from "./text/lobby.js";

addText(LOBBY_TEXT);

// The bots offered, weakest first (the values are what the server takes).
const BOTS = ["random", "heuristic", "ismcts:200", "ismcts:1s"];
const DEADLINES = [["", "lb.deadlineNone"], ["30", "lb.deadline30s"], ["120", "lb.deadline2m"],
  ["600", "lb.deadline10m"], ["3600", "lb.deadline1h"], ["86400", "lb.deadline1d"]];
// Options whose value is one side per seat ("random" or a comma list): drawn as a select
// on each seat's row. The sides' names come from the game's glossary or the text file.
const SIDES = {
  cult: { key: "cults", names: (cat) => Object.keys(cat).filter((k) => k.startsWith("cult.")).map((k) => [k.slice(5), cat[k]]) },
  colonies: { key: "teams", names: () => ["traders", "generals"].map((v) => [v, t(`optVal.colonies.teams.${v}`)]) },
};
// Text options with a fixed set of values: a select.
const CHOICES = { "cyclades.map": ["base", "titans"] };

const said = (key, fallback) => { const v = t(key); return v === key ? fallback : v; };
// A game's own words for its options come with the list of games (its catalog's
// option.KEY), in the interface's language; the lobby's text file has the first games'.
export const optionLabel = (game, key, o) => said(`opt.${game}.${key}`, o.label || o.help);
export const optionHelp = (game, key, o = {}) => said(`optHelp.${game}.${key}`, o.hint || "");
export const botName = (kind) => said(`bot.${kind}`, t("bot"));
export const seatTitle = (i) => `${t("lb.seatN")} ${i + 1}`;

// The games' list with their titles in the interface's language, asked once per language.
const metas = {};
const meta = () => (metas[language()] = metas[language()] || call("GET", "/api/meta"));
const titleOf = async (game) => ((await meta()).games.find((g) => g.name === game) || {}).title || game;

// The lobby's and the replay's own rules, in their own sheet (style.css is the shell's).
export function lobbyStyle() {
  if (document.getElementById("lobby-css")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/css/lobby.css", id: "lobby-css" }));
}

export function showLobby(root) {
  lobbyStyle();
  const form = h("form", { class: "panel", "aria-labelledby": "new-game-title" });
  const mine = h("section", { class: "panel", "aria-labelledby": "my-games-title" }, h("h2", { id: "my-games-title", text: t("myGames") }));
  const open = h("section", { class: "panel", "aria-labelledby": "open-games-title" }, h("h2", { id: "open-games-title", text: t("openGames") }));
  root.append(h("h1", { class: "sr", text: t("newGame") }), h("div", { class: "row lobby" },
    h("div", { class: "grow" }, form), h("div", { class: "grow" }, mine, open)));
  meta().then((m) => buildForm(form, m.games.filter((g) => g.name !== "counter")))
    .catch((e) => form.append(h("p", { class: "error", role: "alert", text: e.message })));
  listMine(mine);
  listOpen(open);
  return null;
}

function optionInput(game, key, o) {
  const id = `opt-${key}`, label = optionLabel(game, key, o);
  const common = { id, "data-option": key };
  let input;
  if (typeof o.default === "boolean") input = h("input", { ...common, type: "checkbox", checked: o.default });
  else if (CHOICES[`${game}.${key}`]) {
    input = h("select", common, CHOICES[`${game}.${key}`].map((v) =>
      h("option", { value: v, text: said(`optVal.${game}.${key}.${v}`, v), selected: v === o.default })));
  } else if (typeof o.default === "number") input = h("input", { ...common, type: "number", min: 0, value: o.default, inputmode: "numeric" });
  else input = h("input", { ...common, type: "text", value: o.default });
  const help = optionHelp(game, key, o);
  const helpId = help ? `${id}-help` : undefined;
  if (helpId) input.setAttribute("aria-describedby", helpId);
  const text = h("span", { text: label });
  const hint = help ? h("small", { class: "muted option-help", id: helpId, text: help }) : null;
  return input.type === "checkbox"
    ? h("div", { class: "option" }, h("label", { for: id, class: "check" }, input, " ", text), hint)
    : h("div", { class: "option" }, h("label", { for: id }, text), input, hint);
}

function buildForm(form, games) {
  const gameSel = h("select", { id: "game" }, games.map((g) => h("option", { value: g.name, text: g.title, selected: g.name === "cult" })));
  const count = h("select", { id: "players" });
  const seats = h("fieldset", { id: "seats", class: "seats" });
  const options = h("fieldset", { id: "options", class: "options" });
  const deadline = h("select", { id: "deadline" }, DEADLINES.map(([v, k]) => h("option", { value: v, text: t(k) })));
  const pub = h("input", { id: "public", type: "checkbox" });
  // The deal's number (the game's seed): the same number deals the same game again, for a
  // rematch on the same cards or a designer reproducing what they saw.
  const seed = h("input", { id: "seed", type: "text", inputmode: "numeric", autocomplete: "off", "aria-describedby": "seed-help" });
  const error = h("p", { class: "error", role: "alert" });
  const current = () => games.find((g) => g.name === gameSel.value);
  let sides = [];  // [[value, name]] for the current game's per-seat option, if it has one
  const fillOptions = () => {
    clear(options).append(h("legend", { text: t("lb.optionsLegend") }));
    const g = current(), side = SIDES[g.name];
    for (const [key, o] of Object.entries(g.options)) {
      if (side && side.key === key) continue;  // on each seat's row instead
      options.append(optionInput(g.name, key, o));
    }
  };
  const fillCounts = async () => {
    const g = current();
    fillOptions();
    clear(count);
    for (let n = g.min_players; n <= g.max_players; n++) count.append(h("option", { value: n, text: n, selected: n === g.default_players }));
    const side = SIDES[g.name];
    sides = side ? side.names(side && g.name === "cult" ? await catalog(g.name) : {}) : [];
    fillSeats();
  };
  const fillSeats = () => {
    const kept = [...seats.querySelectorAll("select.kind")].map((s) => s.value);
    clear(seats).append(h("legend", { text: t("lb.seatsLegend") }));
    const side = SIDES[current().name];
    for (let i = 0; i < Number(count.value); i++) {
      const sel = h("select", { id: `seat-${i}`, class: "kind", "aria-label": seatTitle(i) },
        h("option", { value: "human", text: i === 0 ? t("lb.you") : t("lb.friend") }),
        BOTS.map((b) => h("option", { value: b, text: botName(b), title: t(`botHelp.${b}`), selected: kept[i] ? kept[i] === b : i > 0 && b === "heuristic" })));
      if (kept[i] === "human") sel.value = "human";
      const row = h("div", { class: "seat-row" }, h("label", { for: `seat-${i}`, class: "seat-name", text: seatTitle(i) }), sel);
      const help = h("small", { class: "muted bot-help", id: `seat-${i}-help` });
      const explain = () => {
        help.textContent = sel.value === "human" ? "" : t(`botHelp.${sel.value}`);
      };
      sel.setAttribute("aria-describedby", help.id);
      sel.addEventListener("change", explain);
      explain();
      if (side && sides.length) {
        row.append(h("select", { id: `side-${i}`, class: "side", "data-side": i, "aria-label": `${seatTitle(i)}: ${t("lb.faction")}` },
          h("option", { value: "", text: `${t("lb.faction")}: ${t("lb.factionRandom")}` }),
          sides.map(([v, name]) => h("option", { value: v, text: name }))));
      }
      seats.append(row, help);
    }
  };
  gameSel.addEventListener("change", fillCounts);
  count.addEventListener("change", fillSeats);
  const field = (id, text, control) => h("div", { class: "field" }, h("label", { for: id, text }), control);
  form.classList.add("lobby-form");
  form.append(h("h2", { id: "new-game-title", text: t("newGame") }),
    field("game", t("game"), gameSel), field("players", t("players"), count), seats, options,
    field("deadline", t("lb.deadlineLabel"), deadline),
    h("div", { class: "field" }, h("label", { for: "public", class: "check" }, pub, ` ${t("publicGame")}`)),
    h("details", { class: "more" }, h("summary", { text: t("lb.more") }),
      field("seed", t("lb.seedLabel"), seed), h("small", { class: "muted option-help", id: "seed-help", text: t("lb.seedHelp") })),
    h("button", { type: "submit", id: "create" }, t("create")), error);
  fillCounts();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const opts = Object.fromEntries([...options.querySelectorAll("[data-option]")].map((i) => [i.dataset.option,
      i.type === "checkbox" ? i.checked : i.type === "number" ? Number(i.value) : i.value]));
    const side = SIDES[gameSel.value];
    const picked = [...seats.querySelectorAll("select.side")].map((s) => s.value);
    if (side && picked.some(Boolean)) {
      if (!picked.every(Boolean)) { error.textContent = t("lb.factionAllOrNone"); return; }
      opts[side.key] = picked.join(",");
    }
    const body = {
      game: gameSel.value, players: Number(count.value), public: pub.checked,
      seats: [...seats.querySelectorAll("select.kind")].map((s) => ({ kind: s.value })), options: opts,
    };
    if (deadline.value) body.deadline_seconds = Number(deadline.value);
    const deal = seed.value.trim();
    if (deal) {
      if (!/^\d+$/.test(deal) || !Number.isSafeInteger(Number(deal))) { error.textContent = t("lb.seedBad"); return; }
      body.seed = Number(deal);
    }
    try {
      const g = await call("POST", "/api/games", { body });
      playCreated(g);
    } catch (e) { error.textContent = e.message; }
  });
}

// "Create and play" opens the table of the first person's seat at once; every other
// link this browser now holds (the friends' seats, the Master's, the spectators') is
// kept in localStorage and offered on that table (invitations() below).
function playCreated(g) {
  const humans = g.seats.filter((s) => s.token);
  remember({ id: g.id, game: g.game, seat: null, token: g.spectator_token, kind: "spectator" });
  [...humans].reverse().forEach((s) => remember({ id: g.id, game: g.game, seat: s.seat, token: s.token, kind: s.kind }));
  location.hash = humans.length ? `#/game/${g.id}/${humans[0].token}` : `#/game/${g.id}/${g.spectator_token}`;
}

// The links to pass on, for the table of a game made in this browser: each other seat
// a person takes (named from 1), the Master's, and the spectators'; each with a copy
// button. Null when this browser holds none (a seat joined from a link).
export function invitations(gid, token) {
  const others = myGames().filter((x) => x.id === gid && x.token !== token);
  if (!others.length) return null;
  const copyRow = (label, url) => {
    const input = h("input", { readonly: true, value: url, "aria-label": label });
    const btn = h("button", { type: "button", class: "secondary", "aria-label": `${t("copy")}: ${label}` }, t("copy"));
    btn.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch { document.execCommand("copy"); }
      btn.textContent = t("copied");
    });
    return h("div", { class: "link-row" }, h("span", { text: label }), h("div", { class: "seat-row" }, input, btn));
  };
  const seats = others.filter((x) => x.seat !== null && x.kind !== "spectator").sort((a, b) => a.seat - b.seat);
  const watch = others.find((x) => x.seat === null);
  const who = (x) => (x.kind === "master" ? t("lb.masterSeat") : `${t("lb.joinLinkFor")} ${x.seat + 1}`);
  return h("section", { class: "panel links", id: "invitations", "aria-labelledby": "links-title" },
    h("h2", { id: "links-title", text: t("links") }),
    seats.length ? h("p", { class: "muted", text: t("lb.inviteHelp") }) : null,
    seats.map((x) => copyRow(who(x), gameLink(gid, x.token))),
    watch ? copyRow(t("spectatorLink"), gameLink(gid, watch.token)) : null);
}

async function listMine(box) {
  if (await lobbyGames(box)) box.append(h("h3", { text: t("thisBrowser") }));
  const games = myGames();
  if (!games.length) { box.append(h("p", { class: "muted", text: t("noGames") })); return; }
  const body = h("tbody");
  box.append(h("table", { class: "mygames" }, h("thead", {}, h("tr", {},
    h("th", { scope: "col", text: t("game") }), h("th", { scope: "col", text: t("seat") }), h("th", { scope: "col", text: t("turn") }),
    h("th", { scope: "col" }, h("span", { class: "sr", text: t("open") })))), body));
  for (const g of games.slice(0, 20)) {
    const status = h("td", { text: "…" }), name = h("td", { text: g.game });
    titleOf(g.game).then((x) => { name.textContent = x; }).catch(() => {});
    body.append(h("tr", {}, name, h("td", { text: g.seat === null ? t("spectator") : seatTitle(g.seat) }), status,
      h("td", {}, h("a", { href: `#/game/${g.id}/${g.token}` }, t("open")))));
    call("GET", `/api/games/${g.id}`, { token: g.token }).then((v) => {
      const named = (p) => (v.seats[p] && v.seats[p].name) || seatTitle(p);
      status.textContent = v.finished ? t("over") : v.waiting.includes(v.seat) ? t("yourTurn")
        : `${t("lb.whoseTurn")} ${v.waiting.map(named).join(", ")}`;
    }).catch((e) => { status.textContent = e.message; });
  }
}

async function listOpen(box) {
  const list = await call("GET", "/api/games").catch(() => []);
  const open = list.filter((g) => g.free_seats > 0 && !g.finished);
  if (!open.length) { box.append(h("p", { class: "muted", text: t("noGames") })); return; }
  for (const g of open) {
    const name = h("input", { "aria-label": t("name"), placeholder: t("name"), maxlength: 64 });
    me().then((who) => { if (who && !name.value) name.value = who.display_name; });
    // Seats named from 1 ("Seat 2"); the value is the index the claim route takes. Once
    // the seats' list arrives only the free ones are offered.
    const seatSel = h("select", { class: "open-seat", "aria-label": t("seat") },
      Array.from({ length: g.players }, (_, i) => h("option", { value: i, text: seatTitle(i) })));
    call("GET", `/api/games/${g.id}/ratings`).then((seats) => {
      const free = seats.filter((s) => !s.joined).map((s) => s.seat);
      if (free.length) clear(seatSel).append(...free.map((i) => h("option", { value: i, text: seatTitle(i) })));
    }).catch(() => {});
    const err = h("span", { class: "error" });
    const go = h("button", { type: "button" }, t("claim"));
    go.addEventListener("click", async () => {
      try {
        const r = await call("POST", `/api/games/${g.id}/seats/${Number(seatSel.value)}/claim`, { body: { name: name.value || "Player" } });
        remember({ id: g.id, game: g.game, seat: r.seat, token: r.token });
        location.hash = `#/game/${g.id}/${r.token}`;
      } catch (e) { err.textContent = e.message; }
    });
    const seated = h("small", { class: "muted seat-ratings" });
    seatRatings(g.id).then((text) => { seated.textContent = text; });
    const title = h("span", { text: `${g.game} · ${t("lb.freeSeats")}: ${g.free_seats}` });
    titleOf(g.game).then((x) => { title.textContent = `${x} · ${t("lb.freeSeats")}: ${g.free_seats}`; }).catch(() => {});
    box.append(h("div", { class: "seat-row" }, title, seatSel, name, go, err, seated));
  }
}

