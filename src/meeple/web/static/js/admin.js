// The admin page (#/admin): the publisher's numbers of a game (tables, the simulation
// report's plots, CSV) and the announcement form; and the notices a signed-in person gets
// while the page is open (your turn, a deadline near, a game over), in the corner.
import { call } from "./api.js";
import { h, clear } from "./dom.js";
import { t, addText, language } from "./i18n.js";
import { me } from "./account.js";

addText({
  en: {
    adminPage: "Numbers and news", numbers: "Numbers", since: "Since (optional)", show: "Show",
    grp_people: "Games among people", grp_with_bots: "Games with bots", grp_bots_only: "Bots only",
    started: "Started", finishedGames: "Finished", abandoned: "Abandoned", inProgress: "In progress",
    accounts: "Accounts", guestSeats: "Guest seats", playerCounts: "Player counts",
    medianRounds: "Median rounds", medianTime: "Median time", winRates: "Win rates (95% interval)",
    t_by_faction: "by faction", t_by_seat: "by seat", t_by_bot: "by seat kind",
    t_by_reason: "victory conditions", t_by_licence: "licence held at the end",
    t_by_played: "cards played", group: "Group", rate: "Rate", interval: "95% interval",
    seatGames: "Seat-games", share: "Share", gamesN: "Games",
    decisions: "Time per kind of decision", decisionKind: "Decision", median: "Median",
    p90: "90% within", count: "Count", plots: "Plots", csv: "CSV", nothingYet: "No games of this kind yet.",
    announce: "Announcement", announceHelp: "One email to every player of the chosen game who opted in to news; each has an unsubscribe link.",
    subject: "Subject", message: "Message", sendAnnouncement: "Send", reaches: "Recipients",
    minutes: "min", hours: "h", sentTo: "Sent to", announcementsSent: "Sent before", onlyAdmins: "Only an admin sees this page.",
    notice_your_turn: "Your turn in {game}", notice_deadline: "Your deadline in {game} is near: {when}",
    notice_game_over: "{game} is over", dismiss: "Dismiss", openGame: "Open", seconds: "s",
    confirmSend: "Send this to {n} players?",
  },
  ru: {
    adminPage: "Цифры и новости", numbers: "Цифры", since: "С даты (необязательно)", show: "Показать",
    grp_people: "Игры людей", grp_with_bots: "Игры с ботами", grp_bots_only: "Только боты",
    started: "Начато", finishedGames: "Окончено", abandoned: "Брошено", inProgress: "Идёт",
    accounts: "Аккаунтов", guestSeats: "Гостевых мест", playerCounts: "Число игроков",
    medianRounds: "Медиана раундов", medianTime: "Медиана времени", winRates: "Доля побед (95% интервал)",
    t_by_faction: "по фракциям", t_by_seat: "по местам", t_by_bot: "по видам мест",
    t_by_reason: "условия победы", t_by_licence: "лицензия к концу игры",
    t_by_played: "сыгранные карты", group: "Группа", rate: "Доля", interval: "95% интервал",
    seatGames: "Мест-игр", share: "Доля", gamesN: "Игр",
    decisions: "Время на решение по видам", decisionKind: "Решение", median: "Медиана",
    p90: "90% быстрее", count: "Сколько", plots: "Графики", csv: "CSV", nothingYet: "Таких игр пока нет.",
    announce: "Объявление", announceHelp: "Одно письмо каждому игроку выбранной игры, подписанному на новости; в каждом есть ссылка для отписки.",
    subject: "Тема", message: "Текст", sendAnnouncement: "Отправить", reaches: "Получателей",
    minutes: "мин", hours: "ч", sentTo: "Отправлено", announcementsSent: "Отправленные", onlyAdmins: "Эту страницу видит только администратор.",
    notice_your_turn: "Ваш ход: {game}", notice_deadline: "Скоро ваш срок в игре {game}: {when}",
    notice_game_over: "Игра окончена: {game}", dismiss: "Закрыть", openGame: "Открыть", seconds: "с",
    confirmSend: "Отправить это {n} игрокам?",
  },
});

const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));
const fmtRate = (v) => (v === null || v === undefined ? "–" : `${(100 * v).toFixed(1)}%`);
const fmtTime = (s) => {
  if (s === null || s === undefined) return "–";
  if (s < 120) return `${Math.round(s)} ${t("seconds")}`;
  const m = Math.round(s / 60);
  return m < 120 ? `${m} ${t("minutes")}` : `${(m / 60).toFixed(1)} ${t("hours")}`;
};
const when = (at) => new Date(at * 1000).toLocaleString(language() === "ru" ? "ru-RU" : "en-GB", { dateStyle: "short", timeStyle: "short" });

// --- the admin page ---------------------------------------------------------------------

export function showAdmin(root) {
  let alive = true;
  me(true).then(async (who) => {
    if (!alive) return;
    if (!who || !who.is_admin) { root.append(h("p", { class: "error", id: "admin-refused", text: t("onlyAdmins") })); return; }
    const meta = await call("GET", "/api/meta");
    const games = meta.games.filter((g) => g.name !== "counter");
    root.append(numbersPanel(games), announcePanel(games));
  });
  return () => { alive = false; };
}

function gameSelect(id, games) {
  return h("select", { id }, games.map((g) => h("option", { value: g.name, text: g.title, selected: g.name === "cult" })));
}

function numbersPanel(games) {
  const panel = h("section", { class: "panel admin", id: "numbers", "aria-label": t("numbers") });
  const game = gameSelect("stats-game", games);
  const since = h("input", { id: "stats-since", type: "date" });
  const out = h("div", { id: "stats-out" });
  const csv = h("a", { id: "stats-csv", class: "button", download: "" }, t("csv"));
  const show = async () => {
    clear(out);
    const q = since.value ? `?since=${since.value}` : "";
    csv.href = `/api/admin/stats/${game.value}/csv${q}`;
    try {
      const data = await call("GET", `/api/admin/stats/${game.value}${q}`);
      for (const [name, g] of Object.entries(data.groups)) out.append(groupView(data.game, name, g, q));
    } catch (e) { out.append(h("p", { class: "error", text: e.message })); }
  };
  const form = h("form", { class: "row admin-form" },
    h("label", { for: "stats-game" }, h("span", { text: t("game") }), game),
    h("label", { for: "stats-since" }, h("span", { text: t("since") }), since),
    h("button", { type: "submit", id: "stats-show" }, t("show")), csv);
  form.addEventListener("submit", (ev) => { ev.preventDefault(); show(); });
  panel.append(h("h2", { text: t("numbers") }), form, out);
  show();
  return panel;
}

function groupView(game, name, g, q) {
  const box = h("details", { class: "group", id: `group-${name}`, open: name === "people" || undefined });
  box.append(h("summary", {}, h("strong", { text: t(`grp_${name}`) }),
    ` — ${t("started")}: ${g.started}, ${t("finishedGames")}: ${g.finished}`));
  if (!g.started) { box.append(h("p", { class: "muted", text: t("nothingYet") })); return box; }
  const counts = Object.entries(g.player_counts).map(([n, c]) => `${n}: ${c}`).join(", ");
  box.append(h("dl", { class: "sheet-lines" },
    [["started", g.started], ["finishedGames", g.finished], ["abandoned", g.abandoned], ["inProgress", g.in_progress],
      ["accounts", g.players.accounts], ["guestSeats", g.players.guest_seats], ["playerCounts", counts],
      ["medianRounds", g.median_rounds ?? "–"], ["medianTime", fmtTime(g.median_seconds)]]
      .map(([k, v]) => [h("dt", { text: t(k) }), h("dd", { text: String(v) })])));
  const res = g.results;
  if (res) {
    box.append(h("h3", { text: t("winRates") }));
    for (const key of Object.keys(res).filter((k) => k.startsWith("by_") && Object.keys(res[k]).length)) {
      box.append(rateTable(key, res[key], key === "by_bot" ? t : pretty));
    }
    box.append(h("p", {}, h("a", { href: `/api/admin/stats/${game}/report/${name}/${q}`, target: "_blank", rel: "noopener", class: "plots-link" }, t("plots"))));
  }
  const kinds = Object.entries(g.decisions);
  if (kinds.length) {
    const head = h("tr", {}, [t("decisionKind"), t("median"), t("p90"), t("count")].map((x) => h("th", { text: x })));
    const rows = kinds.map(([k, v]) => h("tr", {}, h("td", { text: pretty(k) }), h("td", { text: fmtTime(v.median_seconds) }),
      h("td", { text: fmtTime(v.p90_seconds) }), h("td", { text: String(v.decisions) })));
    box.append(h("h3", { text: t("decisions") }),
      scroll(h("table", { class: "mygames numbers" }, h("thead", {}, head), h("tbody", {}, rows))));
  }
  return box;
}

// Group names as the engine writes them, made readable: "seat 0" is the first seat,
// "round_limit" a round limit, "anubis" Anubis.
function pretty(name) {
  const seat = /^seat (\d+)$/.exec(name);
  if (seat) return `${t("seat")} ${Number(seat[1]) + 1}`;
  const text = name.replace(/_/g, " ").replace(/:/g, ": ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const scroll = (el) => h("div", { class: "scroll-x" }, el);

function rateTable(key, table, label = pretty) {
  const title = t(`t_${key}`) === `t_${key}` ? pretty(key.slice(3)) : t(`t_${key}`);
  const reason = key === "by_reason";
  return h("div", { class: "rate-table" }, h("h4", { text: title }), scroll(h("table", { class: "mygames numbers" },
    h("thead", {}, h("tr", {}, [t("group"), reason ? t("share") : t("rate"), t("interval"), reason ? t("gamesN") : t("seatGames")]
      .map((x) => h("th", { text: x })))),
    h("tbody", {}, Object.entries(table).map(([name, v]) => h("tr", {}, h("td", { text: label(name) }),
      h("td", { text: fmtRate(reason ? v.share : v.rate) }),
      h("td", { text: `${fmtRate(v.ci95[0])} – ${fmtRate(v.ci95[1])}` }), h("td", { text: String(v.games) })))))));
}

function announcePanel(games) {
  const panel = h("section", { class: "panel admin", id: "announce", "aria-label": t("announce") });
  const game = gameSelect("announce-game", games);
  const subject = h("input", { id: "announce-subject", maxlength: 200, required: true });
  const text = h("textarea", { id: "announce-body", rows: 6, maxlength: 20000, required: true });
  const reach = h("span", { id: "announce-reach", class: "muted" });
  const status = h("p", { role: "status", id: "announce-status" });
  const history = h("div", { id: "announce-history" });
  let count = 0;
  const preview = async () => {
    const r = await call("GET", `/api/admin/recipients/${game.value}`).catch(() => ({ recipients: 0 }));
    count = r.recipients;
    reach.textContent = `${t("reaches")}: ${count}`;
  };
  const past = async () => {
    clear(history);
    const list = await call("GET", "/api/admin/announcements").catch(() => []);
    if (!list.length) return;
    history.append(h("h3", { text: t("announcementsSent") }), h("ul", { class: "game-list" }, list.map((a) =>
      h("li", {}, h("strong", { text: a.subject }), ` — ${a.game}, ${when(a.created_at)}, ${t("sentTo")}: ${a.sent} / ${a.recipients}`))));
  };
  const form = h("form", { class: "sheet" },
    h("label", { class: "sheet-line", for: "announce-game" }, h("span", { text: t("game") }), game),
    h("label", { class: "sheet-line", for: "announce-subject" }, h("span", { text: t("subject") }), subject),
    h("label", { class: "sheet-line", for: "announce-body" }, h("span", { text: t("message") }), text),
    h("p", {}, h("button", { type: "submit", id: "announce-send" }, t("sendAnnouncement")), " ", reach), status);
  game.addEventListener("change", preview);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status.className = "";
    status.textContent = "";
    if (!window.confirm(fill(t("confirmSend"), { n: count }))) return;
    try {
      const r = await call("POST", "/api/admin/announcements", { body: { game: game.value, subject: subject.value, body: text.value } });
      status.className = "ok";
      status.textContent = `${t("sentTo")}: ${r.recipients}`;
      subject.value = ""; text.value = "";
      past();
    } catch (e) { status.className = "error"; status.textContent = e.message; }
  });
  panel.append(h("h2", { text: t("announce") }), h("p", { class: "muted", text: t("announceHelp") }), form, history);
  preview(); past();
  return panel;
}

// The header's link to this page, for admins.
export async function adminLink(bar) {
  const who = await me();
  if (who && who.is_admin && !bar.querySelector("#admin-link")) {
    bar.append(" · ", h("a", { href: "#/admin", id: "admin-link" }, t("adminPage")));
  }
}

// --- notices while the page is open ------------------------------------------------------

const POLL_MS = 15000;
let lastId = null, timer = null, titles = null;

export function startNotices() {
  if (timer) return;
  const tray = h("div", { id: "notices", class: "notices", role: "status", "aria-live": "polite" });
  document.body.append(tray);
  const poll = async () => {
    const who = await me();
    if (who) {
      const list = await call("GET", `/api/account/notices?after=${lastId ?? 0}`).catch(() => null);
      if (list) {
        // The first look shows only what came in the last few minutes.
        const fresh = lastId === null ? list.filter((n) => n.at > Date.now() / 1000 - 300) : list;
        for (const n of fresh) tray.append(await noticeView(n));
        if (list.length) lastId = list[list.length - 1].id;
        else if (lastId === null) lastId = 0;
        while (tray.children.length > 4) tray.firstChild.remove();
      }
    }
    timer = setTimeout(poll, POLL_MS);
  };
  poll();
}

async function noticeView(n) {
  if (!titles || titles.lang !== language()) {
    const asked = call("GET", "/api/meta").then((m) => Object.fromEntries(m.games.map((g) => [g.name, g.title]))).catch(() => ({}));
    titles = { lang: language(), asked };
  }
  const game = (await titles.asked)[n.game] || n.game || "";
  const text = fill(t(`notice_${n.kind}`), { game, when: n.deadline_at ? when(n.deadline_at) : "" });
  const item = h("div", { class: `notice ${n.kind}`, "data-notice": n.id },
    h("span", { text }),
    n.game_id ? h("a", { href: `#/game/${n.game_id}/`, text: t("openGame") }) : null,
    h("button", { type: "button", class: "close", "aria-label": t("dismiss"), title: t("dismiss"), onclick: () => item.remove() }, "×"));
  return item;
}
