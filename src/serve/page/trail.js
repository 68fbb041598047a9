// A word's path drawn over a board: arrows from cell to cell, a ring on
// the first cell and one on the last, in an SVG layer laid over the
// cells. Shared by the solver's grid (board.js) and the game's (grid.js):
// each says where its cells are; this draws.

const SVG = "http://www.w3.org/2000/svg";

/**
 * Draws `path` ([[row, col], …]) on the SVG `layer`, for a board whose
 * cells are `size` pixels wide, `step` apart across and `rowStep` apart
 * down, `rows` × `cols` of them.
 */
export function drawTrail(layer, path, { rows, cols, size, step, rowStep }) {
  layer.textContent = "";
  if (!path || path.length === 0 || size === 0) return;
  const centre = ([r, c]) => [(c * step + size / 2) / size, (r * rowStep + size / 2) / size];
  const width = (cols - 1) * step + size;
  const height = (rows - 1) * rowStep + size;
  layer.setAttribute("viewBox", `0 0 ${width / size} ${height / size}`);
  const defs = document.createElementNS(SVG, "defs");
  const marker = document.createElementNS(SVG, "marker");
  marker.id = `arrowhead-${layer.id}`;
  for (const [name, value] of [["viewBox", "0 0 10 10"], ["refX", "5"], ["refY", "5"], ["markerWidth", "4"], ["markerHeight", "4"], ["orient", "auto"]]) {
    marker.setAttribute(name, value);
  }
  const head = document.createElementNS(SVG, "path");
  head.setAttribute("d", "M0,0 L10,5 L0,10 z");
  head.setAttribute("class", "arrow");
  marker.appendChild(head);
  defs.appendChild(marker);
  layer.appendChild(defs);
  path.forEach((cell, i) => {
    if (i + 1 === path.length) return;
    const [x1, y1] = centre(cell);
    const [x2, y2] = centre(path[i + 1]);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const trim = 0.22 / Math.hypot(dx, dy);
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", x1 + dx * trim);
    line.setAttribute("y1", y1 + dy * trim);
    line.setAttribute("x2", x2 - dx * trim * 1.6);
    line.setAttribute("y2", y2 - dy * trim * 1.6);
    line.setAttribute("marker-end", `url(#${marker.id})`);
    layer.appendChild(line);
  });
  const ring = (cell, name, radius) => {
    const [x, y] = centre(cell);
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.setAttribute("r", radius);
    circle.setAttribute("class", name);
    layer.appendChild(circle);
  };
  ring(path[0], "start", 0.42);
  ring(path[path.length - 1], "end", 0.36);
}
