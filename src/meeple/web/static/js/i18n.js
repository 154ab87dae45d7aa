// Interface text in English and Russian. Game text (the log, prompts, choices) comes
// from the server as the rules engine writes it.
import { PEOPLE_TEXT } from "./people_text.js";
const TEXT = {
  en: {
    sheet: "Character sheet", sheetStatusLabel: "Status", sheetSave: "Save", sheetSubmit: "Save and hand in to the Master",
    sheetStatus_draft: "draft", sheetStatus_submitted: "with the Master",
    sheetStatus_approved: "approved", sheetStatus_returned: "sent back",
    sheetNote: "The Master's comment", sheetMissing: "Still to write",
    sheetHelp: "The Master approves it before the game; only you and the Master see the goal and the sheet until it is approved.",
    sheet_name: "Name", sheet_history: "Character and history", sheet_race: "Race",
    sheet_class: "Class (team)", sheet_picture: "Picture (http or https link)", sheet_looks: "Looks",
    sheet_skill: "Skill", sheet_goal: "Personal goal (private)", traders: "Traders", generals: "Generals",
    sheetsToReview: "Character sheets to review", approve: "Approve", sendBack: "Send back",
    comment: "what to change", commentNeeded: "Say what to change first.",
    openingPost: "Opening post", format: "Format",
    tagline: "board games with every rule enforced",
    newGame: "New game", game: "Game", players: "Players", seat: "Seat", human: "human",
    create: "Create and play", deadline: "Seconds per decision (empty: none)",
    publicGame: "List in the lobby", myGames: "My games", openGames: "Open games",
    noGames: "No games yet.", turn: "Turn", yourTurn: "your turn", waitingFor: "waiting for",
    over: "over", links: "Invitations", joinLink: "join link for seat", spectatorLink: "spectator link",
    copy: "Copy", copied: "Copied", prompt: "Your decision", others: "Others are deciding",
    typeAction: "or type an action", send: "Send", log: "Log", board: "Board",
    gameOver: "Game over", winner: "Winner", winners: "Winners", reason: "Reason",
    replay: "Replay", start: "Start", back: "Back", forward: "Forward", end: "End",
    round: "Round", jump: "Jump to round", hand: "Your hand", palace: "Palace (licences)",
    decks: "Decks", power: "mystic power", followers: "followers", coins: "coins", mobs: "mobs",
    altars: "altars", rituals: "rituals", licences: "licences", cards: "cards", side: "side",
    light: "light", dark: "dark", free: "free priests", deadlineIn: "deadline in",
    orders: "Orders", ravens: "Ravens", to: "to", text: "text", sendRaven: "Send raven",
    reports: "Reports", season: "Season", master: "Master console", event: "Personal event",
    resources: "resources", province: "province", you: "you", spectator: "spectator",
    open: "Open", claim: "Take seat", name: "Your name", bot: "bot",
    notAllowed: "Refused", pick: "Click a highlighted district or choose below",
    gold: "gold", army: "army", loyalty: "loyalty", reputation: "reputation", goal: "goal",
    setGoal: "Set goal", deciding: "deciding", done: "done",
    notLegal: "not one of your legal actions now",
    sea: "sea", godTrack: "Gods and offerings", offer: "Offer", faceDown: "face down",
    order: "Order", creatureTrack: "Creatures", specials: "Special Metropolises on display",
    team: "team", priests: "priests", philosophers: "philosophers",
    metropolises: "Metropolises", artifacts: "artifacts",
    pickMap: "Click a highlighted territory or sea, or choose below",
    pickHex: "Click a highlighted hex, or choose below", unexplored: "unexplored", hidden: "hidden",
    units: "Units", actionCards: "Action cards", objectives: "Objectives", wonderCards: "Wonder cards",
    claimed: "Completed", advanceTree: "Advances", activeEffects: "Your advances at work", battle: "Battle",
  },
  ru: {
    sheet: "Заявка", sheetStatusLabel: "Состояние", sheetSave: "Сохранить", sheetSubmit: "Сохранить и отправить Мастеру",
    sheetStatus_draft: "черновик", sheetStatus_submitted: "у Мастера",
    sheetStatus_approved: "одобрена", sheetStatus_returned: "возвращена",
    sheetNote: "Комментарий Мастера", sheetMissing: "Осталось заполнить",
    sheetHelp: "Мастер одобряет заявку до начала игры; цель и заявку до одобрения видите только вы и Мастер.",
    sheet_name: "Имя", sheet_history: "Характер, история", sheet_race: "Раса",
    sheet_class: "Класс (команда)", sheet_picture: "Картинка (ссылка http или https)", sheet_looks: "Внешность",
    sheet_skill: "Навык", sheet_goal: "Личная цель (тайная)", traders: "Торговцы", generals: "Генералы",
    sheetsToReview: "Заявки на проверку", approve: "Одобрить", sendBack: "Вернуть",
    comment: "что исправить", commentNeeded: "Сначала напишите, что исправить.",
    openingPost: "Стартовый пост", format: "Формат",
    tagline: "настольные игры, где каждое правило соблюдает машина",
    newGame: "Новая игра", game: "Игра", players: "Игроков", seat: "Место", human: "человек",
    create: "Создать и играть", deadline: "Секунд на решение (пусто: без срока)",
    publicGame: "Показать в лобби", myGames: "Мои игры", openGames: "Открытые игры",
    noGames: "Пока нет игр.", turn: "Ход", yourTurn: "ваш ход", waitingFor: "ждём",
    over: "окончена", links: "Приглашения", joinLink: "ссылка для места", spectatorLink: "ссылка для зрителей",
    copy: "Копировать", copied: "Скопировано", prompt: "Ваше решение", others: "Решают другие",
    typeAction: "или введите действие", send: "Отправить", log: "Журнал", board: "Поле",
    gameOver: "Игра окончена", winner: "Победитель", winners: "Победители", reason: "Причина",
    replay: "Повтор", start: "В начало", back: "Назад", forward: "Вперёд", end: "В конец",
    round: "Раунд", jump: "Перейти к раунду", hand: "Ваши карты", palace: "Дворец (лицензии)",
    decks: "Колоды", power: "мистическая сила", followers: "последователи", coins: "монеты", mobs: "толпы",
    altars: "алтари", rituals: "ритуалы", licences: "лицензии", cards: "карты", side: "сторона",
    light: "светлая", dark: "тёмная", free: "свободные жрецы", deadlineIn: "срок через",
    orders: "Приказы", ravens: "Вороны", to: "кому", text: "текст", sendRaven: "Послать ворона",
    reports: "Отчёты", season: "Сезон", master: "Пульт Мастера", event: "Личное событие",
    resources: "ресурсы", province: "провинция", you: "вы", spectator: "зритель",
    open: "Открыть", claim: "Занять место", name: "Ваше имя", bot: "бот",
    notAllowed: "Отказано", pick: "Нажмите на подсвеченный район или выберите ниже",
    gold: "золото", army: "армия", loyalty: "верность", reputation: "репутация", goal: "цель",
    setGoal: "Задать цель", deciding: "решает", done: "готово",
    notLegal: "сейчас такого действия у вас нет",
    sea: "море", godTrack: "Боги и подношения", offer: "Поднести", faceDown: "лицом вниз",
    order: "Порядок", creatureTrack: "Существа", specials: "Особые Метрополии",
    team: "команда", priests: "жрецы", philosophers: "философы",
    metropolises: "Метрополии", artifacts: "артефакты",
    pickMap: "Нажмите на подсвеченную территорию или море, или выберите ниже",
    pickHex: "Нажмите на подсвеченный гекс, или выберите ниже", unexplored: "не исследовано", hidden: "скрыто",
    units: "Отряды", actionCards: "Карты действий", objectives: "Цели", wonderCards: "Карты чудес",
    claimed: "Выполнено", advanceTree: "Достижения", activeEffects: "Ваши достижения в действии", battle: "Битва",
  },
};

// Each area of the client keeps its strings in its own js/text/AREA.js and registers
// them here, so no two developers edit one dictionary.
const MORE = [PEOPLE_TEXT];
export function addText(dict) { if (dict && !MORE.includes(dict)) MORE.push(dict); }

let lang = localStorage.getItem("meeple.lang") || (navigator.language.startsWith("ru") ? "ru" : "en");
const find = (l, key) => {
  if (TEXT[l] && TEXT[l][key] !== undefined) return TEXT[l][key];
  for (const d of MORE) if (d[l] && d[l][key] !== undefined) return d[l][key];
  return undefined;
};
export const t = (key) => find(lang, key) ?? find("en", key) ?? key;
export const language = () => lang;
export function toggleLanguage() {
  lang = lang === "en" ? "ru" : "en";
  localStorage.setItem("meeple.lang", lang);
  document.documentElement.lang = lang;
  for (const f of LISTENERS) f(lang);
}
// Called after each switch of the interface language (e.g. to refetch a glossary).
const LISTENERS = new Set();
export function onLanguage(f) { LISTENERS.add(f); return () => LISTENERS.delete(f); }
