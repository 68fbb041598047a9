// /room: Boggle with friends, over the rooms API (POST /api/rooms, …/players,
// …/start, …/words; GET …/events). The room's state comes from the server's
// event stream and is kept in one object with what this player knows
// (token, name, words); `render` draws the page from it. The server judges
// every word; the clock is the server's, resynchronised from every event.
// The token is kept in localStorage per room, so a reload is the same
// player. Everything a player typed (names) is shown with textContent.

import { parseBoard } from "/board.js";
import { makeGrid, spelled } from "/grid.js";
import { findPath, normalize } from "/judge.js";

const $ = (id) => document.getElementById(id);
/** How often the clock is redrawn, in milliseconds. */
const TICK = 250;
const SAVED_PREFIX = "boggle.room.";
/** The most players a room holds (MAX_PLAYERS in src/game/room.rs). */
const MAX_PLAYERS = 16;
const LANGUAGES = { en: "English", "en-common": "English, common words", fr: "French", fi: "Finnish", de: "German", es: "Spanish", it: "Italian", nl: "Dutch", pt: "Portuguese", sv: "Swedish", da: "Danish", nb: "Norwegian", pl: "Polish" };

const id = new URLSearchParams(location.search).get("id");

/** Everything the page shows. */
const state = {
  room: null, // the server's state of the room
  endsAt: 0, // performance.now() at the round's end
  left: 0,
  me: null, // { token, name, board, words: [{ word, points }] }
  verdict: null, // { text, kind }
  lit: null, // { path, kind }
  selected: null, // a word of the results: { key, path }
  error: "",
  copied: "",
};

let grid = null;
let gridBoard = "";

function update(changes) {
  Object.assign(state, changes);
  render();
}

function plural(n, one, many) {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function save() {
  try {
    localStorage.setItem(SAVED_PREFIX + id, JSON.stringify(state.me));
  } catch {
    // Storage refused: a reload will ask for a name again.
  }
}

function saved() {
  try {
    const me = JSON.parse(localStorage.getItem(SAVED_PREFIX + id) || "null");
    return me && typeof me.token === "string" ? { words: [], ...me } : null;
  } catch {
    return null;
  }
}

// ---- Drawing -----------------------------------------------------------

function render() {
  $("error").hidden = !state.error;
  $("error").textContent = state.error;
  const { room, me } = state;
  if (!id) return;
  $("room").hidden = false;
  $("link").textContent = location.href;
  $("copied").textContent = state.copied;
  if (!room) return;
  const playing = room.state === "playing";
  const over = room.state === "over";
  $("join-form").hidden = Boolean(me) || room.players.length >= MAX_PLAYERS;
  $("you").textContent = me ? `You play as ${me.name}.` : room.players.length >= MAX_PLAYERS ? "This room is full." : playing ? "A round is being played: join to play the rest of it." : "";
  const players = $("players");
  players.textContent = "";
  for (const player of room.players) {
    const item = document.createElement("li");
    item.textContent = playing ? `${player.name} (${plural(player.found, "word", "words")})` : player.name;
    if (me && player.name === me.name) item.classList.add("you");
    players.appendChild(item);
  }
  const start = $("start");
  start.hidden = !me || playing;
  start.textContent = over ? "Another round" : "Start";
  $("play").hidden = room.board === null;
  $("mine").hidden = !me || room.board === null || over;
  if (room.board !== null) renderBoard(room, me);
  $("results-part").hidden = !over;
  if (over) renderResults(room);
}

function renderBoard(room, me) {
  const board = parseBoard(room.board);
  if (gridBoard !== room.board) {
    gridBoard = room.board;
    grid = makeGrid($("board"), board, (path, done) => {
      if (!done) update({ lit: { path, kind: "trace" }, verdict: { text: spelled(path, board), kind: "" } });
      else if (path.length > 1) enter(spelled(path, board), path);
      else update({ lit: null, verdict: null });
    });
  }
  const playing = room.state === "playing";
  grid.enabled = playing && Boolean(me);
  $("entry-form").hidden = !playing || !me;
  const clock = playing ? clockText(state.left) : "0:00";
  if ($("clock").textContent !== clock) $("clock").textContent = clock;
  const words = me && me.board === room.board ? me.words : [];
  const points = words.reduce((sum, w) => sum + w.points, 0);
  const count = me ? `${plural(words.length, "word", "words")}, ${plural(points, "point", "points")}` : "";
  if ($("count").textContent !== count) $("count").textContent = count;
  $("verdict").textContent = state.verdict ? state.verdict.text : "";
  $("verdict").className = `verdict ${state.verdict ? state.verdict.kind : ""}`;
  const lit = state.selected || state.lit;
  grid.light(lit ? lit.path : null, lit ? lit.kind || "" : "");
  const list = $("found");
  const key = words.map((w) => w.word).join(" ");
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.textContent = "";
    for (const w of [...words].reverse()) list.appendChild(wordItem(w, null));
  }
}

/** A word of a list: its text and points, struck out when shared; a button lighting its path when `key` is given. */
function wordItem(w, key) {
  const item = document.createElement("li");
  const button = document.createElement(key ? "button" : "span");
  button.className = "word";
  if (w.shared) button.classList.add("shared");
  const word = document.createElement("span");
  word.textContent = w.word;
  const points = document.createElement("span");
  points.className = "points";
  points.textContent = `+${w.points}`;
  button.append(word, " ", points);
  if (key) {
    button.type = "button";
    button.dataset.key = key;
    button.setAttribute("aria-pressed", String(state.selected !== null && state.selected.key === key));
    if (w.shared) button.setAttribute("aria-label", `${w.word}, ${w.points} points, shared: no score`);
    button.title = w.shared ? "Found by two or more players: no score" : "";
    button.addEventListener("click", () => {
      const board = parseBoard(state.room.board);
      const path = findPath(normalize(w.word), board);
      update({ selected: state.selected && state.selected.key === key ? null : { key, path, kind: "" } });
    });
  }
  item.appendChild(button);
  return item;
}

function renderResults(room) {
  const body = $("results").tBodies[0];
  const key = JSON.stringify(room.results) + (state.selected ? state.selected.key : "");
  if (body.dataset.key === key) return;
  body.dataset.key = key;
  body.textContent = "";
  room.results.forEach((player, p) => {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = player.name;
    const score = document.createElement("td");
    score.className = "score";
    score.textContent = String(player.score);
    const cell = document.createElement("td");
    const list = document.createElement("ul");
    list.className = "game-words";
    player.words.forEach((w, i) => list.appendChild(wordItem(w, `${p}.${i}`)));
    cell.appendChild(list);
    row.append(name, score, cell);
    body.appendChild(row);
  });
}

// ---- The server --------------------------------------------------------

async function call(path, body) {
  let response;
  try {
    response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { status: 0, answer: { error: "cannot reach the server" } };
  }
  let answer = {};
  try {
    answer = await response.json();
  } catch {
    // An answer without a body: the status says enough.
  }
  return { status: response.status, answer };
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Receives the room's state: the clock is set from the server's time left. */
function received(room) {
  const changes = { room, error: "" };
  if (room.state === "playing") {
    changes.endsAt = performance.now() + room.ends_in_ms;
    changes.left = room.ends_in_ms;
  }
  if (state.room && state.room.board !== room.board) Object.assign(changes, { selected: null, lit: null, verdict: null });
  if (room.state !== "over" && state.selected) changes.selected = null;
  if (room.state === "over" && (!state.room || state.room.state !== "over")) Object.assign(changes, { lit: null, verdict: { text: "Time's up", kind: "" } });
  update(changes);
}

function follow() {
  const events = new EventSource(`/api/rooms/${encodeURIComponent(id)}/events`);
  events.onmessage = (event) => {
    try {
      received(JSON.parse(event.data));
    } catch {
      // A malformed event: the next one replaces it.
    }
  };
  events.onerror = async () => {
    // The stream reconnects by itself; a room that is gone does not come back.
    try {
      const response = await fetch(`/api/rooms/${encodeURIComponent(id)}`);
      if (response.status === 404) {
        events.close();
        update({ error: "This room does not exist, or it expired: make a new one.", room: null });
      }
    } catch {
      update({ error: "Cannot reach the server: the page will reconnect when it can." });
    }
  };
}

async function enter(text, traced = null) {
  const { me, room } = state;
  if (!me || !room || room.state !== "playing") return;
  const word = normalize(text);
  if (!word) return;
  const { status, answer } = await call(`/api/rooms/${encodeURIComponent(id)}/words`, { player: me.token, word });
  const board = parseBoard(room.board);
  const path = traced && traced.length ? traced : findPath(word, board);
  if (status === 200) {
    if (me.board !== room.board) Object.assign(me, { board: room.board, words: [] });
    me.words.push({ word: answer.word, points: answer.points });
    save();
    const points = answer.points === 1 ? "1 point" : `${answer.points} points`;
    update({ verdict: { text: `+${points}: ${answer.word}`, kind: "good" }, lit: path ? { path, kind: "good" } : null });
  } else if (status === 403) {
    forget();
  } else {
    update({ verdict: { text: String(answer.error || `the server answered ${status}`), kind: "bad" }, lit: path ? { path, kind: "bad" } : null });
  }
}

/** Drops a token the room does not know (the room was made again, or the token was forged). */
function forget() {
  try {
    localStorage.removeItem(SAVED_PREFIX + id);
  } catch {
    // Nothing kept.
  }
  update({ me: null, error: "This room does not know you any more: join again." });
}

function tick() {
  if (state.room && state.room.state === "playing") {
    const left = state.endsAt - performance.now();
    if (Math.ceil(left / 1000) !== Math.ceil(state.left / 1000)) update({ left });
    else state.left = left;
  }
}

// ---- Wiring ------------------------------------------------------------

async function fillLanguages() {
  try {
    const answer = await (await fetch("/api/dictionaries")).json();
    const select = $("lang");
    select.textContent = "";
    for (const { lang } of answer.dictionaries) {
      const option = document.createElement("option");
      option.value = lang;
      option.textContent = LANGUAGES[lang] || lang;
      select.appendChild(option);
    }
    select.value = answer.default;
  } catch {
    // The default language is kept.
  }
}

if (!id) {
  $("create").hidden = false;
  fillLanguages();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const request = { dice: $("dice").value, time: $("time").value };
    if ($("lang").value) request.lang = $("lang").value;
    if ($("size").value) request.size = $("size").value;
    const { status, answer } = await call("/api/rooms", request);
    if (status === 201) location.assign(`/room?id=${encodeURIComponent(answer.room)}`);
    else update({ error: capitalise(String(answer.error || `the server answered ${status}`)) });
  });
} else {
  state.me = saved();
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    const { status, answer } = await call(`/api/rooms/${encodeURIComponent(id)}/players`, { name });
    if (status === 201) {
      update({ me: { token: answer.player, name, board: null, words: [] }, error: "" });
      save();
    } else {
      update({ error: capitalise(String(answer.error || `the server answered ${status}`)) });
    }
  });
  $("start").addEventListener("click", async () => {
    if (!state.me) return;
    const { status, answer } = await call(`/api/rooms/${encodeURIComponent(id)}/start`, { player: state.me.token });
    if (status === 200) received(answer);
    else if (status === 403) forget();
    else update({ error: capitalise(String(answer.error || `the server answered ${status}`)) });
  });
  $("entry-form").addEventListener("submit", (event) => {
    event.preventDefault();
    enter($("entry").value);
    $("entry").value = "";
  });
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      update({ copied: "Copied." });
    } catch {
      const range = document.createRange();
      range.selectNodeContents($("link"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      update({ copied: "Selected: copy it with your device's menu." });
    }
  });
  follow();
  setInterval(tick, TICK);
  render();
}
