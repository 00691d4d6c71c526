// `unshell snapshot compact` as an operator runs it: the journal folded into a new snapshot, and its mistakes named.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ChangeJournal, journalFile } from '../../../engine/live/change-journal.js';
import { CorpusChangeSchema } from '../../../engine/live/corpus-change.js';
import { LiveCorpus } from '../../../engine/live/live-corpus.js';
import { loadSnapshot } from '../../../snapshots/load/load-snapshot.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/snapshot.js';

const NEW_COMPANY = 'gb-coh:16000001';

describe('unshell snapshot compact', () => {
  const tmp = tempDir('cli-compact');
  const snapshot = path.join(tmp.dir, 'snap');
  const dataDir = path.join(tmp.dir, 'data');
  before(async () => {
    const built = await runCli(['snapshot', 'build', '--out', snapshot, '--synthetic', '200', '--no-cache']);
    assert.equal(built.code, 0, built.stderr);
    // A company the registry's stream announced, journalled as a server would have.
    const corpus = await loadSnapshot(snapshot, { semantic: false });
    const journal = ChangeJournal.open(path.join(dataDir, journalFile(corpus.info.snapshotId)), new LiveCorpus(corpus));
    journal.record({
      origin: { stream: 'companies', timepoint: 917 },
      change: CorpusChangeSchema.parse({
        entities: [
          {
            record: 'entity',
            id: NEW_COMPANY,
            type: 'company',
            name: 'Harrowgate Tide Logistics Ltd',
            jurisdiction: 'GB',
            provenance: [{ source: 'gb-coh', record_id: '16000001', url: null, retrieved_at: '2026-11-25' }],
          },
        ],
      }),
    });
    journal.close();
  });
  after(() => tmp.remove());

  it('folds the journal into the new snapshot and says where its journal resumes', async () => {
    const out = path.join(tmp.dir, 'folded');
    const run = await runCli(['snapshot', 'compact', '--snapshot', snapshot, '--data-dir', dataDir, '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /1 journalled changes folded in; 201 entities/);
    assert.match(run.stdout, /its journal resumes companies at 917/);
    const folded = await loadSnapshot(out, { semantic: false });
    assert.ok(folded.entities.indexOf(NEW_COMPANY) !== undefined);
  });

  it('refuses to write over the snapshot it folds, and asks for --out', async () => {
    const same = await runCli([
      'snapshot',
      'compact',
      '--snapshot',
      snapshot,
      '--data-dir',
      dataDir,
      '--out',
      snapshot,
    ]);
    assert.equal(same.code, 2);
    assert.match(same.stderr, /--out must be a new directory/);
    const none = await runCli(['snapshot', 'compact', '--snapshot', snapshot, '--data-dir', dataDir]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /required option '--out <dir>' not specified; see unshell snapshot compact --help/);
  });
});
