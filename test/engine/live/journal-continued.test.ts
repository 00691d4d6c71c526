// A journal continued in a new one after a fold: the changes since the fold carried over, none applied twice, and
// the switch made only when the step that points the next start at it succeeds.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pulse } from '../../../engine/app/capabilities/pulse.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import { ChangeJournal } from '../../../engine/live/change-journal.js';
import { LiveCorpus } from '../../../engine/live/live-corpus.js';
import { filingChange } from '../../helpers/live-changes.js';
import { foldedSnapshot } from '../../../snapshots/build/compact-snapshot.js';
import { loadSnapshot } from '../../../snapshots/load/load-snapshot.js';
import { TEST_NOW, buildTestSnapshot, investigationsOnly, tempDir, testContext } from '../../helpers/snapshot.js';

const REFRESH = 'refresh:gb-coh:99000200';

describe('a journal continued after a fold', () => {
  const t = tempDir('journal-continued');
  const snapshot = path.join(t.dir, 'snapshot');
  const folded = path.join(t.dir, 'folded');
  const first = path.join(t.dir, 'live', 'first.journal');
  const second = path.join(t.dir, 'live', 'second.journal');
  before(() => buildTestSnapshot(snapshot, investigationsOnly()));
  after(() => t.remove());

  const feedOf = async (corpus: Awaited<ReturnType<typeof loadSnapshot>>): Promise<string[]> => {
    const out = await pulse.run(
      testContext(corpus, TEST_NOW),
      parseInput(pulse, { since: '2026-11-25T00:00:00Z', limit: 100 }),
    );
    return out.events.map((e) => `${e.summary}@${e.applied_at}`);
  };

  it('carries the changes recorded during the fold, the streams’ timepoints and kept origins, and applies none twice', async () => {
    let clock = Date.parse('2026-11-25T09:00:00Z');
    const now = (): number => (clock += 1000);
    const keepsOrigin = (o: string): boolean => o.startsWith('refresh:');
    const corpus = await loadSnapshot(snapshot);
    const journal = ChangeJournal.open(first, new LiveCorpus(corpus), { now, keepsOrigin });
    for (let n = 1; n <= 3; n++)
      journal.record({ origin: { stream: 'filings', timepoint: 10 + n }, change: filingChange(n) });
    journal.record({ origin: { origin: REFRESH }, change: filingChange(4) });
    journal.record({ origin: { origin: 'search:quillmere' }, change: filingChange(5) });

    const until = journal.beginFold();
    assert.equal(until, 5);
    // The fold reads what the journal held when it began, however much is recorded meanwhile.
    journal.record({ origin: { stream: 'filings', timepoint: 14 }, change: filingChange(6) });
    const foldCorpus = await loadSnapshot(snapshot);
    const reader = ChangeJournal.open(first, new LiveCorpus(foldCorpus), { readOnly: true, until });
    assert.equal(reader.size, 5);
    reader.close();
    await foldedSnapshot(foldCorpus, { out: folded });
    journal.record({ origin: { stream: 'officers', timepoint: 7 }, change: filingChange(7) });

    const before = await feedOf(corpus);
    journal.continueIn(second, () => undefined);
    assert.equal(journal.file, second);
    journal.record({ origin: { stream: 'filings', timepoint: 15 }, change: filingChange(8) });
    assert.deepEqual(
      journal.timepoints(),
      new Map([
        ['filings', 15],
        ['officers', 7],
      ]),
    );
    const served = await feedOf(corpus);
    assert.equal(served.length, 8);
    assert.deepEqual(served.slice(1), before, 'the switch applied nothing again (the feed is newest first)');
    journal.close();

    // A restart from the folded snapshot and the new journal answers as the process did, instants included.
    const restarted = await loadSnapshot(folded);
    const observed: string[] = [];
    const next = ChangeJournal.open(second, new LiveCorpus(restarted), {
      keepsOrigin,
      observe: (e) => {
        if ('origin' in e.origin) observed.push(e.origin.origin);
      },
    });
    assert.deepEqual(await feedOf(restarted), served);
    assert.deepEqual(
      next.timepoints(),
      new Map([
        ['filings', 15],
        ['officers', 7],
      ]),
    );
    assert.deepEqual(observed, [REFRESH], "a company's refresh is carried; a search's is not");
    // Marks for two streams and one refresh, then the three changes recorded since the fold began.
    assert.equal(next.size, 3 + 3);
    assert.equal(next.changes, 3, 'the marks change no record: a fold is not begun for them');
    next.close();
  });

  it('stays in the old journal when the step before the switch fails', async () => {
    const corpus = await loadSnapshot(snapshot);
    const file = path.join(t.dir, 'live', 'kept.journal');
    const target = path.join(t.dir, 'live', 'refused.journal');
    const journal = ChangeJournal.open(file, new LiveCorpus(corpus));
    journal.record({ origin: { stream: 'filings', timepoint: 1 }, change: filingChange(21) });
    journal.beginFold();
    journal.record({ origin: { stream: 'filings', timepoint: 2 }, change: filingChange(22) });
    assert.throws(
      () =>
        journal.continueIn(target, () => {
          throw new Error('disk full');
        }),
      /disk full/,
    );
    assert.equal(journal.file, file);
    journal.record({ origin: { stream: 'filings', timepoint: 3 }, change: filingChange(23) });
    assert.equal(journal.size, 3);
    journal.close();
    assert.ok(existsSync(target), 'the new journal was written before the refusal');
    // Reopened on its own, the refused journal is not the one a start reads; a second switch to it is refused.
    const again = ChangeJournal.open(file, new LiveCorpus(await loadSnapshot(snapshot)));
    again.beginFold();
    assert.throws(() => again.continueIn(target, () => undefined), /already holds 2 changes/);
    assert.equal(again.file, file);
    again.close();
  });
});
