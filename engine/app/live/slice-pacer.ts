// How many live changes one group commit applies, so that a slice holds the event loop for about a fixed time.

/**
 * A slice of live changes holds the event loop about this long: a request waits at most about this for it. A
 * quarter of a millisecond, measured at 1M entities and 18,000-20,000 events/s: 2 ms slices made a name search's p99
 * 11 ms against 2 ms idle, 0.5 ms slices 5.5 ms; in windows alternating idle and ingesting (2026-11-29), slices of
 * 0.5 ms made it 1.27-2.05x idle (twelve groups, mean 1.52x), slices of 0.25 ms 1.21-1.55x (six, mean 1.41x). More
 * slices cost more writes of the journal: ingestion at full speed 23,154-24,479 events/s against 22,812-25,081.
 */
export const SLICE_BUDGET_MS = 0.25;
/** The most changes one slice applies, however cheap they have been: one write of the journal stays small. */
const MOST_PER_SLICE = 64;
/** How much the newest slice weighs in the running cost per change. */
const NEWEST_WEIGHT = 0.25;
/** The cost per change assumed before one is measured: the first slices of a cold process are the slowest. */
const FIRST_COST_MS = 1;

/**
 * Sizes slices by what changes have cost lately, since one costs anything from a few microseconds (a filing) to
 * milliseconds (a new company linked to the corpus, in a process whose code is not yet optimised). A fixed count
 * per slice holds the event loop for as long as its dearest changes take.
 */
export class SlicePacer {
  readonly #budgetMs: number;
  #msPerChange = FIRST_COST_MS;

  constructor(budgetMs = SLICE_BUDGET_MS) {
    if (!(budgetMs > 0)) throw new RangeError(`SlicePacer: a budget of ${budgetMs} ms`);
    this.#budgetMs = budgetMs;
  }

  /** How many of `waiting` changes the next slice applies: at least one. */
  next(waiting: number): number {
    const fit = Math.floor(this.#budgetMs / this.#msPerChange);
    return Math.max(1, Math.min(waiting, MOST_PER_SLICE, fit));
  }

  /** Tells what a slice of `changes` took. */
  observe(changes: number, ms: number): void {
    if (changes <= 0 || !(ms >= 0)) return;
    this.#msPerChange += (ms / changes - this.#msPerChange) * NEWEST_WEIGHT;
  }

  /** The running cost of one change, in ms. */
  get msPerChange(): number {
    return this.#msPerChange;
  }
}
