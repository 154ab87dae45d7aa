// The Clash of Cultures table's interface strings (names of advances and cards come from
// the catalog).
export const CLASH_TEXT = {
  en: {
    cl_barbarians: "Barbarians",
    cl_legend: "☺😐☹ mood · T temple · A academy · F fortress · P port · M market · O obelisk · V observatory · ★ wonder · ☗ settler · ⚔ infantry · ⚓ ship",
    cl_fertile: "fertile land", cl_forest: "forest", cl_mountain: "mountain", cl_barren: "barren land",
    cl_water: "water",
  },
  ru: {
    cl_barbarians: "Варвары",
    cl_legend: "☺😐☹ настроение · T храм · A академия · F крепость · P порт · M рынок · O обелиск · V обсерватория · ★ чудо света · ☗ поселенец · ⚔ пехота · ⚓ корабль",
    cl_fertile: "плодородная земля", cl_forest: "лес", cl_mountain: "горы", cl_barren: "пустошь",
    cl_water: "вода",
  },
};
