// Numbers of Cyclades' data files the table shows (games/cyclades/data/rules.yaml); a
// test (tests/test_web_cyclades.py) checks they equal the data.
export const FACTS = {"creature_costs": [4, 3, 2]};
