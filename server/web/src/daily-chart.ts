// A compact bar chart of one count per day (a month of API usage): thin bars, a date under every seventh, the
// largest value written above its bar, and every value in the title for a screen reader and on hover.
import { svgElement as el } from './svg.js';

export interface DayValue {
  /** YYYY-MM-DD */
  day: string;
  value: number;
}

const SLOT = 22;
const HEIGHT = 140;
const PAD = { top: 20, bottom: 26 };

export function dailyChart(title: string, days: readonly DayValue[], unit: string): SVGSVGElement {
  const width = Math.max(1, days.length) * SLOT;
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${HEIGHT}`,
    width,
    height: HEIGHT,
    role: 'img',
    class: 'chart daily',
  });
  const t = el('title', {});
  t.textContent = `${title}: ${days.map((d) => `${d.day} ${d.value} ${unit}`).join(', ')}`;
  svg.append(t);
  const max = Math.max(0, ...days.map((d) => d.value));
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const zero = HEIGHT - PAD.bottom;
  const peak = days.findIndex((d) => d.value === max && max > 0);
  days.forEach((d, i) => {
    const tall = max === 0 ? 1 : Math.max(1, (d.value / max) * plot);
    const bar = el('rect', { x: i * SLOT + 3, y: zero - tall, width: SLOT - 6, height: tall, class: 'bar' });
    const tip = el('title', {});
    tip.textContent = `${d.day}: ${d.value.toLocaleString('en')} ${unit}`;
    bar.append(tip);
    svg.append(bar);
    if (i === peak) {
      const v = el('text', { x: i * SLOT + SLOT / 2, y: zero - tall - 5, 'text-anchor': 'middle', class: 'value' });
      v.textContent = d.value.toLocaleString('en');
      svg.append(v);
    }
    if ((days.length - 1 - i) % 7 === 0) {
      // The last day's date ends at the chart's right edge instead of running over it.
      const last = i === days.length - 1;
      const label = el('text', {
        x: last ? width : i * SLOT + SLOT / 2,
        y: HEIGHT - 8,
        'text-anchor': last ? 'end' : 'middle',
        class: 'label',
      });
      label.textContent = d.day.slice(5);
      svg.append(label);
    }
  });
  svg.append(el('line', { x1: 0, x2: width, y1: zero, y2: zero, class: 'axis' }));
  return svg;
}
