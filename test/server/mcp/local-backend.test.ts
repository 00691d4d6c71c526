// The in-process backend while the snapshot loads: calls wait for it, then answer not_ready, with the reason if it failed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Capability } from '../../../engine/app/contract/capability.js';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { loadConfig } from '../../../engine/app/config.js';
import type { Corpus } from '../../../engine/corpus.js';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { localBackend } from '../../../server/mcp/local-backend.js';
import { investigationsOnly, loadTestCorpus } from '../../helpers/snapshot.js';

const getEntity = CAPABILITIES.find((c) => c.tool === 'get_entity') as Capability;
const config = loadConfig({}, {});
const quiet = (): void => undefined;

describe('localBackend', () => {
  let corpus: Corpus;
  let remove: () => void;
  before(async () => {
    ({ corpus, remove } = await loadTestCorpus(investigationsOnly()));
  });
  after(() => remove());

  it('makes a call wait for the corpus that is still loading', async () => {
    let finish: (c: Corpus) => void = () => undefined;
    const backend = localBackend({ config, log: quiet, corpus: new Promise((resolve) => (finish = resolve)) });
    const pending = backend.call(getEntity, { id: A.ukProperty });
    setTimeout(() => finish(corpus), 20);
    const outcome = await pending;
    assert.equal(outcome.ok, true);
  });

  it('answers not_ready when loading takes longer than the wait', async () => {
    const backend = localBackend({ config, log: quiet, corpus: new Promise(() => undefined), loadWaitMs: 20 });
    const outcome = await backend.call(getEntity, { id: A.ukProperty });
    assert.deepEqual(outcome, {
      ok: false,
      error: { error: { code: 'not_ready', message: 'snapshot still loading; retry shortly' } },
    });
    await backend.close();
  });

  it('answers not_ready with the reason when loading failed', async () => {
    const lines: string[] = [];
    const backend = localBackend({
      config,
      log: (l) => lines.push(l),
      corpus: Promise.reject(new Error('manifest.json missing')),
    });
    const outcome = await backend.call(getEntity, { id: A.ukProperty });
    assert.equal(outcome.ok, false);
    assert.match(outcome.ok ? '' : outcome.error.error.message, /snapshot failed to load: manifest\.json missing/);
    assert.match(lines.join('\n'), /manifest\.json missing/);
  });

  it('checks parameters before waiting for the corpus', async () => {
    const backend = localBackend({ config, log: quiet, corpus: new Promise(() => undefined), loadWaitMs: 60_000 });
    const outcome = await backend.call(getEntity, {});
    assert.equal(outcome.ok ? '' : outcome.error.error.code, 'missing_parameter');
    await backend.close();
  });
});
