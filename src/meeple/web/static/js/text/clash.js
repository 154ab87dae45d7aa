// The Clash of Cultures table's interface strings (names of advances and cards come from
// the catalog).
export const CLASH_TEXT = {
  en: { cl_barbarians: "Barbarians" },
  ru: { cl_barbarians: "Варвары" },
};
