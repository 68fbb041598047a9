// /play: one game of Boggle in the browser. The address holds what a link
// shares (seed, dice, size, lang, time, min_len): the same link is the same
// board for anyone, and the same board `boggle play --seed N` deals. The
// game (board, rules, every word with its points and a path) comes once
// from GET /api/game; every entry is then judged here (judge.js), in the
// library's words, so a loaded game plays to its end offline. The state is
// one object and `render` draws the page from it. Personal bests are kept
// in localStorage, per dice, size, language and time.

import { makeGrid, spelled } from "/grid.js";
import { findPath, indexWords, judge, normalize } from "/judge.js";

const $ = (id) => document.getElementById(id);
const KEYS = ["seed", "dice", "size", "lang", "time", "min_len"];
/** A round's length when the address does not say, in seconds, as `boggle play` has it: four minutes with the Super Big dice, else three. */
const DEFAULT_TIME = 180;
const SUPERBIG_TIME = 240;
/** The longest round the address may ask for, in seconds. */
const MAX_TIME = 3600;
/** How often the clock is redrawn, in milliseconds. */
const TICK = 250;
const BEST_PREFIX = "boggle.best.";
/** A game in progress is kept in sessionStorage under this and its address, so a reload (a phone dropping the tab) goes on with it. */
const GAME_PREFIX = "boggle.game.";

/** Everything the page shows. */
const state = {
  status: "loading", // "loading", "playing", "over" or "error"
  game: null,
  found: [],
  verdict: null, // { text, kind }
  lit: null, // { path, kind }
  selected: null, // a word of the end screen
  endsAt: 0,
  left: 0,
  best: null, // { score, previous } once over
  error: "",
};

/** A duration as `boggle play --time` writes it (`90`, `90s`, `3m`, `1m30s`), in seconds; null when it is not one. */
export function parseTime(text) {
  const match = /^\s*(?:(\d+)m)?\s*(?:(\d+)s?)?\s*$/.exec(text || "");
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const seconds = Number(match[1] || 0) * 60 + Number(match[2] || 0);
  return seconds >= 1 && seconds <= MAX_TIME ? seconds : null;
}

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const query = new URLSearchParams(location.search);
let time = parseTime(query.get("time")) || DEFAULT_TIME;
let grid = null;
let ticker = 0;

function update(changes) {
  Object.assign(state, changes);
  render();
}

function score() {
  return state.found.reduce((sum, w) => sum + w.points, 0);
}

function plural(n, one, many) {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

// ---- Drawing -----------------------------------------------------------

function render() {
  const { status, game } = state;
  document.body.dataset.status = status;
  $("error").hidden = !state.error;
  $("error").textContent = state.error;
  if (!game) return;
  const clock = $("clock");
  const text = status === "over" ? "0:00" : clockText(state.left);
  if (clock.textContent !== text) clock.textContent = text;
  clock.classList.toggle("late", status === "playing" && state.left <= 10000);
  const count = `${plural(state.found.length, "word", "words")}, ${plural(score(), "point", "points")}`;
  if ($("count").textContent !== count) $("count").textContent = count;
  const verdict = $("verdict");
  verdict.textContent = state.verdict ? state.verdict.text : "";
  verdict.className = `verdict ${state.verdict ? state.verdict.kind : ""}`;
  const playing = status === "playing";
  $("entry-form").hidden = !playing;
  grid.enabled = playing;
  const lit = state.selected || state.lit;
  grid.light(lit ? lit.path : null, lit ? lit.kind || "" : "");
  renderWords($("found"), [...state.found].reverse(), status === "over");
  $("end-screen").hidden = status !== "over";
  $("missed-part").hidden = status !== "over";
  if (status === "over") renderEnd();
}

/** A list of words, each a button that lights its path once the game is over. */
function renderWords(list, words, selectable) {
  const key = words.map((w) => w.word).join(" ") + (selectable ? "+" : "") + (state.selected ? state.selected.word : "");
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.textContent = "";
  for (const w of words) {
    const item = document.createElement("li");
    const button = document.createElement(selectable ? "button" : "span");
    button.className = "word";
    if (selectable) {
      button.type = "button";
      button.setAttribute("aria-pressed", String(state.selected !== null && state.selected.word === w.word));
      button.addEventListener("click", () => update({ selected: state.selected && state.selected.word === w.word ? null : { word: w.word, path: w.path, kind: "" } }));
    }
    const word = document.createElement("span");
    word.textContent = w.word;
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = `+${w.points}`;
    button.append(word, " ", points);
    item.appendChild(button);
    list.appendChild(item);
  }
}

function renderEnd() {
  const { game } = state;
  const total = game.max_score;
  const share = total ? Math.round((100 * score()) / total) : 0;
  $("final").textContent = `${plural(score(), "point", "points")} of ${total.toLocaleString("en")} (${share}%): ${plural(state.found.length, "word", "words")} of ${game.words.length.toLocaleString("en")}.`;
  const best = state.best;
  $("best").textContent = best
    ? best.previous === null
      ? `Your first game with these settings: best ${best.score}.`
      : best.score > best.previous
        ? `A new best! (before: ${best.previous})`
        : `Your best with these settings: ${best.previous}.`
    : "";
  const found = new Set(state.found.map((w) => w.word));
  renderWords($("missed"), game.words.filter((w) => !found.has(w.word)), true);
  renderWords($("found"), [...state.found].reverse(), true);
}

// ---- Playing -----------------------------------------------------------

/** Judges an entry (typed, or spelled by `traced`, the trace's cells) and shows its verdict. */
function enter(text, traced = null) {
  if (state.status !== "playing") return;
  const found = new Set(state.found.map((w) => w.word));
  const verdict = judge(text, state.game, found);
  if (verdict.kind === "empty") return;
  const path = traced && traced.length ? traced : verdict.path;
  const good = verdict.kind === "scored";
  const changes = { verdict: { text: verdict.text, kind: good ? "good" : "bad" }, lit: path ? { path, kind: good ? "good" : "bad" } : null };
  if (good) changes.found = [...state.found, { word: verdict.word, points: verdict.points, path: verdict.path }];
  update(changes);
  if (good) keepGame();
}

/** Keeps the game in progress for a reload: its words and its end, on the wall clock. */
function keepGame() {
  try {
    const key = GAME_PREFIX + location.search;
    if (state.status !== "playing") sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify({ ends: Date.now() + (state.endsAt - performance.now()), words: state.found.map((w) => w.word) }));
  } catch {
    // Storage refused: a reload starts the game again.
  }
}

/** The game in progress kept for this address: { left, found }, or null. */
function keptGame(game) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(GAME_PREFIX + location.search) || "null");
    const left = kept ? kept.ends - Date.now() : 0;
    if (!kept || !Array.isArray(kept.words) || left <= 0 || left > MAX_TIME * 1000) return null;
    return { left, found: kept.words.map((word) => game.byWord.get(word)).filter(Boolean).map(({ word, points, path }) => ({ word, points, path })) };
  } catch {
    return null;
  }
}

function tick() {
  const left = state.endsAt - performance.now();
  if (left <= 0) finish();
  else update({ left });
}

function finish(early = false) {
  if (state.status !== "playing") return;
  $("end-heading").textContent = early ? "Game over" : "Time's up";
  clearInterval(ticker);
  const { game } = state;
  const key = `${BEST_PREFIX}${game.dice}.${game.rows}x${game.cols}.${game.lang}.${time}`;
  let previous = null;
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    if (saved && Number.isFinite(saved.score)) previous = saved.score;
    if (previous === null || score() > previous) {
      localStorage.setItem(key, JSON.stringify({ score: score(), seed: game.seed, date: new Date().toISOString().slice(0, 10) }));
    }
  } catch {
    // Storage refused (a private window, a full disk): no best is kept.
  }
  state.status = "over";
  keepGame();
  update({ status: "over", left: 0, lit: null, best: { score: Math.max(score(), previous || 0), previous }, verdict: { text: `${early ? "Game over" : "Time's up"}: ${plural(score(), "point", "points")}`, kind: "" } });
}

function link(changes) {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return `/play?${next}`;
}

/** The command that plays this game in a terminal. */
function terminal(game) {
  const words = ["boggle play --seed", game.seed];
  for (const [key, flag] of [["dice", "--dice"], ["size", "--size"], ["lang", "--lang"], ["min_len", "--min-len"], ["time", "--time"]]) {
    const value = query.get(key);
    if (value && /^[\w-]+$/.test(value)) words.push(flag, value);
  }
  return words.join(" ");
}

async function load() {
  const ask = new URLSearchParams();
  for (const key of KEYS) if (key !== "time" && query.has(key)) ask.set(key, query.get(key));
  let game;
  try {
    const response = await fetch(`/api/game?${ask}`);
    game = await response.json();
    if (!response.ok) throw new Error(game.error || `the server answered ${response.status}`);
  } catch (problem) {
    const message = problem instanceof TypeError ? "Cannot reach the server, and this game was not loaded before." : String(problem.message || problem);
    update({ status: "error", error: message.charAt(0).toUpperCase() + message.slice(1) });
    return;
  }
  indexWords(game);
  if (!parseTime(query.get("time")) && game.dice === "superbig") time = SUPERBIG_TIME;
  if (query.get("seed") !== game.seed) {
    query.set("seed", game.seed);
    history.replaceState(null, "", `/play?${query}`);
  }
  grid = makeGrid($("board"), game, (path, done) => {
    if (!done) {
      update({ lit: { path, kind: "trace" }, verdict: { text: spelled(path, game), kind: "" } });
    } else if (path.length > 1) {
      enter(spelled(path, game), path);
    } else {
      update({ lit: null, verdict: null });
    }
  });
  $("about").textContent = `Seed ${game.seed}, ${game.dice} dice, ${game.rows}×${game.cols}, ${game.lang}, ${clockText(time * 1000)}. Share this page's link to play the same board, or play it in a terminal: ${terminal(game)}`;
  $("again").href = link({ seed: null });
  $("replay").href = link({});
  document.title = `Boggle: ${game.board.replace(/\//g, " ")}`;
  const kept = keptGame(game) || { left: time * 1000, found: [] };
  update({ status: "playing", game, found: kept.found, endsAt: performance.now() + kept.left, left: kept.left });
  keepGame();
  ticker = setInterval(tick, TICK);
  // With a mouse, the keyboard is at hand: the entry takes it. On a touch
  // screen the on-screen keyboard would cover the board, so nothing does.
  if (matchMedia("(pointer: fine)").matches) $("entry").focus();
}

$("entry-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const entry = $("entry");
  enter(entry.value);
  entry.value = "";
});
$("entry").addEventListener("input", () => {
  if (state.status !== "playing") return;
  const path = findPath(normalize($("entry").value, state.game.fold_accents), state.game);
  update({ lit: path && path.length ? { path, kind: "trace" } : null });
});
$("end").addEventListener("click", () => finish(true));
window.addEventListener("resize", () => render());

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No offline copy; the game still plays while the server answers.
  });
}

load();
