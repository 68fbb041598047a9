// The address bar holds what a link shares: the board and its options,
// read once at start and written after every solve.

const KEYS = ["lang", "rules", "min_len", "max_len"];

/** The board and options a shared link names (board: null when none). */
export function readAddress(search = location.search) {
  const query = new URLSearchParams(search);
  const options = {};
  for (const key of KEYS) {
    if (query.has(key)) options[key] = query.get(key);
  }
  return { board: query.get("board"), options };
}

/** Puts `board` and the options that differ from the defaults in the address. */
export function saveAddress(board, request) {
  const query = new URLSearchParams(board ? { board } : {});
  for (const key of KEYS) {
    if (request[key] !== undefined) query.set(key, String(request[key]));
  }
  const text = query.toString();
  const address = text ? `/?${text}` : "/";
  if (location.pathname + location.search !== address) history.replaceState(null, "", address);
}
