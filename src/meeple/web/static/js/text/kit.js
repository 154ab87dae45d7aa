// The strings of the table every kit game is drawn with (js/kit.js, js/ui/zones.js); the
// games' own words come from their text catalogs through the payload.
export const KIT_TEXT = {
  en: {
    kitCost: "cost", kitEmpty: "empty", kitBoard: "The table", kitMine: "Your area", kitRules: "How to play",
  },
  ru: {
    kitCost: "цена", kitEmpty: "пусто", kitBoard: "Стол", kitMine: "Ваше", kitRules: "Как играть",
  },
};
