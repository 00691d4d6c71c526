// The change journal: written before a change is applied, replayed at start into a freshly loaded snapshot.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pulse } from '../../../engine/app/capabilities/pulse.js';
import { stats } from '../../../engine/app/capabilities/stats.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import { ChangeJournal } from '../../../engine/live/change-journal.js';
import { LiveCorpus } from '../../../engine/live/live-corpus.js';
import { StateLogError } from '../../../engine/state/durable-state.js';
import { filingChange } from '../../helpers/live-changes.js';
import { loadSnapshot } from '../../../snapshots/load/load-snapshot.js';
import { TEST_NOW, buildTestSnapshot, investigationsOnly, tempDir, testContext } from '../../helpers/snapshot.js';

describe('the change journal', () => {
  const t = tempDir('journal');
  const snapshot = path.join(t.dir, 'snapshot');
  const file = path.join(t.dir, 'data', 'live', 'journal');
  before(() => buildTestSnapshot(snapshot, investigationsOnly()));
  after(() => t.remove());

  /** A fresh load of the snapshot with the journal replayed into it. */
  const start = async (warn?: (m: string) => void) => {
    const corpus = await loadSnapshot(snapshot);
    const live = new LiveCorpus(corpus);
    let clock = Date.parse('2026-11-25T09:00:00Z');
    const journal = ChangeJournal.open(file, live, { now: () => (clock += 1000), ...(warn ? { warn } : {}) });
    const ctx = testContext(corpus, TEST_NOW);
    const feed = async () => pulse.run(ctx, parseInput(pulse, { since: '2026-11-25T00:00:00Z', limit: 100 }));
    const counts = async () => stats.run(ctx, parseInput(stats, {}));
    return { corpus, journal, feed, counts };
  };

  it('replays into a fresh load exactly what was applied, and remembers where each stream stopped', async () => {
    const first = await start();
    first.journal.record({ origin: { stream: 'filings', timepoint: 41 }, change: filingChange(1) });
    const results = first.journal.recordMany([
      { origin: { stream: 'filings', timepoint: 42 }, change: filingChange(2) },
      { origin: { stream: 'filings', timepoint: 43 }, change: filingChange(2) },
    ]);
    assert.deepEqual(
      results.map((r) => [r.applied, r.unchanged]),
      [
        [1, 0],
        [0, 1],
      ],
      'an event sent twice is applied once',
    );
    const feed = await first.feed();
    const counts = await first.counts();
    first.journal.close();

    const second = await start();
    assert.equal(second.journal.size, 3);
    assert.equal(second.journal.timepoint('filings'), 43);
    assert.equal(second.journal.timepoint('companies'), null);
    assert.deepEqual(await second.feed(), feed, 'the same events at the same applied instants');
    assert.deepEqual(await second.counts(), counts);
    assert.deepEqual(
      feed.events.map((e) => e.id),
      ['gb-coh:99000200/filing/2', 'gb-coh:99000200/filing/1'],
    );
    second.journal.close();
  });

  it('writes a change that came with its JSON around that JSON, byte for byte as JSON.stringify writes the entry', async () => {
    const own = path.join(t.dir, 'data', 'live', 'encoded');
    const at = Date.parse('2026-11-25T09:00:00Z');
    const open = async () => ChangeJournal.open(own, new LiveCorpus(await loadSnapshot(snapshot)), { now: () => at });
    const journal = await open();
    const [one, two] = [filingChange(3), filingChange(4)];
    const published = at - 60_000;
    journal.recordMany([
      { origin: { stream: 'filings', timepoint: 7 }, change: one, encoded: JSON.stringify(one), published },
      { origin: { stream: 'filings', timepoint: 8 }, change: two },
    ]);
    journal.close();
    const lines = readFileSync(own, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => line.slice('01234567\t'.length));
    assert.deepEqual(lines, [
      JSON.stringify({ format: 1, seq: 1, at, published, origin: { stream: 'filings', timepoint: 7 }, change: one }),
      JSON.stringify({
        format: 1,
        seq: 2,
        at,
        published: null,
        origin: { stream: 'filings', timepoint: 8 },
        change: two,
      }),
    ]);
    const again = await open();
    assert.equal(again.size, 2);
    assert.equal(again.timepoint('filings'), 8);
    again.close();
  });

  it('cuts a torn last record with a warning, and loses nothing acknowledged', async () => {
    appendFileSync(file, '0badc0de\t{"seq":4,"at":1');
    const warnings: string[] = [];
    const s = await start((m) => warnings.push(m));
    assert.equal(s.journal.size, 3);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /torn last line .* at byte offset \d+/);
    assert.equal((await s.feed()).events.length, 2);
    s.journal.close();
  });

  it('refuses to start on a corrupt record that is not the last, naming the file and the offset', async () => {
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, [lines[0], lines[1]?.replace('Filing', 'Filinq'), ...lines.slice(2)].join('\n'));
    await assert.rejects(start(), (err: unknown) => {
      assert.ok(err instanceof StateLogError);
      assert.match(
        err.message,
        new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is corrupt at line 2, byte offset \\d+`),
      );
      return true;
    });
  });
});
