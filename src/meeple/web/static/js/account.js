// People: the sign-in / sign-up panel and profile (#/account), "My games" (#/my) and the
// leaderboards (#/ratings/GAME/PLAYERS). The session lives in an HTTP-only cookie; api.js
// repeats its CSRF token on every write.
import { call } from "./api.js";
import { h, clear } from "./dom.js";
import { t, language, toggleLanguage } from "./i18n.js";
import { botName } from "./lobby.js"; // bots by strength, as the lobby names them

let current; // undefined: not asked yet; null: signed out; else the profile

export async function me(refresh = false) {
  if (current === undefined || refresh) {
    current = await call("GET", "/api/account").catch(() => null);
  }
  return current;
}

// The header's link: "Sign in", or the person's name (to the profile) and "My games".
export async function accountBar(box) {
  clear(box);
  const who = await me();
  if (!who) { box.append(h("a", { href: "#/account", id: "account-link" }, t("signIn"))); return; }
  box.append(h("a", { href: "#/my", id: "my-link" }, t("myGamesTitle")), " · ",
    h("a", { href: "#/account", id: "account-link" }, who.display_name));
}

// Opening a seat's link while signed in makes the seat yours if it is nobody's.
export async function adopt(token) {
  if (token && await me()) await call("POST", "/api/account/seats", { body: { token } }).catch(() => null);
}

// The profile's language wins after signing in; a change of language is remembered.
export async function keepLanguage() {
  const who = await me();
  if (who && who.language !== language()) {
    await call("PATCH", "/api/account", { body: { language: language() } }).catch(() => null);
    current = { ...who, language: language() };
  }
}

function field(id, label, attrs = {}) {
  const input = h("input", { id, name: id, ...attrs });
  return [h("label", { for: id }, h("span", { text: label }), input), input];
}

export function showAccount(root, onChange) {
  me(true).then((who) => (who ? profile(root, who, onChange) : signInPanel(root, onChange)));
  return null;
}

function signInPanel(root, onChange) {
  const box = h("div", { class: "row people" });
  const make = (mode) => {
    const form = h("form", { class: "panel grow", id: `${mode}-form`, "aria-label": t(mode) });
    const [nameRow, name] = field(`${mode}-name`, t("accountName"), { autocomplete: "username", required: true, maxlength: 32 });
    const [pwRow, pw] = field(`${mode}-password`, t("password"), { type: "password", required: true, minlength: mode === "signUp" ? 8 : 1,
      autocomplete: mode === "signUp" ? "new-password" : "current-password" });
    const error = h("p", { class: "error", role: "alert" });
    form.append(h("h2", { text: mode === "signUp" ? `${t("noAccount")} ${t("signUp")}` : `${t("haveAccount")} ${t("signIn")}` }),
      nameRow, pwRow, h("button", { type: "submit", id: `${mode}-submit` }, t(mode)), error);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      error.textContent = "";
      try {
        const path = mode === "signUp" ? "/api/account/signup" : "/api/account/signin";
        const body = { name: name.value.trim(), password: pw.value };
        if (mode === "signUp") body.language = language();
        current = await call("POST", path, { body });
        if (mode === "signIn" && current.language !== language()) toggleLanguage();
        onChange();
        location.hash = "#/my";
      } catch (e) { error.textContent = e.message; }
    });
    return form;
  };
  box.append(make("signIn"), make("signUp"));
  root.append(h("p", { class: "muted", text: t("accountHelp") }), box);
}

function profile(root, who, onChange) {
  const form = h("form", { class: "panel grow", id: "profile", "aria-label": t("profile") });
  const [nameRow, display] = field("display-name", t("displayName"), { value: who.display_name, maxlength: 64, required: true });
  const [mailRow, email] = field("email", t("emailLabel"), { type: "email", value: who.email || "", maxlength: 254, "aria-describedby": "email-hint" });
  mailRow.append(h("small", { id: "email-hint", class: "muted hint", text: t("emailHint") }));
  const lang = h("select", { id: "profile-language" },
    h("option", { value: "en", text: "English", selected: who.language === "en" }),
    h("option", { value: "ru", text: "Русский", selected: who.language === "ru" }));
  const box = (key, label) => h("label", {}, h("input", { type: "checkbox", "data-notify": key, checked: who.notify[key] }), ` ${t(label)}`);
  const news = h("input", { type: "checkbox", id: "news", checked: who.news });
  const status = h("p", { role: "status", class: "muted" });
  form.append(h("h2", { text: `${t("profile")}: ${who.name}${who.is_admin ? ` (${t("admin")})` : ""}` }),
    nameRow, mailRow, h("label", { for: "profile-language" }, h("span", { text: t("language") }), lang),
    h("fieldset", {}, h("legend", { text: t("notices") }),
      box("your_turn", "noticeYourTurn"), box("deadline", "noticeDeadline"), box("game_over", "noticeGameOver")),
    h("label", {}, news, ` ${t("news")}`),
    h("button", { type: "submit", id: "profile-save" }, t("save")), status);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const notify = Object.fromEntries([...form.querySelectorAll("[data-notify]")].map((i) => [i.dataset.notify, i.checked]));
      current = await call("PATCH", "/api/account", { body: {
        display_name: display.value.trim(), email: email.value.trim(), language: lang.value, notify, news: news.checked } });
      if (current.language !== language()) { toggleLanguage(); onChange(); return; }
      status.className = "ok";
      status.textContent = t("saved");
      accountBar(document.getElementById("account-bar"));
    } catch (e) { status.className = "error"; status.textContent = e.message; }
  });

  const pwForm = h("form", { class: "panel", id: "password-form", "aria-label": t("changePassword") });
  const [oldRow, oldPw] = field("old-password", t("currentPassword"), { type: "password", autocomplete: "current-password", required: true });
  const [newRow, newPw] = field("new-password", t("newPassword"), { type: "password", autocomplete: "new-password", required: true, minlength: 8 });
  const pwStatus = h("p", { role: "status", class: "muted" });
  pwForm.append(h("h2", { text: t("changePassword") }), oldRow, newRow, h("button", { type: "submit" }, t("changePassword")), pwStatus);
  pwForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await call("POST", "/api/account/password", { body: { old: oldPw.value, new: newPw.value } });
      pwStatus.className = "ok"; pwStatus.textContent = t("passwordChanged");
      pwForm.reset();
    } catch (e) { pwStatus.className = "error"; pwStatus.textContent = e.message; }
  });

  const out = async (path) => {
    await call("POST", path).catch(() => null);
    current = null;
    onChange();
    location.hash = "#/";
  };
  const exits = h("div", { class: "panel seat-row" },
    h("button", { type: "button", id: "sign-out", class: "secondary", onclick: () => out("/api/account/signout") }, t("signOut")),
    h("button", { type: "button", id: "sign-out-all", class: "secondary", onclick: () => out("/api/account/signout-everywhere") }, t("signOutAll")));

  root.append(h("div", { class: "row people" }, h("div", { class: "grow" }, form, exits),
    h("div", { class: "grow" }, ratingsPanel(who.ratings), pwForm)));
}

function ratingsPanel(list) {
  const panel = h("div", { class: "panel", id: "my-ratings" }, h("h2", { text: t("ratings") }));
  if (!list.length) { panel.append(h("p", { class: "muted", text: t("noRatings") })); return panel; }
  panel.append(h("table", { class: "mygames" }, h("thead", {}, h("tr", {},
    h("th", { text: t("game") }), h("th", { text: t("playersCount") }), h("th", { text: t("rating") }), h("th", { text: t("gamesPlayed") }))),
  h("tbody", {}, list.map((r) => h("tr", {}, h("td", {}, h("a", { href: `#/ratings/${r.game}/${r.players}` }, title(r.game))),
    h("td", { text: r.players }), h("td", { class: "rating", text: r.rating }), h("td", { text: r.games }))))));
  return panel;
}

let games = {}, gamesLang = null;  // the titles in the interface's language
const title = (game) => (games[game] ? games[game].title : game);
async function loadTitles() {
  if (Object.keys(games).length && gamesLang === language()) return;
  const meta = await call("GET", "/api/meta").catch(() => ({ games: [] }));
  games = Object.fromEntries(meta.games.map((g) => [g.name, g]));
  gamesLang = language();
}

const when = (seconds) => new Date(seconds * 1000).toLocaleString(language() === "ru" ? "ru-RU" : "en-GB",
  { dateStyle: "medium", timeStyle: "short" });

export function seatLabel(s) {
  return s.kind === "human" || s.kind === "master" ? (s.name || "—") : botName(s.kind);
}

export function showMyGames(root) {
  const playing = h("div", { class: "panel", id: "my-playing" }, h("h2", { text: t("playing") }));
  const history = h("div", { class: "panel", id: "my-history" }, h("h2", { text: t("history") }));
  root.append(h("h1", { class: "banner", text: t("myGamesTitle") }), h("div", { class: "row people" },
    h("div", { class: "grow" }, playing), h("div", { class: "grow" }, history)));
  (async () => {
    if (!await me()) { playing.append(h("p", {}, h("a", { href: "#/account" }, t("signInForMine")))); return; }
    await loadTitles();
    const mine = await call("GET", "/api/account/games");
    fillPlaying(playing, mine.playing);
    fillHistory(history, mine.history);
  })().catch((e) => playing.append(h("p", { class: "error", text: e.message })));
  return null;
}

function fillPlaying(box, list) {
  if (!list.length) { box.append(h("p", { class: "muted", text: t("noGames") })); return; }
  box.append(h("ul", { class: "game-list" }, list.map((g) => {
    const line = g.your_turn ? t("yourTurn") : t("others");
    const deadline = g.deadline_at ? ` · ${t("deadlineAt")} ${when(g.deadline_at)}` : "";
    return h("li", { class: g.your_turn ? "mine-turn" : "", "data-game": g.id },
      h("a", { href: `#/game/${g.id}/` }, title(g.game)),
      ` · ${g.players} ${t("withPlayers")} · ${t("round")} ${g.round} · `,
      h("strong", { class: g.your_turn ? "ok status" : "muted status", text: line }), deadline,
      h("br"), h("small", { class: "muted", text: `${t("atTable")}: ${g.seats.map(seatLabel).join(", ")} · ${t("started")} ${when(g.created_at)}` }));
  })));
}

function fillHistory(box, list) {
  if (!list.length) { box.append(h("p", { class: "muted", text: t("noGames") })); return; }
  box.append(h("ul", { class: "game-list" }, list.map((g) => {
    const ranked = [...g.seats].sort((a, b) => a.place - b.place || a.seat - b.seat);
    const rating = g.rating === null ? t("unrated") : `${t("newRating")}: ${g.rating}`;
    return h("li", { "data-game": g.id },
      h("strong", { text: title(g.game) }), ` · ${t("place")} ${g.place ?? "—"} ${t("placeOf")} ${g.players}`,
      g.score !== null ? ` · ${t("score")} ${g.score}` : "", " · ", h("span", { class: "rating", text: rating }),
      h("br"), h("small", { class: "muted", text: `${g.finished_at ? when(g.finished_at) : ""} · ` +
        ranked.map((s) => `${s.place}. ${seatLabel(s)}${s.score !== null ? ` (${s.score})` : ""}`).join(", ") }),
      " ", h("a", { href: `#/replay/${g.id}/`, class: "replay" }, t("replay")),
      " · ", h("a", { href: `#/ratings/${g.game}/${g.players}` }, t("leaderboard")));
  })));
}

export function showLeaderboard(root, game, players) {
  const panel = h("div", { class: "panel", id: "leaderboard" });
  root.append(panel);
  (async () => {
    await loadTitles();
    const board = await call("GET", `/api/ratings/${encodeURIComponent(game)}?players=${Number(players) || 2}`);
    panel.append(h("h1", { class: "banner", text: `${t("leaderboard")}: ${title(game)}, ${players} ${t("withPlayers")}` }));
    const g = games[game];
    if (g) {
      const counts = [];
      for (let n = Math.max(2, g.min_players); n <= g.max_players; n++) counts.push(n);
      panel.append(h("p", { class: "seat-row", id: "player-counts" }, `${t("playersCount")}:`,
        counts.map((n) => (String(n) === String(players) ? h("strong", { text: n }) : h("a", { href: `#/ratings/${game}/${n}` }, String(n))))));
    }
    if (!board.length) { panel.append(h("p", { class: "muted", text: t("noRatings") })); return; }
    panel.append(h("table", { class: "mygames" }, h("thead", {}, h("tr", {},
      h("th", { text: t("rank") }), h("th", { text: t("player") }), h("th", { text: t("rating") }), h("th", { text: t("gamesPlayed") }))),
    h("tbody", {}, board.map((r) => h("tr", {}, h("td", { text: r.rank }),
      h("td", { text: r.bot ? botName(r.bot) : r.name }), h("td", { text: r.rating }), h("td", { text: r.games }))))));
  })().catch((e) => panel.append(h("p", { class: "error", text: e.message })));
  return null;
}

// "My games" in the lobby for a signed-in person: the server's list, your turn first.
export async function lobbyGames(box) {
  if (!await me()) return false;
  await loadTitles();
  const mine = await call("GET", "/api/account/games").catch(() => null);
  if (!mine) return false;
  if (mine.playing.length) fillPlaying(box, mine.playing.slice(0, 10));
  else box.append(h("p", { class: "muted", text: t("noGames") }));
  box.append(h("p", {}, h("a", { href: "#/my", id: "all-my-games" }, t("allMyGames"))));
  return true;
}

// Ratings next to each seat of a game in the lobby's list of open games.
export async function seatRatings(gid) {
  const list = await call("GET", `/api/games/${gid}/ratings`).catch(() => []);
  return list.map((s) => (s.joined ? `${seatLabel(s)}${s.rating === null ? "" : ` ${s.rating}`}` : t("freeSeat"))).join(", ");
}
