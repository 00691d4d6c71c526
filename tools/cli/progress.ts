// The progress display of `unshell snapshot build`: a bar per source file on a terminal, periodic lines otherwise.
import path from 'node:path';
import { filesInProgress, watchReads, type FileProgress } from '../../snapshots/importers/common/read-progress.js';

const BAR = 24;
const MB = 1024 * 1024;

function describe(p: FileProgress, elapsedS: number): { share: number; text: string } {
  const share = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
  // A rate over less than a second says nothing yet.
  const rate = elapsedS >= 1 ? `  ${(p.bytesRead / MB / elapsedS).toFixed(1)} MB/s` : '';
  const text = `${path.basename(p.file)} ${(share * 100).toFixed(0).padStart(3)}%  ${(p.bytesRead / MB).toFixed(1)}/${(p.totalBytes / MB).toFixed(1)} MB${rate}`;
  return { share, text };
}

export interface ProgressDisplay {
  stop(): void;
}

/**
 * Draws the files being read on `out`: on a terminal one line redrawn in place with a bar, four times a second;
 * otherwise (a log file, CI) a plain line per file every `plainEveryMs`. Either way, a line when each file is done.
 */
export function showProgress(out: NodeJS.WriteStream, plainEveryMs = 5_000): ProgressDisplay {
  const tty = out.isTTY;
  const started = new Map<string, number>();
  const lastPlain = new Map<string, number>();
  let drawn = false;
  const unwatch = watchReads({
    opened: (file) => {
      started.set(file, Date.now());
      lastPlain.set(file, Date.now());
    },
    closed: (file, bytesRead) => {
      const seconds = (Date.now() - (started.get(file) ?? Date.now())) / 1000;
      started.delete(file);
      lastPlain.delete(file);
      out.write(
        `${tty && drawn ? '\r\x1b[K' : ''}read ${path.basename(file)}: ${(bytesRead / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s\n`,
      );
      drawn = false;
    },
  });
  const tick = (): void => {
    const now = Date.now();
    for (const f of filesInProgress()) {
      const { share, text } = describe(f, (now - (started.get(f.file) ?? now)) / 1000);
      if (tty) {
        const filled = Math.round(share * BAR);
        out.write(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${text}`);
        drawn = true;
      } else if (now - (lastPlain.get(f.file) ?? now) >= plainEveryMs) {
        lastPlain.set(f.file, now);
        out.write(`reading ${text}\n`);
      }
    }
  };
  const timer = setInterval(tick, tty ? 250 : Math.min(plainEveryMs, 1_000));
  timer.unref();
  return {
    stop(): void {
      clearInterval(timer);
      unwatch();
      if (tty && drawn) out.write('\r\x1b[K');
    },
  };
}
