// The Boggle solver page: it wires the board, the options, the API and the
// results together. The state lives in one object (state.js); every change
// goes through `update`, and each part of the page draws itself from it.
// Plain JavaScript modules, no framework, no build step; nothing is loaded
// from another host.

import { state, subscribe, update } from "/state.js";
import { MAX_SIDE, boardText, cleanTile, drawPath, firstEmpty, fitBoxes, focusBox, listen as listenBoard, parseBoard, renderBoard, reshape } from "/board.js";
import { exportWords, listen as listenResults, renderResults, shownWords } from "/results.js";
import { PageError, cancelSolve, listDictionaries, rollBoard, solveBoard } from "/api.js";
import { readAddress, saveAddress } from "/address.js";

const $ = (id) => document.getElementById(id);
const DICE_SIZES = { classic: [4, 4], new: [4, 4], big: [5, 5], superbig: [6, 6] };
const SIZE_DICE = { "4x4": "own", "5x5": "own", "6x6": "superbig" };

/** Each `lang` value's name, as the server lists them. */
const languages = {};

function languageName(lang) {
  return languages[lang] || lang;
}

// ---- Drawing -----------------------------------------------------------

function renderError() {
  const box = $("error");
  box.textContent = state.error ? state.error.message : "";
  box.hidden = !state.error;
}

function renderControls() {
  const key = `${state.rows}x${state.cols}`;
  const size = $("size");
  const preset = state.rows === state.cols && [...size.options].some((o) => o.value === key);
  if (size.value !== "custom" || preset) size.value = preset ? key : "custom";
  $("custom-size").hidden = size.value !== "custom";
  if (document.activeElement !== $("rows")) $("rows").value = String(state.rows);
  if (document.activeElement !== $("cols")) $("cols").value = String(state.cols);
  const seed = $("seed");
  seed.hidden = !state.rolled;
  if (state.rolled) {
    const { name, command, seed: number } = state.rolled;
    seed.textContent = `Rolled with the ${name} dice, seed ${number} (boggle random ${command} --seed ${number})`;
  }
}

subscribe(renderBoard);
subscribe(renderError);
subscribe(renderControls);
subscribe(renderResults);

// ---- Solving -----------------------------------------------------------

/** The options as the API takes them, or a PageError saying what is wrong. */
function requestOptions() {
  const { lang, rules, min_len, max_len } = state.options;
  const chosen = {};
  if (lang) chosen.lang = lang;
  if (rules && rules !== "auto") chosen.rules = rules;
  for (const [key, name, text] of [["min_len", "Shortest", min_len], ["max_len", "Longest", max_len]]) {
    const value = String(text).trim();
    if (value === "") continue;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) {
      return new PageError(`${name} must be a whole number from 1 to 64.`);
    }
    chosen[key] = Number(value);
  }
  if (chosen.min_len && chosen.max_len && chosen.min_len > chosen.max_len) {
    return new PageError(`Shortest (${chosen.min_len}) is longer than Longest (${chosen.max_len}): no word could be shown.`);
  }
  return chosen;
}

/**
 * Solves the board in the grid (or `raw`, a pasted text the page could not
 * lay out). `asked`: the person pressed Solve, so an empty box is an error
 * and the outcome is scrolled into view.
 */
async function solve({ raw = null, asked = false } = {}) {
  const board = raw || boardText();
  if (!board) {
    if (asked) {
      const empty = firstEmpty();
      update({ error: new PageError(`Box ${Math.floor(empty / state.cols) + 1},${(empty % state.cols) + 1} is empty: type a letter, or . for a blank.`, true) });
      focusBox(empty);
    }
    return;
  }
  const options = requestOptions();
  if (options instanceof PageError) {
    cancelSolve();
    update({ status: "error", error: options, answer: null, selected: null, shown: null });
    return;
  }
  const request = { board, paths: true, ...options };
  live = true;
  update({ status: "solving" });
  if (asked) reveal();
  let answer;
  try {
    answer = await solveBoard(request);
  } catch (problem) {
    const error = problem instanceof PageError ? problem : new PageError(String(problem.message || problem));
    update({ status: "error", error, answer: null, selected: null, shown: null });
    return;
  }
  if (answer === null) return;
  const shape = parseBoard(answer.board);
  if (raw && shape) reshape(shape.rows, shape.cols, shape.tiles);
  answer.words = answer.words.map((w) => ({ ...w, length: [...w.word].length }));
  answer.tiles = shape ? shape.tiles : [];
  answer.cols = shape ? shape.cols : state.cols;
  update({ status: "done", answer, error: null, selected: null, shown: null });
  saveAddress(answer.board, request);
  if (asked) reveal();
}

/** Scrolls the count and total into view when they are not. */
function reveal() {
  const summary = $("summary");
  const box = summary.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) {
    summary.scrollIntoView({ block: "start", behavior: "instant" });
  }
}

/** Whether a board was solved since the page opened or was cleared: then every change solves again. */
let live = false;

/** After a tile changed: a complete board solved once is solved again. */
function edited(pasted = false) {
  const complete = boardText() !== null;
  if (complete && (pasted || live)) {
    solve();
    return;
  }
  if (!complete && state.answer) {
    cancelSolve();
    update({ status: "idle", answer: null, error: null, selected: null, shown: null });
    return;
  }
  update({ error: state.error && state.error.board ? null : state.error });
}

// ---- The controls ------------------------------------------------------

listenBoard({ edited, pasted: (text) => solve({ raw: text, asked: true }) });

listenResults({
  point: (word) => update({ shown: word || state.selected }),
  choose: (word) => update({ selected: word, shown: word }),
});

$("board-form").addEventListener("submit", (event) => {
  event.preventDefault();
  solve({ asked: true });
});

$("random").addEventListener("click", async () => {
  const size = `${state.rows}x${state.cols}`;
  const lang = state.options.lang;
  // The language's own dice: those of a bundled language, the 1987 dice
  // for a word-list file.
  const own = $("dice").value === "own";
  const dice = own && lang === "file" ? "new" : $("dice").value;
  const query = dice === "own" ? { lang, size } : { dice };
  if (dice === "uniform") query.size = size;
  try {
    const answer = await rollBoard(query);
    const shape = parseBoard(answer.board);
    if (!shape) throw new PageError(`The page cannot lay out the board ${answer.board}.`);
    reshape(shape.rows, shape.cols, shape.tiles);
    const rolled = dice === "own"
      ? { name: languageName(lang), command: `--lang ${lang} --size ${size}` }
      : { name: dice, command: `--dice ${dice}${query.size ? ` --size ${size}` : ""}` };
    update({ rolled: { ...rolled, seed: answer.seed }, error: null });
    solve({ asked: true });
  } catch (problem) {
    update({ error: problem instanceof PageError ? problem : new PageError(String(problem.message || problem)) });
  }
});

$("clear").addEventListener("click", () => {
  cancelSolve();
  live = false;
  state.tiles = state.tiles.map(() => "");
  update({ status: "idle", answer: null, error: null, rolled: null, selected: null, shown: null });
  saveAddress(null, {});
  focusBox(0);
});

$("size").addEventListener("change", () => {
  const value = $("size").value;
  if (value === "custom") {
    $("custom-size").hidden = false;
    $("rows").focus();
    return;
  }
  const [rows, cols] = value.split("x").map(Number);
  $("dice").value = SIZE_DICE[value] || "uniform";
  reshape(rows, cols);
  edited();
});

for (const id of ["rows", "cols"]) {
  $(id).addEventListener("change", () => {
    const side = (input) => Math.min(MAX_SIDE, Math.max(1, Math.round(Number(input.value)) || 1));
    $("size").value = "custom";
    $("dice").value = "uniform";
    reshape(side($("rows")), side($("cols")));
    edited();
  });
}

$("dice").addEventListener("change", () => {
  const size = DICE_SIZES[$("dice").value];
  if (size && (size[0] !== state.rows || size[1] !== state.cols)) {
    reshape(size[0], size[1]);
    edited();
  }
});

// Every option change solves again at once.
for (const [id, key] of [["lang", "lang"], ["rules", "rules"], ["min-len", "min_len"], ["max-len", "max_len"]]) {
  $(id).addEventListener("input", () => {
    state.options[key] = $(id).value;
    if (boardText()) solve();
    else update({ error: requestOptions() instanceof PageError ? requestOptions() : null });
  });
}

$("order").addEventListener("change", () => update({ view: { ...state.view, order: $("order").value } }));
$("match").addEventListener("change", () => update({ view: { ...state.view, match: $("match").value } }));
$("filter").addEventListener("input", () => update({ view: { ...state.view, filter: cleanTile($("filter").value) } }));

$("copy").addEventListener("click", async () => {
  const text = exportWords("text");
  const note = $("tool-note");
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = `Copied ${shownWords().length} words.`;
  } catch {
    note.textContent = "The browser did not allow copying: use Download instead.";
  }
});

for (const [id, format, type] of [["download-text", "text", "text/plain"], ["download-csv", "csv", "text/csv"]]) {
  $(id).addEventListener("click", () => {
    const blob = new Blob([exportWords(format)], { type: `${type};charset=utf-8` });
    const link = document.createElement("a");
    const board = state.answer ? state.answer.board.replaceAll("/", "-").replace(/[^\p{L}\p{N}.*-]/gu, "_") : "words";
    link.href = URL.createObjectURL(blob);
    link.download = `boggle-${board}.${format === "csv" ? "csv" : "txt"}`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
}

window.addEventListener("resize", () => {
  fitBoxes();
  drawPath(state.shown);
});

// ---- Start -------------------------------------------------------------

async function start() {
  update();
  const wanted = readAddress();
  for (const [key, id] of [["rules", "rules"], ["min_len", "min-len"], ["max_len", "max-len"]]) {
    if (wanted.options[key] !== undefined) {
      $(id).value = wanted.options[key];
      state.options[key] = $(id).value || wanted.options[key];
    }
  }
  try {
    const answer = await listDictionaries();
    const lang = $("lang");
    lang.textContent = "";
    for (const entry of answer.dictionaries) {
      const option = document.createElement("option");
      option.value = entry.lang;
      languages[entry.lang] = entry.name || (entry.lang === "file" ? "Word list file" : entry.lang);
      option.textContent = `${languages[entry.lang]} (${entry.words.toLocaleString("en")} words)`;
      lang.appendChild(option);
    }
    const chosen = wanted.options.lang;
    lang.value = answer.dictionaries.some((d) => d.lang === chosen) ? chosen : answer.default;
    state.options.lang = lang.value;
  } catch (problem) {
    update({ error: problem instanceof PageError ? problem : new PageError(String(problem)) });
  }
  if (wanted.board) {
    const shape = parseBoard(wanted.board);
    if (shape) {
      reshape(shape.rows, shape.cols, shape.tiles);
      update();
    }
    solve({ raw: shape ? null : wanted.board });
  } else {
    focusBox(0);
  }
}

start();
