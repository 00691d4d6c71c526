// A small line chart of one figure over the filed periods, drawn as SVG (no library: a few dozen points at most).
const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export interface Point {
  label: string;
  value: number;
}

/** A line of `points` (oldest first) with its values labelled; `title` names it for assistive technology. */
export function lineChart(title: string, points: readonly Point[], format: (v: number) => string): SVGSVGElement {
  const width = 320;
  const height = 140;
  const pad = { left: 8, right: 8, top: 20, bottom: 24 };
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'chart' });
  const t = el('title', {});
  t.textContent = `${title}: ${points.map((p) => `${p.label} ${format(p.value)}`).join(', ')}`;
  svg.append(t);
  if (points.length === 0) return svg;
  const values = points.map((p) => p.value);
  const lo = Math.min(0, ...values);
  const hi = Math.max(...values, lo + 1);
  const x = (i: number): number =>
    points.length === 1 ? width / 2 : pad.left + (i * (width - pad.left - pad.right)) / (points.length - 1);
  const y = (v: number): number => pad.top + ((hi - v) * (height - pad.top - pad.bottom)) / (hi - lo);
  svg.append(el('line', { x1: pad.left, x2: width - pad.right, y1: y(0), y2: y(0), class: 'axis' }));
  svg.append(el('polyline', { points: points.map((p, i) => `${x(i)},${y(p.value)}`).join(' '), class: 'line' }));
  points.forEach((p, i) => {
    svg.append(el('circle', { cx: x(i), cy: y(p.value), r: 3, class: 'dot' }));
    const value = el('text', { x: x(i), y: y(p.value) - 6, 'text-anchor': 'middle', class: 'value' });
    value.textContent = format(p.value);
    const label = el('text', { x: x(i), y: height - 6, 'text-anchor': 'middle', class: 'label' });
    label.textContent = p.label;
    svg.append(value, label);
  });
  return svg;
}
