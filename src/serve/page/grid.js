// The game's board (/play and /room): the tiles as cells, a word traced by
// dragging across adjacent cells with a finger, a pen or the mouse
// (pointer events; lifting ends the word), and a path lit on it with
// trail.js, as the solver's grid lights one.

import { drawTrail } from "/trail.js";
import { adjacent } from "/judge.js";

/** How close to a cell's centre a drag must come to take it, as a share of the cell's width: less than half, so a diagonal does not catch the cells beside it. */
const CATCH = 0.42;

/** A tile as a face shows it: `qu` is Qu, letters in capitals. */
export function face(tile) {
  if (tile === ".") return "";
  return tile.charAt(0).toUpperCase() + tile.slice(1);
}

/**
 * Lays `board` ({ rows, cols, tiles }) out in `host` (an element holding a
 * `.game-grid` and an SVG `.path`), and calls `traced(path, done)` as a
 * drag goes on (`done` false) and when it ends (`done` true). Answers
 * { light(path, kind), enabled } where `kind` colours the cells
 * ("trace", "good", "bad" or "" for a word selected).
 */
export function makeGrid(host, board, traced) {
  const grid = host.querySelector(".game-grid");
  const layer = host.querySelector(".path");
  grid.textContent = "";
  grid.style.setProperty("--cols", String(board.cols));
  const cells = board.tiles.map((tile, i) => {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.textContent = face(tile);
    if ([...tile].length > 1) cell.classList.add("long");
    cell.dataset.index = String(i);
    grid.appendChild(cell);
    return cell;
  });
  let path = null;
  const handle = { enabled: true };

  const cellAt = (x, y, strict) => {
    for (const cell of cells) {
      const box = cell.getBoundingClientRect();
      if (strict) {
        if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return Number(cell.dataset.index);
      } else {
        const dx = x - (box.left + box.width / 2);
        const dy = y - (box.top + box.height / 2);
        if (Math.hypot(dx, dy) <= box.width * CATCH) return Number(cell.dataset.index);
      }
    }
    return -1;
  };

  grid.addEventListener("pointerdown", (event) => {
    if (!handle.enabled || (event.pointerType === "mouse" && event.button !== 0)) return;
    const cell = cellAt(event.clientX, event.clientY, true);
    if (cell < 0 || board.tiles[cell] === ".") return;
    event.preventDefault();
    try {
      grid.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer has nothing to capture; the moves still come.
    }
    path = [cell];
    traced(path.slice(), false);
  });
  grid.addEventListener("pointermove", (event) => {
    if (!path) return;
    const cell = cellAt(event.clientX, event.clientY, false);
    const last = path[path.length - 1];
    if (cell < 0 || cell === last) return;
    if (path.length > 1 && cell === path[path.length - 2]) {
      path.pop();
    } else if (!path.includes(cell) && adjacent(last, cell, board.cols) && board.tiles[cell] !== ".") {
      path.push(cell);
    } else {
      return;
    }
    traced(path.slice(), false);
  });
  const finish = (event) => {
    if (!path) return;
    const done = path;
    path = null;
    traced(event.type === "pointercancel" ? [] : done, true);
  };
  grid.addEventListener("pointerup", finish);
  grid.addEventListener("pointercancel", finish);

  handle.light = (cellsLit, kind = "") => {
    for (const cell of cells) cell.classList.remove("on-path", "trace", "good", "bad");
    if (!cellsLit || cellsLit.length === 0) {
      layer.textContent = "";
      return;
    }
    for (const i of cellsLit) {
      cells[i].classList.add("on-path");
      if (kind) cells[i].classList.add(kind);
    }
    const first = cells[0];
    const size = first.offsetWidth;
    const step = board.cols > 1 ? cells[1].offsetLeft - first.offsetLeft : size;
    const rowStep = board.rows > 1 ? cells[board.cols].offsetTop - first.offsetTop : size;
    const rc = cellsLit.map((i) => [Math.floor(i / board.cols), i % board.cols]);
    drawTrail(layer, rc, { rows: board.rows, cols: board.cols, size, step, rowStep });
  };
  return handle;
}

/** The letters a path spells on `board`. */
export function spelled(path, board) {
  return path.map((i) => board.tiles[i]).join("");
}
