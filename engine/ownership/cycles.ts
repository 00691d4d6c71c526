// Finds loops of ownership (A owns B owns C owns A) among the hops of a walk: strongly connected components.
import { missing } from '../errors/missing.js';
import { compareIds } from '../model/id-order.js';

/**
 * Tarjan's algorithm over the hop edges, iterative so that a long chain cannot overflow the stack. Each loop
 * is given in walking order from its smallest id, so the same loop always reads the same way.
 */
export function findCycles(edges: ReadonlyArray<readonly [number, number]>, idOf: (n: number) => string): number[][] {
  const adj = new Map<number, number[]>();
  for (const [from, to] of edges) {
    const list = adj.get(from) ?? [];
    list.push(to);
    adj.set(from, list);
  }
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const components: number[][] = [];
  let counter = 0;
  for (const start of adj.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: number; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    for (;;) {
      const frame = work[work.length - 1];
      if (frame === undefined) break;
      const succ = adj.get(frame.node) ?? [];
      const w = succ[frame.next];
      if (w !== undefined) {
        frame.next++;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, next: 0 });
        } else if (onStack.has(w)) {
          low.set(
            frame.node,
            Math.min(low.get(frame.node) ?? missing('low link'), index.get(w) ?? missing('visit index')),
          );
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined)
        low.set(
          parent.node,
          Math.min(low.get(parent.node) ?? missing('low link'), low.get(frame.node) ?? missing('low link')),
        );
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop() ?? missing('stacked node');
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component);
      }
    }
  }
  return components
    .map((c) => orderLoop(c, adj, idOf))
    .sort((a, b) => compareIds(idOf(a[0] ?? missing('loop start')), idOf(b[0] ?? missing('loop start'))));
}

/** Follows edges inside the component from its smallest id; members a simple walk misses are appended. */
function orderLoop(component: number[], adj: Map<number, number[]>, idOf: (n: number) => string): number[] {
  const members = new Set(component);
  const start = component.reduce((a, b) => (idOf(a) <= idOf(b) ? a : b));
  const order = [start];
  const seen = new Set(order);
  let at = start;
  for (;;) {
    const next = (adj.get(at) ?? [])
      .filter((n) => members.has(n) && !seen.has(n))
      .sort((a, b) => compareIds(idOf(a), idOf(b)))[0];
    if (next === undefined) break;
    order.push(next);
    seen.add(next);
    at = next;
  }
  for (const m of [...members].sort((a, b) => compareIds(idOf(a), idOf(b)))) if (!seen.has(m)) order.push(m);
  return order;
}
