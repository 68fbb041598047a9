// The page's state, in one object, and the one way to say it changed:
// every part of the page draws itself from this object when told.

/** Everything the page shows. */
export const state = {
  /** The board's shape and its tiles, one string a box ("" when empty). */
  rows: 4,
  cols: 4,
  tiles: new Array(16).fill(""),
  /** The solve options, as the API names them ("" for the default). */
  options: { lang: "", rules: "auto", min_len: "", max_len: "" },
  /** "idle", "solving", "done" or "error". */
  status: "idle",
  /** The last answer of /api/solve, its words given a `length`. */
  answer: null,
  /** What went wrong: { message, board } (board: the board is at fault). */
  error: null,
  /** How the words are shown: order, filter text and how it matches. */
  view: { order: "longest", filter: "", match: "contains" },
  /** The word selected (clicked) and the one whose path is drawn. */
  selected: null,
  shown: null,
  /** The seed of the last Random, with its dice. */
  rolled: null,
};

const listeners = [];

/** Calls `draw(state)` whenever the state changes. */
export function subscribe(draw) {
  listeners.push(draw);
}

/** Merges `changes` into the state and redraws the page. */
export function update(changes = {}) {
  Object.assign(state, changes);
  for (const draw of listeners) draw(state);
}
