// A bar chart of one figure over the filed periods, drawn as SVG (no library: a few dozen bars at most).
import { svgElement as el } from './svg.js';

export interface Point {
  label: string;
  value: number;
}

/** Room per period: a bar and its value written above it, in the chart's own units (drawn at one pixel per unit). */
const SLOT = 76;
const HEIGHT = 168;
/** Above the tallest bar and below the lowest, the value labels; under the chart, the periods. */
const PAD = { top: 22, bottom: 38 };

/**
 * One bar per period (oldest first), from a zero line so that a loss reads as a bar below it, each with its value;
 * `title` names the chart for assistive technology, with every value, since a picture alone says nothing to a
 * screen reader.
 */
export function barChart(title: string, points: readonly Point[], format: (v: number) => string): SVGSVGElement {
  const width = Math.max(2, points.length) * SLOT;
  const svg = el('svg', { viewBox: `0 0 ${width} ${HEIGHT}`, width, height: HEIGHT, role: 'img', class: 'chart' });
  const t = el('title', {});
  t.textContent = `${title}: ${points.map((p) => `${p.label} ${format(p.value)}`).join(', ')}`;
  svg.append(t);
  if (points.length === 0) return svg;
  const values = points.map((p) => p.value);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number): number => PAD.top + ((hi - v) * plot) / span;
  const zero = y(0);
  const offset = (width - points.length * SLOT) / 2;
  points.forEach((p, i) => {
    const centre = offset + i * SLOT + SLOT / 2;
    const top = Math.min(y(p.value), zero);
    // A value of zero still shows a hairline, so that a period on record never looks missing.
    const tall = Math.max(1, Math.abs(y(p.value) - zero));
    svg.append(
      el('rect', {
        x: centre - SLOT * 0.3,
        y: p.value < 0 ? zero : top,
        width: SLOT * 0.6,
        height: tall,
        class: p.value < 0 ? 'bar negative' : 'bar',
      }),
    );
    const value = el('text', {
      x: centre,
      y: p.value < 0 ? zero + tall + 14 : top - 6,
      'text-anchor': 'middle',
      class: 'value',
    });
    value.textContent = format(p.value);
    const label = el('text', { x: centre, y: HEIGHT - 8, 'text-anchor': 'middle', class: 'label' });
    label.textContent = p.label;
    svg.append(value, label);
  });
  svg.append(el('line', { x1: 0, x2: width, y1: zero, y2: zero, class: 'axis' }));
  return svg;
}
