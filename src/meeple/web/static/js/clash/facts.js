// Numbers of Clash's data files the table shows (games/clash/data/rules.yaml); a test
// (tests/test_web_clash.py) checks they equal the data.
export const FACTS = {"actions_per_turn": 3, "advance_cost": 2, "hit_every": 5, "rounds": 6, "turns_per_round": 3, "vp": {"advance": 0.5, "city_piece": 1, "objective": 2, "wonder": 5}};
