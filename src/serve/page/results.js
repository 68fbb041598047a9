// The words found: the count and total first, then the words grouped by
// length (or by first letter, A to Z) in columns, filtered by what they
// contain or start with, copied or downloaded as text or CSV. A word
// pointed at or selected shows its path on the board.

import { state } from "/state.js";

const $ = (id) => document.getElementById(id);
const summary = $("summary");
const list = $("word-list");
const tools = $("word-tools");
const shownCount = $("shown-count");

/** The words the view shows, in its order, grouped: [{ title, words }]. */
export function groups(answer, view) {
  const needle = view.filter.trim().toLowerCase();
  const words = answer.words.filter((w) =>
    needle === "" || (view.match === "starts" ? w.word.startsWith(needle) : w.word.includes(needle)));
  const byWord = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  const result = [];
  if (view.order === "alpha") {
    words.sort(byWord);
    for (const word of words) {
      const letter = [...word.word][0].toUpperCase();
      if (result.length === 0 || result[result.length - 1].key !== letter) {
        result.push({ key: letter, title: letter, words: [] });
      }
      result[result.length - 1].words.push(word);
    }
    return result;
  }
  const sign = view.order === "shortest" ? 1 : -1;
  words.sort((a, b) => sign * (a.length - b.length) || b.score - a.score || byWord(a, b));
  for (const word of words) {
    if (result.length === 0 || result[result.length - 1].key !== word.length) {
      result.push({ key: word.length, title: `${word.length} letters`, words: [] });
    }
    result[result.length - 1].words.push(word);
  }
  return result;
}

/** The words shown, flat, in their order. */
export function shownWords() {
  return state.answer ? groups(state.answer, state.view).flatMap((g) => g.words) : [];
}

const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** Draws the summary line and the words from the state. */
export function renderResults() {
  const { answer, status } = state;
  if (status === "solving" && !answer) summary.textContent = "Solving…";
  else if (!answer) summary.textContent = state.error ? "No results." : "Type a board and press Solve.";
  else summary.textContent = `${plural(answer.count, "word", "words")}, ${plural(answer.score, "point", "points")} (${answer.rules} rules)`;
  summary.classList.toggle("stale", status === "solving" && answer !== null);
  tools.hidden = !answer || answer.count === 0;
  if (list.answer === answer && list.view === JSON.stringify(state.view)) {
    markSelected();
    return;
  }
  list.answer = answer;
  list.view = JSON.stringify(state.view);
  list.textContent = "";
  if (!answer) {
    shownCount.textContent = "";
    return;
  }
  const fragment = document.createDocumentFragment();
  let shown = 0;
  let first = true;
  for (const group of groups(answer, state.view)) {
    const section = document.createElement("section");
    section.className = "group";
    const heading = document.createElement("h3");
    const points = group.words.reduce((sum, w) => sum + w.score, 0);
    heading.textContent = `${group.title} `;
    const detail = document.createElement("span");
    detail.textContent = `${plural(group.words.length, "word", "words")}, ${plural(points, "point", "points")}`;
    heading.appendChild(detail);
    section.appendChild(heading);
    const items = document.createElement("ul");
    const longest = group.words.reduce((most, w) => Math.max(most, w.length), 1);
    items.style.setProperty("--letters", String(longest));
    for (const word of group.words) {
      const item = document.createElement("li");
      item.tabIndex = first ? 0 : -1;
      first = false;
      item.entry = word;
      item.dataset.word = word.word;
      item.appendChild(wordText(word));
      const score = document.createElement("span");
      score.className = "pts";
      score.textContent = String(word.score);
      score.setAttribute("aria-label", plural(word.score, "point", "points"));
      item.appendChild(score);
      items.appendChild(item);
      shown++;
    }
    section.appendChild(items);
    fragment.appendChild(section);
  }
  list.appendChild(fragment);
  shownCount.textContent = shown === answer.count ? "" : `${plural(shown, "word", "words")} of ${answer.count.toLocaleString("en")} shown`;
  markSelected();
}

/**
 * A word, the letters the wildcards stood for marked. `wild` holds them in
 * the order of the path; the path's `*` cells say where they are.
 */
function wordText(word) {
  const text = document.createElement("span");
  text.className = "w";
  const letters = [...word.word];
  const wild = [...(word.wild || "")];
  if (wild.length === 0 || !word.path || !state.answer) {
    text.textContent = word.word;
    if (wild.length > 0) text.title = `* stood for ${wild.join(", ")}`;
    return text;
  }
  const cols = state.answer.cols;
  const tiles = state.answer.tiles;
  let at = 0;
  for (const [r, c] of word.path) {
    const tile = tiles[r * cols + c] || "";
    const length = tile === "*" ? 1 : tile === "q" ? 2 : Math.max(1, [...tile].length);
    const part = letters.slice(at, at + length).join("");
    at += length;
    if (tile === "*") {
      const mark = document.createElement("mark");
      mark.textContent = part;
      mark.title = `* stood for ${part}`;
      text.appendChild(mark);
    } else {
      text.appendChild(document.createTextNode(part));
    }
  }
  if (at < letters.length) text.appendChild(document.createTextNode(letters.slice(at).join("")));
  return text;
}

function markSelected() {
  for (const item of list.querySelectorAll("li")) {
    item.classList.toggle("selected", item.entry === state.selected);
  }
}

/** The shown words as text, one a line, or as CSV with their scores and lengths. */
export function exportWords(format) {
  const words = shownWords();
  if (format === "csv") {
    return ["word,score,length", ...words.map((w) => `${w.word},${w.score},${w.length}`)].join("\r\n") + "\r\n";
  }
  return words.map((w) => w.word).join("\n") + "\n";
}

/**
 * Listens to the word list: `point(word)` when a word is pointed at or
 * focused (null when the pointer leaves), `choose(word)` when one is
 * clicked or selected with the keyboard.
 */
export function listen({ point, choose }) {
  list.addEventListener("mouseover", (event) => {
    const item = event.target.closest("li");
    if (item) point(item.entry);
  });
  list.addEventListener("mouseleave", () => point(null));
  list.addEventListener("click", (event) => {
    const item = event.target.closest("li");
    if (item) choose(item.entry);
  });
  list.addEventListener("focusin", (event) => {
    const item = event.target.closest("li");
    if (item) choose(item.entry);
  });
  list.addEventListener("keydown", (event) => {
    const item = event.target.closest("li");
    if (!item) return;
    const items = [...list.querySelectorAll("li")];
    const at = items.indexOf(item);
    const across = Math.max(1, Math.round(item.parentElement.clientWidth / item.offsetWidth));
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + across, ArrowUp: at - across, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const target = items[Math.max(0, Math.min(items.length - 1, moves[event.key]))];
    item.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  });
}
