// `unshell export` of a whole snapshot: FollowTheMoney lines its own model reads, BODS statements that validate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ftm from '@alephdata/followthemoney';
import { BODS_DIR, bodsValidator } from '../../helpers/bods-schema.js';
import { runCli } from '../../helpers/cli.js';
import { skipUnlessShared } from '../../helpers/shared-data.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

describe('unshell export', () => {
  const tmp = tempDir('cli-export');
  const snapshot = path.join(tmp.dir, 'snap');
  before(async () => {
    await buildTestSnapshot(snapshot, investigationsOnly());
  });
  after(() => tmp.remove());

  it('writes every record and each link once as FollowTheMoney, every link naming exported entities', async () => {
    const out = path.join(tmp.dir, 'all.ftm.jsonl');
    const r = await runCli(['export', '--format', 'ftm', '--snapshot', snapshot, '--out', out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /exported \d+ records as \d+ ftm lines from snapshot \w+/);
    const model = new ftm.Model(ftm.defaultModel);
    const entities = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => model.getEntity(JSON.parse(l) as ftm.IEntityDatum));
    const ids = new Set(entities.map((e) => e.id));
    assert.equal(ids.size, entities.length, 'each entity once');
    for (const e of entities)
      for (const [prop, values] of Object.entries((e.toJSON() as { properties: Record<string, string[]> }).properties))
        if (e.schema.getProperty(prop).type.name === 'entity')
          for (const v of values) assert.ok(ids.has(v), `${e.schema.name} ${e.id} names ${v}`);
  });

  it('writes BODS 0.4 statements that validate', { skip: skipUnlessShared('..', 'spec', ...BODS_DIR) }, async () => {
    const r = await runCli(['export', '--format', 'bods', '--snapshot', snapshot]);
    assert.equal(r.code, 0, r.stderr);
    const statements = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { recordType: string });
    const validate = bodsValidator();
    assert.ok(validate(statements), JSON.stringify(validate.errors?.slice(0, 5)));
    assert.ok(statements.some((s) => s.recordType === 'relationship'));
  });

  it('refuses a format it does not write', async () => {
    const r = await runCli(['export', '--format', 'xlsx', '--snapshot', snapshot]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^unshell: option '--format <format>' argument 'xlsx' is invalid\. Allowed choices are ftm, bods; see unshell export --help\n$/,
    );
  });
});
