// The game's judge in the browser, in the library's words (src/game):
// "+1 point: cat", "already found: arc", "too short: ca (at least 3
// letters)", "not on the board: xyzzy", "not a word: rac", in that order
// of checks. The words and their points come from the server's own solve
// (GET /api/game), so the page only looks them up; the path search here is
// the library's `typed_path`: distinct adjacent cells spelling the letters,
// the last cell allowed to hold more than is left (a `q` lights Qu).

/** The most cells one path search steps onto, as the library's bound. */
const MAX_STEPS = 200000;

/** Letters an accent fold writes as others (the library's Normalizer). */
const FOLDED = { "œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d", "ð": "d" };

/**
 * An entry's letters as the dictionary spells them: lower case, composed,
 * letters only; with `fold` (a dictionary that folds accents) without
 * accents, as the library's Normalizer writes them.
 */
export function normalize(text, fold = false) {
  let lower = text.trim().toLowerCase().normalize("NFC");
  if (fold) lower = [...lower.normalize("NFD")].map((ch) => FOLDED[ch] || ch).join("").replace(/\p{M}/gu, "");
  return [...lower].filter((ch) => /\p{L}/u.test(ch)).join("");
}

/** How many of `rest` (letters) `tile` spells, or 0 when it does not fit. */
function fits(tile, rest) {
  if (tile === ".") return 0;
  if (tile === "*") return 1;
  const letters = [...tile];
  const count = Math.min(letters.length, rest.length);
  for (let i = 0; i < count; i++) if (letters[i] !== rest[i]) return 0;
  return count;
}

/**
 * A path ([cell index, …]) of distinct adjacent cells of the board
 * (`tiles`, `rows` × `cols`) spelling `word`; null when none does.
 */
export function findPath(word, { tiles, rows, cols }) {
  const letters = [...word];
  if (letters.length === 0) return [];
  const used = new Array(tiles.length).fill(false);
  const path = [];
  let steps = 0;
  const walk = (cell, matched) => {
    if (++steps > MAX_STEPS) return false;
    const count = fits(tiles[cell], letters.slice(matched));
    if (count === 0) return false;
    used[cell] = true;
    path.push(cell);
    if (matched + count === letters.length) return true;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const nr = r + dr;
        const nc = c + dc;
        if ((dr || dc) && nr >= 0 && nr < rows && nc >= 0 && nc < cols && !used[nr * cols + nc]) {
          if (walk(nr * cols + nc, matched + count)) return true;
        }
      }
    }
    used[cell] = false;
    path.pop();
    return false;
  };
  for (let cell = 0; cell < tiles.length; cell++) if (walk(cell, 0)) return path;
  return null;
}

/** Whether two cells touch (across, down or diagonally). */
export function adjacent(a, b, cols) {
  const dr = Math.abs(Math.floor(a / cols) - Math.floor(b / cols));
  const dc = Math.abs((a % cols) - (b % cols));
  return a !== b && dr <= 1 && dc <= 1;
}

/**
 * Judges `entry` in `game` ({ tiles, rows, cols, min_len, words: [{ word,
 * points, path }] }) given the words `found` (a Set): { kind, word,
 * points?, path?, text }, kind "scored", "again", "short", "off", "nonword"
 * or "empty".
 */
export function judge(entry, game, found) {
  const word = normalize(entry, game.fold_accents);
  if (word === "") return { kind: "empty", word, text: "" };
  const known = game.byWord.get(word);
  if (known) {
    if (found.has(word)) return { kind: "again", word, path: known.path, text: `already found: ${word}` };
    const points = known.points;
    return { kind: "scored", word, points, path: known.path, text: `+${points} ${points === 1 ? "point" : "points"}: ${word}` };
  }
  if ([...word].length < game.min_len) {
    return { kind: "short", word, text: `too short: ${word} (at least ${game.min_len} letters)` };
  }
  const path = findPath(word, game);
  if (!path) return { kind: "off", word, text: `not on the board: ${word}` };
  return { kind: "nonword", word, path, text: `not a word: ${word}` };
}

/** Indexes a game's words by their text (`game.byWord`). */
export function indexWords(game) {
  game.byWord = new Map(game.words.map((w) => [w.word, w]));
  return game;
}
