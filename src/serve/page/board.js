// The board: a grid of boxes, one tile each, typed into, pasted into and
// read back in the command line's grammar; and the path of a word drawn
// over it. The tiles live in the state; the boxes show them.

import { state } from "/state.js";
import { drawTrail } from "/trail.js";

export const MAX_SIDE = 32;

const $ = (id) => document.getElementById(id);
const grid = $("grid");
const pathLayer = $("path");
let boxes = [];
/** The box being given a two-letter face (typed after `[`), or -1. */
let longTile = -1;
/** The box the focus moved to when a two-letter face was complete: a `]` typed there closes the face, and is not a move. */
let afterLongTile = -1;

/** What a box's text becomes: lower case, letters and '.', '*' only. */
export function cleanTile(text) {
  return text.normalize("NFC").toLowerCase().replace(/[^\p{L}\p{M}.*]/gu, "");
}

/** A tile as a box shows it: `q` is the Qu face. */
function shown(tile) {
  return tile === "q" ? "qu" : tile;
}

/**
 * Splits a board written in the command line's grammar into rows of tiles,
 * enough to lay it out in the grid: `ezmrnubeslospaon`, `ezmr/nube/slos/paon`,
 * `ezmr nube slos paon`, `a b qu d/e f g h`, `[th]at/.n*`. Returns null when
 * the text does not make a rectangle; the server then says why.
 */
export function parseBoard(text) {
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
    if (side * side !== split[0].length || side > MAX_SIDE) return null;
    return { rows: side, cols: side, tiles: split[0] };
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

/** The board in the grid, in the command line's grammar; null when a box is empty. */
export function boardText() {
  const rows = [];
  for (let r = 0; r < state.rows; r++) {
    let row = "";
    for (let c = 0; c < state.cols; c++) {
      const tile = state.tiles[r * state.cols + c];
      if (!tile) return null;
      row += [...tile].length === 1 || tile === "qu" ? tile : `[${tile}]`;
    }
    rows.push(row);
  }
  return state.rows === 1 && state.cols > 1 ? `${rows[0]}/` : rows.join("/");
}

/** The first empty box, or -1. */
export function firstEmpty() {
  return state.tiles.findIndex((tile) => !tile);
}

/** Gives the board a new shape, keeping the tiles that still fit (or `tiles`). */
export function reshape(rows, cols, tiles) {
  const old = state.tiles;
  const oldCols = state.cols;
  const next = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (tiles) next.push(tiles[r * cols + c] || "");
      else next.push(c < oldCols && r * oldCols + c < old.length ? old[r * oldCols + c] : "");
    }
  }
  state.rows = rows;
  state.cols = cols;
  state.tiles = next;
}

/** Draws the grid from the state: new boxes when the shape changed, the letters always. */
export function renderBoard() {
  if (boxes.length !== state.rows * state.cols || Number(grid.dataset.cols) !== state.cols) {
    buildBoxes();
  }
  boxes.forEach((box, i) => {
    const text = shown(state.tiles[i]);
    if (box.value !== text) box.value = text;
    box.classList.toggle("long", [...state.tiles[i]].length > 1 && state.tiles[i] !== "q");
  });
  grid.setAttribute("aria-invalid", state.error && state.error.board ? "true" : "false");
  drawPath(state.shown);
}

function buildBoxes() {
  grid.textContent = "";
  boxes = [];
  longTile = -1;
  for (let r = 0; r < state.rows; r++) {
    for (let c = 0; c < state.cols; c++) {
      const box = document.createElement("input");
      box.type = "text";
      box.autocomplete = "off";
      box.autocapitalize = "off";
      box.spellcheck = false;
      box.setAttribute("enterkeyhint", "next");
      box.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
      box.dataset.index = String(r * state.cols + c);
      grid.appendChild(box);
      boxes.push(box);
    }
  }
  grid.dataset.cols = String(state.cols);
  grid.style.setProperty("--cols", String(state.cols));
  fitBoxes();
  state.shown = null;
  clearPath();
}

/** Sizes the boxes to the space there is: big on phones, never too small to type in. */
export function fitBoxes() {
  const panel = grid.closest(".board-scroll");
  const width = panel.clientWidth - 4;
  const gap = state.cols > 8 ? 3 : 6;
  const most = window.innerWidth < 500 ? 68 : 76;
  const box = Math.max(30, Math.min(most, Math.floor((width - gap * (state.cols - 1)) / state.cols)));
  grid.style.setProperty("--box", `${box}px`);
  grid.style.setProperty("--gap", `${gap}px`);
}

export function focusBox(index) {
  const box = boxes[index];
  if (box) {
    box.focus();
    box.select();
  }
}

/**
 * Listens to the boxes. `edited()` is called after every change of a tile,
 * `pasted(text)` when a whole board is pasted that the page cannot lay out.
 */
export function listen({ edited, pasted }) {
  const set = (index, tile) => {
    state.tiles[index] = tile;
    edited();
  };

  // A keystroke replaces the box's letter, then the next box has the focus.
  // After `[` the box takes a two-letter face: its letters, then `]` (or the
  // second letter ends it).
  const type = (box, text) => {
    const index = Number(box.dataset.index);
    for (const ch of text) {
      if (ch === "[") {
        longTile = index;
        set(index, "");
        continue;
      }
      const letter = cleanTile(ch);
      if (letter === "") continue;
      if (longTile === index) {
        const tile = state.tiles[index] + letter;
        set(index, tile);
        if ([...tile].length >= 2) {
          longTile = -1;
          afterLongTile = index + 1;
          focusBox(index + 1);
        }
        return;
      }
      set(index, letter === "q" ? "qu" : letter);
      focusBox(index + 1);
      return;
    }
  };

  grid.addEventListener("beforeinput", (event) => {
    const box = event.target;
    if (box.tagName !== "INPUT") return;
    if (event.inputType === "insertText" && event.data) {
      event.preventDefault();
      const index = Number(box.dataset.index);
      const closing = afterLongTile === index;
      afterLongTile = -1;
      if (event.data === "]") {
        // A face of one letter closed, or a face of two closed after the
        // focus moved on by itself.
        if (!closing) {
          longTile = -1;
          focusBox(index + 1);
        }
        return;
      }
      type(box, event.data);
    }
  });

  // What beforeinput did not catch (a phone keyboard's composition, a
  // dictation): the box keeps the last letter typed.
  grid.addEventListener("input", (event) => {
    const box = event.target;
    const index = Number(box.dataset.index);
    const letters = [...cleanTile(box.value)];
    const old = state.tiles[index];
    const fresh = letters.length > [...shown(old)].length ? letters[letters.length - 1] : letters.join("");
    set(index, fresh === "q" ? "qu" : fresh);
    box.value = shown(state.tiles[index]);
    if (fresh && letters.length > [...shown(old)].length) focusBox(index + 1);
  });

  grid.addEventListener("focusin", (event) => {
    if (event.target.tagName === "INPUT" && Number(event.target.dataset.index) !== longTile) longTile = -1;
  });

  grid.addEventListener("keydown", (event) => {
    const box = event.target;
    if (box.tagName !== "INPUT") return;
    const index = Number(box.dataset.index);
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -state.cols, ArrowDown: state.cols };
    if (event.key in moves) {
      const target = index + moves[event.key];
      if (target >= 0 && target < boxes.length) focusBox(target);
      event.preventDefault();
    } else if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      longTile = -1;
      if (state.tiles[index] !== "" || event.key === "Delete" || index === 0) {
        set(index, "");
      } else {
        set(index - 1, "");
        focusBox(index - 1);
      }
    }
  });

  grid.addEventListener("paste", (event) => {
    const box = event.target;
    const text = (event.clipboardData || window.clipboardData).getData("text").trim();
    event.preventDefault();
    const shape = parseBoard(text);
    if (shape && shape.tiles.length > 1) {
      reshape(shape.rows, shape.cols, shape.tiles);
      edited(true);
    } else if (!shape && text.length > 2) {
      // Not a board the page can lay out: the server says what is wrong.
      pasted(text);
    } else if (box.tagName === "INPUT") {
      // One tile: a letter, a two-letter face, `.` or `*`.
      const tile = cleanTile(text.replace(/^\[(.*)\]$/, "$1"));
      if ([...tile].length <= 2) set(Number(box.dataset.index), tile === "q" ? "qu" : tile);
    }
  });
}

export function clearPath() {
  pathLayer.textContent = "";
  for (const box of boxes) box.classList.remove("on-path", "path-start", "path-end");
}

/** Draws `word`'s path: arrows from cell to cell, the start and end marked. */
export function drawPath(word) {
  clearPath();
  if (!word || !word.path || boxes.length === 0) return;
  const first = boxes[0];
  const size = first.offsetWidth;
  if (size === 0) return;
  const step = state.cols > 1 ? boxes[1].offsetLeft - first.offsetLeft : size;
  const rowStep = state.rows > 1 ? boxes[state.cols].offsetTop - first.offsetTop : size;
  drawTrail(pathLayer, word.path, { rows: state.rows, cols: state.cols, size, step, rowStep });
  word.path.forEach((cell) => {
    const box = boxes[cell[0] * state.cols + cell[1]];
    if (box) box.classList.add("on-path");
  });
  const last = word.path[word.path.length - 1];
  const start = boxes[word.path[0][0] * state.cols + word.path[0][1]];
  const end = boxes[last[0] * state.cols + last[1]];
  if (start) start.classList.add("path-start");
  if (end) end.classList.add("path-end");
}
