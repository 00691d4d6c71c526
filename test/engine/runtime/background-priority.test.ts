// A background thread lowers its own scheduling priority and no other thread's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';

const moduleUrl = new URL('../../../engine/runtime/background-priority.js', import.meta.url).href;

/** A thread's nice value, the 19th field of its stat line (after the parenthesised command name). */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[16]);
}

interface Lowered {
  lowered: boolean;
  tid: number;
}

describe(
  'lowerThreadPriority',
  { skip: process.platform !== 'linux' && 'threads have priorities of their own only on Linux' },
  () => {
    it('lowers the calling thread below normal and leaves the event loop as it was', async () => {
      const before = niceOf(process.pid);
      const code = `
      const { parentPort } = require('node:worker_threads');
      const { readlinkSync } = require('node:fs');
      import(${JSON.stringify(moduleUrl)}).then((m) => {
        const lowered = m.lowerThreadPriority();
        const link = readlinkSync('/proc/thread-self');
        parentPort.postMessage({ lowered, tid: Number(link.slice(link.lastIndexOf('/') + 1)) });
        // Kept alive until terminated, so that its stat can still be read.
        parentPort.once('message', () => process.exit(0));
      });`;
      const worker = new Worker(code, { eval: true });
      try {
        const reply = await new Promise<Lowered>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        assert.equal(reply.lowered, true);
        assert.notEqual(reply.tid, process.pid);
        assert.equal(niceOf(reply.tid), 10);
        assert.equal(niceOf(process.pid), before);
      } finally {
        await worker.terminate();
      }
    });
  },
);
