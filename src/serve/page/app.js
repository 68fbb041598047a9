// The Boggle solver page: the letter grid, the requests to the server's
// JSON API, the results table and the path of the word pointed at.
// Plain JavaScript with no framework and no build step; nothing is loaded
// from another host.
"use strict";

const MAX_SIDE = 32;
const SVG = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);
const grid = $("grid");
const pathLayer = $("path");
const errorBox = $("error");
const summary = $("summary");
const table = $("words");
const tbody = table.querySelector("tbody");

const state = {
  rows: 4,
  cols: 4,
  boxes: [],
  words: [],
  sortKey: "score",
  sortDescending: true,
  selected: null,
  shown: null,
};

// ---- The grid ---------------------------------------------------------

/** Builds a rows × cols grid of boxes, keeping the letters that still fit. */
function buildGrid(rows, cols, tiles) {
  const old = state.boxes.map((box) => box.value);
  const oldCols = state.cols;
  state.rows = rows;
  state.cols = cols;
  grid.textContent = "";
  state.boxes = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const box = document.createElement("input");
      box.type = "text";
      box.autocomplete = "off";
      box.autocapitalize = "off";
      box.spellcheck = false;
      box.maxLength = 6;
      box.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
      box.dataset.index = String(r * cols + c);
      if (tiles) {
        box.value = tiles[r * cols + c] || "";
      } else if (c < oldCols && r * oldCols + c < old.length) {
        box.value = old[r * oldCols + c] || "";
      }
      grid.appendChild(box);
      state.boxes.push(box);
    }
  }
  grid.style.setProperty("--cols", String(cols));
  fitBoxes();
  syncSizeChooser();
  clearPath();
}

/** Sizes the boxes to the space there is: big on phones, never too big. */
function fitBoxes() {
  const width = grid.parentElement.parentElement.clientWidth - 40;
  const gap = 6;
  const box = Math.max(28, Math.min(76, Math.floor((width - gap * (state.cols - 1)) / state.cols)));
  grid.style.setProperty("--box", `${box}px`);
}

function syncSizeChooser() {
  const key = `${state.rows}x${state.cols}`;
  const size = $("size");
  const preset = [...size.options].some((o) => o.value === key) && state.rows === state.cols;
  size.value = preset ? key : "custom";
  $("custom-size").hidden = preset;
  $("rows").value = String(state.rows);
  $("cols").value = String(state.cols);
}

function focusBox(index) {
  const box = state.boxes[index];
  if (box) {
    box.focus();
    box.select();
  }
}

/** What a box's text becomes: lower case, letters and '.', '*' only. */
function cleanTile(text) {
  return text.normalize("NFC").toLowerCase().replace(/[^\p{L}\p{M}.*]/gu, "");
}

grid.addEventListener("input", (event) => {
  const box = event.target;
  const index = Number(box.dataset.index);
  let value = cleanTile(box.value);
  const previous = box.dataset.previous || "";
  if (previous === "q" && value.length === 2 && value[0] === "q" && value[1] !== "u") {
    // A q waits for its u; any other letter goes on to the next box.
    box.value = "q";
    box.dataset.previous = "q";
    const next = state.boxes[index + 1];
    if (next) {
      next.value = value[1];
      next.dataset.previous = value[1];
      focusBox(index + 2);
    }
    return;
  }
  if ([...value].length > 2) {
    value = [...value].slice(-1).join("");
  }
  box.value = value;
  box.dataset.previous = value;
  if (value !== "" && value !== "q") {
    focusBox(index + 1);
  }
});

grid.addEventListener("focusin", (event) => {
  if (event.target.tagName === "INPUT") {
    event.target.dataset.previous = event.target.value;
  }
});

grid.addEventListener("keydown", (event) => {
  const box = event.target;
  if (box.tagName !== "INPUT") return;
  const index = Number(box.dataset.index);
  const { cols } = state;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols };
  if (event.key in moves) {
    const target = index + moves[event.key];
    if (target >= 0 && target < state.boxes.length) focusBox(target);
    event.preventDefault();
  } else if (event.key === "Backspace" && box.value === "" && index > 0) {
    const back = state.boxes[index - 1];
    back.value = "";
    back.dataset.previous = "";
    focusBox(index - 1);
    event.preventDefault();
  }
});

grid.addEventListener("paste", (event) => {
  const text = (event.clipboardData || window.clipboardData).getData("text");
  const shape = parseBoard(text);
  if (shape && shape.tiles.length > 1) {
    event.preventDefault();
    setBoard(shape);
    solve();
  } else if (!shape && text.trim().length > 2) {
    // Not a board the page can lay out: the server says what is wrong.
    event.preventDefault();
    solve(text.trim());
  }
});

/**
 * Splits a board written in the command line's grammar into rows of tiles,
 * enough to lay it out in the grid: `ezmrnubeslospaon`, `ezmr/nube/slos/paon`,
 * `ezmr nube slos paon`, `a b qu d/e f g h`, `[th]at/.n*`. Returns null when
 * the text does not make a rectangle; the server then says why.
 */
function parseBoard(text) {
  text = text.normalize("NFC").trim().toLowerCase();
  if (text === "") return null;
  let rows;
  if (text.includes("/")) {
    rows = text.split("/");
    if (rows.length > 1 && rows[rows.length - 1].trim() === "") rows.pop();
  } else {
    const tokens = text.split(/[\s,]+/);
    rows = tokens.length > 1 && tokens.every((t) => t.length >= 3) ? tokens : [text];
  }
  const split = rows.map(rowTiles);
  if (split.some((row) => row === null || row.length === 0)) return null;
  if (rows.length === 1 && !text.includes("/")) {
    const side = Math.round(Math.sqrt(split[0].length));
    if (side * side !== split[0].length) return null;
    const tiles = split[0];
    return { rows: side, cols: side, tiles };
  }
  const cols = split[0].length;
  if (split.some((row) => row.length !== cols)) return null;
  if (split.length > MAX_SIDE || cols > MAX_SIDE) return null;
  return { rows: split.length, cols, tiles: split.flat() };
}

/** The tiles of one row: separated tokens, or the compact form. */
function rowTiles(row) {
  row = row.trim();
  if (/[\s,]/.test(row)) {
    const tokens = row.split(/[\s,]+/).map((t) => t.replace(/^\[(.*)\]$/, "$1"));
    return tokens.every((t) => /^(\p{L}\p{M}*){1,2}$|^[.*]$/u.test(t)) ? tokens : null;
  }
  const tiles = [];
  const pattern = /\[([^\]]+)\]|qu|(\p{L}\p{M}*)|[.*]|(.)/gsu;
  for (const match of row.matchAll(pattern)) {
    if (match[3] !== undefined) return null;
    tiles.push(match[1] !== undefined ? match[1] : match[0]);
  }
  return tiles;
}

function setBoard(shape) {
  buildGrid(shape.rows, shape.cols, shape.tiles);
}

/** The board in the grid, in the command line's grammar. */
function boardText() {
  const rows = [];
  for (let r = 0; r < state.rows; r++) {
    let row = "";
    for (let c = 0; c < state.cols; c++) {
      const tile = cleanTile(state.boxes[r * state.cols + c].value);
      if (tile === "") return null;
      row += tile.length === 1 || tile === "qu" ? tile : `[${tile}]`;
    }
    rows.push(row);
  }
  return state.rows === 1 && state.cols > 1 ? `${rows[0]}/` : rows.join("/");
}

// ---- Requests ---------------------------------------------------------

function options() {
  const chosen = {};
  if ($("lang").value) chosen.lang = $("lang").value;
  if ($("rules").value !== "auto") chosen.rules = $("rules").value;
  const min = $("min-len").value.trim();
  const max = $("max-len").value.trim();
  if (min) chosen.min_len = Number(min);
  if (max) chosen.max_len = Number(max);
  return chosen;
}

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
  grid.setAttribute("aria-invalid", message ? "true" : "false");
}

let solving = 0;

/** Solves the board in the grid (or `raw`, a pasted text the page could not lay out). */
async function solve(raw) {
  const board = raw || boardText();
  if (!board) {
    const empty = state.boxes.findIndex((box) => cleanTile(box.value) === "");
    showError(`Box ${Math.floor(empty / state.cols) + 1},${(empty % state.cols) + 1} is empty: type a letter, or . for a blank.`);
    focusBox(empty);
    return;
  }
  const request = { board, paths: true, ...options() };
  const ticket = ++solving;
  summary.textContent = "Solving…";
  let answer;
  try {
    const response = await fetch("/api/solve", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error || `the server answered ${response.status}`);
  } catch (problem) {
    if (ticket !== solving) return;
    showError(capitalise(String(problem.message || problem)));
    summary.textContent = "No results.";
    table.hidden = true;
    return;
  }
  if (ticket !== solving) return;
  showError("");
  if (raw) {
    const shape = parseBoard(answer.board);
    if (shape) setBoard(shape);
  }
  showResults(answer);
  saveAddress(answer.board, request);
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function random() {
  const dice = $("dice").value;
  const query = new URLSearchParams({ dice });
  if (dice === "uniform") query.set("size", `${state.rows}x${state.cols}`);
  try {
    const response = await fetch(`/api/random?${query}`);
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error);
    const shape = parseBoard(answer.board);
    if (!shape) throw new Error(`cannot lay out the board ${answer.board}`);
    setBoard(shape);
    const seed = $("seed");
    seed.textContent = `Rolled with the ${dice} dice, seed ${answer.seed} (boggle random --dice ${dice} --seed ${answer.seed})`;
    seed.hidden = false;
    solve();
  } catch (problem) {
    showError(capitalise(String(problem.message || problem)));
  }
}

async function loadDictionaries() {
  try {
    const response = await fetch("/api/dictionaries");
    const answer = await response.json();
    const names = { en: "English", fr: "French", fi: "Finnish", file: "Word list file" };
    const lang = $("lang");
    const wanted = new URLSearchParams(location.search).get("lang") || lang.value;
    lang.textContent = "";
    for (const entry of answer.dictionaries) {
      const option = document.createElement("option");
      option.value = entry.lang;
      option.textContent = `${names[entry.lang] || entry.lang} (${entry.words.toLocaleString("en")} words)`;
      lang.appendChild(option);
    }
    lang.value = answer.dictionaries.some((d) => d.lang === wanted) ? wanted : answer.default;
  } catch (problem) {
    showError(`Cannot list the dictionaries: ${problem.message || problem}`);
  }
}

// ---- Results ----------------------------------------------------------

function showResults(answer) {
  state.words = answer.words.map((w) => ({ ...w, length: [...w.word].length }));
  state.selected = null;
  clearPath();
  const points = answer.score === 1 ? "point" : "points";
  const words = answer.count === 1 ? "word" : "words";
  summary.textContent = `${answer.count} ${words}, ${answer.score} ${points} (${answer.rules} rules)`;
  renderTable();
}

function compare(a, b) {
  const key = state.sortKey;
  let order;
  if (key === "word") order = a.word < b.word ? -1 : a.word > b.word ? 1 : 0;
  else order = a[key] - b[key];
  if (state.sortDescending) order = -order;
  if (order === 0) order = a.word < b.word ? -1 : a.word > b.word ? 1 : 0;
  return order;
}

function renderTable() {
  const sorted = [...state.words].sort(compare);
  tbody.textContent = "";
  const fragment = document.createDocumentFragment();
  for (const word of sorted) {
    const row = document.createElement("tr");
    row.tabIndex = -1;
    row.dataset.word = word.word;
    for (const [value, number] of [[word.score, true], [word.word, false], [word.length, true]]) {
      const cell = document.createElement("td");
      cell.textContent = String(value);
      if (number) cell.className = "num";
      row.appendChild(cell);
    }
    row.wordEntry = word;
    fragment.appendChild(row);
  }
  tbody.appendChild(fragment);
  if (tbody.firstChild) tbody.firstChild.tabIndex = 0;
  table.hidden = sorted.length === 0;
  for (const th of table.querySelectorAll("th")) {
    const key = th.querySelector("button").dataset.key;
    if (key === state.sortKey) th.setAttribute("aria-sort", state.sortDescending ? "descending" : "ascending");
    else th.removeAttribute("aria-sort");
  }
}

table.querySelector("thead").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  const key = button.dataset.key;
  if (state.sortKey === key) state.sortDescending = !state.sortDescending;
  else {
    state.sortKey = key;
    state.sortDescending = key !== "word";
  }
  renderTable();
});

tbody.addEventListener("mouseover", (event) => {
  const row = event.target.closest("tr");
  if (row) drawPath(row.wordEntry);
});
tbody.addEventListener("mouseleave", () => drawPath(state.selected));
tbody.addEventListener("click", (event) => {
  const row = event.target.closest("tr");
  if (row) select(row);
});
tbody.addEventListener("focusin", (event) => {
  const row = event.target.closest("tr");
  if (row) select(row);
});
tbody.addEventListener("keydown", (event) => {
  const row = event.target.closest("tr");
  if (!row) return;
  const moves = {
    ArrowDown: row.nextElementSibling,
    ArrowUp: row.previousElementSibling,
    Home: tbody.firstElementChild,
    End: tbody.lastElementChild,
  };
  const target = moves[event.key];
  if (target) {
    event.preventDefault();
    row.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  }
});

function select(row) {
  for (const other of tbody.querySelectorAll("tr.selected")) other.classList.remove("selected");
  row.classList.add("selected");
  state.selected = row.wordEntry;
  drawPath(row.wordEntry);
}

function clearPath() {
  pathLayer.textContent = "";
  for (const box of state.boxes) box.classList.remove("on-path", "path-start", "path-end");
  state.shown = null;
}

/** Draws `word`'s path: arrows from cell to cell, the start and end marked. */
function drawPath(word) {
  if (state.shown === word) return;
  clearPath();
  if (!word || !word.path) return;
  state.shown = word;
  const first = state.boxes[0];
  const size = first.offsetWidth;
  const step = state.cols > 1 ? state.boxes[1].offsetLeft - first.offsetLeft : size;
  const centre = ([r, c]) => [c * step + size / 2, r * step + size / 2];
  const width = (state.cols - 1) * step + size;
  const height = (state.rows - 1) * step + size;
  pathLayer.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const scale = size;
  const defs = document.createElementNS(SVG, "defs");
  const marker = document.createElementNS(SVG, "marker");
  marker.id = "arrowhead";
  for (const [name, value] of [["viewBox", "0 0 10 10"], ["refX", "5"], ["refY", "5"], ["markerWidth", "4"], ["markerHeight", "4"], ["orient", "auto"]]) {
    marker.setAttribute(name, value);
  }
  const head = document.createElementNS(SVG, "path");
  head.setAttribute("d", "M0,0 L10,5 L0,10 z");
  head.setAttribute("class", "arrow");
  marker.appendChild(head);
  defs.appendChild(marker);
  pathLayer.appendChild(defs);
  const group = document.createElementNS(SVG, "g");
  group.setAttribute("transform", `scale(${scale})`);
  const unit = ([x, y]) => [x / scale, y / scale];
  word.path.forEach((cell, i) => {
    const box = state.boxes[cell[0] * state.cols + cell[1]];
    if (box) box.classList.add("on-path");
    if (i + 1 < word.path.length) {
      const [x1, y1] = unit(centre(cell));
      const [x2, y2] = unit(centre(word.path[i + 1]));
      const dx = x2 - x1;
      const dy = y2 - y1;
      const length = Math.hypot(dx, dy);
      const trim = 0.22 / length;
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", x1 + dx * trim);
      line.setAttribute("y1", y1 + dy * trim);
      line.setAttribute("x2", x2 - dx * trim * 1.6);
      line.setAttribute("y2", y2 - dy * trim * 1.6);
      line.setAttribute("marker-end", "url(#arrowhead)");
      group.appendChild(line);
    }
  });
  const ring = (cell, name, radius) => {
    const [x, y] = unit(centre(cell));
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.setAttribute("r", radius);
    circle.setAttribute("class", name);
    group.appendChild(circle);
  };
  ring(word.path[0], "start", 0.42);
  ring(word.path[word.path.length - 1], "end", 0.36);
  pathLayer.appendChild(group);
  const start = state.boxes[word.path[0][0] * state.cols + word.path[0][1]];
  const last = word.path[word.path.length - 1];
  const end = state.boxes[last[0] * state.cols + last[1]];
  if (start) start.classList.add("path-start");
  if (end) end.classList.add("path-end");
}

// ---- The address ------------------------------------------------------

function saveAddress(board, request) {
  const query = new URLSearchParams({ board });
  for (const key of ["lang", "rules", "min_len", "max_len"]) {
    if (request[key] !== undefined) query.set(key, String(request[key]));
  }
  const address = `/?${query}`;
  if (location.pathname + location.search !== address) history.replaceState(null, "", address);
}

function loadAddress() {
  const query = new URLSearchParams(location.search);
  if (query.has("rules")) $("rules").value = query.get("rules");
  if (query.has("min_len")) $("min-len").value = query.get("min_len");
  if (query.has("max_len")) $("max-len").value = query.get("max_len");
  const board = query.get("board");
  if (!board) return false;
  const shape = parseBoard(board);
  if (shape) setBoard(shape);
  solve(shape ? undefined : board);
  return true;
}

// ---- Controls ---------------------------------------------------------

$("board-form").addEventListener("submit", (event) => {
  event.preventDefault();
  solve();
});
$("random").addEventListener("click", random);
$("clear").addEventListener("click", () => {
  for (const box of state.boxes) box.value = "";
  state.words = [];
  renderTable();
  table.hidden = true;
  summary.textContent = "Type a board and press Solve.";
  showError("");
  $("seed").hidden = true;
  history.replaceState(null, "", "/");
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
  buildGrid(rows, cols);
  const dice = { "4x4": "new", "5x5": "big", "6x6": "superbig" }[value] || "uniform";
  $("dice").value = dice;
});
for (const id of ["rows", "cols"]) {
  $(id).addEventListener("change", () => {
    const rows = Math.min(MAX_SIDE, Math.max(1, Number($("rows").value) || 1));
    const cols = Math.min(MAX_SIDE, Math.max(1, Number($("cols").value) || 1));
    buildGrid(rows, cols);
    $("size").value = "custom";
    $("custom-size").hidden = false;
    $("dice").value = "uniform";
  });
}
$("dice").addEventListener("change", () => {
  const size = { classic: [4, 4], new: [4, 4], big: [5, 5], superbig: [6, 6] }[$("dice").value];
  if (size && (size[0] !== state.rows || size[1] !== state.cols)) buildGrid(size[0], size[1]);
});
window.addEventListener("resize", () => {
  fitBoxes();
  const shown = state.shown;
  state.shown = null;
  drawPath(shown);
});

buildGrid(4, 4);
loadDictionaries().then(() => {
  if (!loadAddress()) focusBox(0);
});
