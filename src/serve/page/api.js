// The server's JSON API as the page uses it: one solve in flight at a time
// (a newer one aborts the older), and every failure told in the page's own
// words. The API's messages stay precise for programs; the page rewords the
// few that name a request field or come from the request parser.

/** An error worth showing: `board` is true when the board is at fault. */
export class PageError extends Error {
  constructor(message, board = false) {
    super(message);
    this.board = board;
  }
}

const UNREACHABLE = "Cannot reach the server: check that boggle serve is still running, then try again.";

let inFlight = null;

/**
 * Solves `request` (the body of POST /api/solve). Resolves to the answer,
 * or to null when a newer solve replaced this one; rejects with a PageError.
 */
export async function solveBoard(request) {
  if (inFlight) inFlight.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    return await call("/api/solve", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
      signal: controller.signal,
    });
  } catch (problem) {
    if (controller.signal.aborted) return null;
    throw problem;
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Drops the solve in flight, if any: its answer will not be shown. */
export function cancelSolve() {
  if (inFlight) inFlight.abort();
  inFlight = null;
}

/** A random board: { board, seed }. */
export function rollBoard(query) {
  return call(`/api/random?${new URLSearchParams(query)}`);
}

/** The dictionaries the server offers: { default, dictionaries: [{ lang, words }] }. */
export function listDictionaries() {
  return call("/api/dictionaries");
}

async function call(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (problem) {
    if (init && init.signal && init.signal.aborted) throw problem;
    throw new PageError(UNREACHABLE);
  }
  let answer;
  try {
    answer = await response.json();
  } catch (problem) {
    if (init && init.signal && init.signal.aborted) throw problem;
    throw new PageError(response.ok ? UNREACHABLE : `The server answered ${response.status} without saying why.`);
  }
  if (!response.ok) throw plainError(response.status, String(answer.error || ""));
  return answer;
}

/** The page's words for an API error. */
export function plainError(status, message) {
  const lengths = /^--min-len (\d+) is greater than --max-len (\d+)/.exec(message);
  if (lengths) return new PageError(`Shortest (${lengths[1]}) is longer than Longest (${lengths[2]}): no word could be shown.`);
  const length = /^(min_len|max_len) (\d+) is not a word length/.exec(message);
  if (length) {
    const name = length[1] === "min_len" ? "Shortest" : "Longest";
    return new PageError(`${name} must be a whole number from 1 to 64.`);
  }
  if (message.startsWith("the request is not a solve request")) {
    return new PageError("The server could not read the page's request: reload the page and try again.");
  }
  if (/needed more than \d+ steps/.test(message)) {
    return new PageError("This board has too many paths for the server to search: try a smaller board or fewer wildcards.", true);
  }
  if (status === 503 || status === 408) return new PageError(capitalise(message));
  if (message.startsWith("unknown lang")) return new PageError("The server does not have this language: reload the page to see the ones it has.");
  if (status === 413 || message.startsWith("board") || /tile|row|wildcard|cells/.test(message)) {
    return new PageError(capitalise(message), true);
  }
  return new PageError(capitalise(message || `the server answered ${status}`));
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
