// How far a command's long passes are, on stderr: bars with rate and ETA on a terminal, a line now and then otherwise.
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { PassProgress, PhaseMeter } from '../../engine/runtime/pass-progress.js';
import { filesInProgress, watchReads } from '../../snapshots/importers/common/read-progress.js';

const MB = 1024 * 1024;
/** A pass shorter than this gets no line of its own when it ends: a demo build would print a dozen. */
const WORTH_A_LINE_MS = 2_000;
const TTY_REDRAW_MS = 250;
/** Units between two looks at the clock by a meter: a look costs more than a thousand additions. */
const CHECK_EVERY = 1024;

const BAR_FORMAT = '{label} [{bar}] {percentage}% | {done}/{whole} {unit} | {rate} {unit}/s | ETA {left}';
const COUNT_FORMAT = '{label} {done} {unit} | {rate} {unit}/s | {duration_formatted}';

interface Pass {
  label: string;
  /** The value at which the meter next looks at the clock. */
  nextCheck: number;
  total: number | null;
  unit: string;
  value: number;
  started: number;
  lastLine: number;
  bar: cliProgress.SingleBar | null;
}

const count = (n: number, unit: string): string =>
  unit === 'MB' ? (n / MB).toFixed(1) : Math.round(n).toLocaleString('en');

function rateOf(p: Pass, now: number): string {
  const seconds = (now - p.started) / 1000;
  return seconds < 1 ? '-' : count(p.value / seconds, p.unit);
}

/** The time left at the rate so far: `-` until there is a rate to go by. */
function etaOf(p: Pass, now: number): string {
  const seconds = (now - p.started) / 1000;
  if (p.total === null || seconds < 1 || p.value === 0) return '-';
  const left = Math.ceil(Math.max(0, p.total - p.value) / (p.value / seconds));
  return left < 60 ? `${left}s` : `${Math.floor(left / 60)}m${String(left % 60).padStart(2, '0')}s`;
}

/** One line saying where a pass is, for a log: no bar, the share done, the rate and the time left. */
function plainLine(p: Pass, now: number): string {
  if (p.total === null || p.total === 0)
    return `${p.label}: ${count(p.value, p.unit)} ${p.unit}, ${rateOf(p, now)} ${p.unit}/s`;
  return (
    `${p.label}: ${count(p.value, p.unit)}/${count(p.total, p.unit)} ${p.unit} ` +
    `(${((p.value / p.total) * 100).toFixed(0)}%), ${rateOf(p, now)} ${p.unit}/s, ETA ${etaOf(p, now)}`
  );
}

export interface ProgressOptions {
  /** No bars, no progress lines and no log: for `--quiet` and `--json`. */
  quiet: boolean;
  /** How often a pass gets a line when `out` is not a terminal. */
  plainEveryMs?: number;
}

/**
 * The progress of one command. Passes are counted by their meters with a plain addition; a timer draws them, so a
 * pass of millions of records pays nothing for being shown. Source files being read show as passes in MB.
 */
export class ProgressDisplay {
  private readonly passes = new Set<Pass>();
  private readonly files = new Map<string, Pass>();
  private readonly bars: cliProgress.MultiBar | null;
  private readonly timer: NodeJS.Timeout | null = null;
  private readonly unwatch: () => void = () => undefined;
  private readonly tickMs: number;
  private lastTick = 0;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly options: ProgressOptions,
  ) {
    const tty = out.isTTY;
    this.tickMs = tty ? TTY_REDRAW_MS : 1_000;
    this.bars =
      tty && !options.quiet
        ? new cliProgress.MultiBar(
            {
              stream: out,
              format: BAR_FORMAT,
              hideCursor: true,
              clearOnComplete: true,
              gracefulExit: false,
              etaBuffer: 40,
              fps: 1000 / TTY_REDRAW_MS,
            },
            cliProgress.Presets.shades_classic,
          )
        : null;
    if (options.quiet) return;
    this.unwatch = watchReads({
      opened: (file, totalBytes) => this.files.set(file, this.begin(path.basename(file), totalBytes, 'MB')),
      closed: (file, bytesRead) => {
        const pass = this.files.get(file);
        this.files.delete(file);
        if (pass === undefined) return;
        pass.value = bytesRead;
        this.end(pass, true);
      },
    });
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** The meter of a pass, for a build's `progress` option. */
  readonly phase: PassProgress = (label, total, unit): PhaseMeter => {
    if (this.options.quiet) return { advance: () => undefined, finish: () => undefined };
    const pass = this.begin(label, total, unit);
    return {
      advance: (n = 1) => {
        pass.value += n;
        // A pass may run for seconds without yielding to the timer: every so many units it draws, if a draw is due.
        if (pass.value >= pass.nextCheck) {
          pass.nextCheck = pass.value + CHECK_EVERY;
          if (Date.now() - this.lastTick >= this.tickMs) this.tick();
        }
      },
      finish: () => this.end(pass, false),
    };
  };

  /** A line of the command's log, written above the bars; none when quiet. */
  log(line: string): void {
    if (this.options.quiet) return;
    if (this.bars === null) this.out.write(`${line}\n`);
    else this.bars.log(`${line}\n`);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.unwatch();
    if (this.bars !== null) {
      // The bars' own log lines are written at a redraw: one last redraw, then away with them.
      this.bars.update();
      this.bars.stop();
    }
  }

  private begin(label: string, total: number | null, unit: string): Pass {
    const now = Date.now();
    const pass: Pass = { label, total, unit, value: 0, nextCheck: CHECK_EVERY, started: now, lastLine: now, bar: null };
    pass.bar =
      this.bars?.create(total ?? 0, 0, this.payload(pass, now), {
        format: total === null ? COUNT_FORMAT : BAR_FORMAT,
      }) ?? null;
    this.passes.add(pass);
    return pass;
  }

  private end(pass: Pass, always: boolean): void {
    if (!this.passes.delete(pass)) return;
    const now = Date.now();
    if (pass.bar !== null) this.bars?.remove(pass.bar);
    const ms = now - pass.started;
    if (!always && ms < WORTH_A_LINE_MS) return;
    const verb = pass.unit === 'MB' ? 'read ' : '';
    this.log(`${verb}${pass.label}: ${count(pass.value, pass.unit)} ${pass.unit} in ${(ms / 1000).toFixed(1)} s`);
  }

  private payload(pass: Pass, now: number): Record<string, string> {
    return {
      label: pass.label,
      done: count(pass.value, pass.unit),
      whole: pass.total === null ? '' : count(pass.total, pass.unit),
      unit: pass.unit,
      rate: rateOf(pass, now),
      left: etaOf(pass, now),
    };
  }

  private tick(): void {
    const now = Date.now();
    this.lastTick = now;
    for (const f of filesInProgress()) {
      const pass = this.files.get(f.file);
      if (pass !== undefined) pass.value = f.bytesRead;
    }
    const every = this.options.plainEveryMs ?? 5_000;
    for (const pass of this.passes) {
      if (pass.bar !== null) pass.bar.update(pass.value, this.payload(pass, now));
      else if (now - pass.lastLine >= every) {
        pass.lastLine = now;
        this.out.write(`${plainLine(pass, now)}\n`);
      }
    }
    // The bars' own timer cannot fire inside a pass that does not yield: they are drawn from here too.
    this.bars?.update();
  }
}
