// `unshell serve` and `unshell keys create` on a data directory they cannot use: one line naming it, exit 1.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI_MAIN, runCli } from '../../helpers/cli.js';
import { inSmallFilesystem, namespaceUnavailable } from '../../helpers/fault-harness.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

let tmp: ReturnType<typeof tempDir>;
let snapshot: string;

before(async () => {
  tmp = tempDir('bad-data-dir');
  snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
});
after(() => tmp.remove());

const serve = (dataDir: string) => runCli(['serve', '--snapshot', snapshot, '--port', '0', '--data-dir', dataDir]);

/** The one error line the command printed (after any log lines of its start), with no stack trace. */
function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const errors = lines.filter((line) => line.startsWith('unshell: '));
  assert.equal(errors.length, 1, `one error line:\n${stderr}`);
  assert.ok(!lines.some((line) => /^\s+at /.test(line)), `no stack trace:\n${stderr}`);
  return errors[0] ?? '';
}

describe('unshell serve on a data directory it cannot use', () => {
  it('exits 1 naming a data directory that is a file', async () => {
    const file = path.join(tmp.dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const r = await serve(file);
    assert.equal(r.code, 1, r.stderr);
    assert.match(oneLine(r.stderr), new RegExp(`data directory ${file} is not a directory; .*--data-dir`));
  });

  it('exits 1 naming a data directory whose parent does not exist, instead of making up a new tree', async () => {
    const typo = path.join(tmp.dir, 'no-such-parent', 'data');
    const r = await serve(typo);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      oneLine(r.stderr),
      /data directory .*no-such-parent\/data cannot be created: .*no-such-parent does not exist/,
    );
  });

  it('creates a missing data directory whose parent exists (the first start)', async () => {
    const fresh = path.join(tmp.dir, 'fresh');
    const r = await runCli(['keys', 'create', '--name', 'first', '--data-dir', fresh]);
    assert.equal(r.code, 0, r.stderr);
  });
});

const noNamespace = namespaceUnavailable();
describe(
  'unshell serve and keys on a read-only disk',
  { skip: noNamespace === null ? false : `needs a private mount namespace: ${noNamespace}` },
  () => {
    /** Runs `unshell ARGS` after the shell `setup`, in a namespace with a small tmpfs at $DIR: exit code and stderr. */
    async function inReadOnly(name: string, setup: string, args: string): Promise<{ code: number; stderr: string }> {
      const dir = path.join(tmp.dir, `${name}-mount`);
      mkdirSync(dir);
      const run = await inSmallFilesystem(
        dir,
        1024,
        // A serve that wrongly starts is stopped after 30 s (exit 124) rather than hanging the suite.
        [setup, `timeout 30 "$NODE" "$CLI" ${args} 2> "$OUT" && echo 0 > "$OUT.code" || echo $? > "$OUT.code"`].join(
          '\n',
        ),
        { CLI: CLI_MAIN, SNAPSHOT: snapshot, OUT: path.join(tmp.dir, `${name}.err`) },
      );
      assert.equal(run.code, 0, run.stderr);
      const out = path.join(tmp.dir, `${name}.err`);
      return { code: Number(readFileSync(`${out}.code`, 'utf8')), stderr: readFileSync(out, 'utf8') };
    }

    it('serve exits 1 naming the data directory when the disk is read-only', async () => {
      const r = await inReadOnly(
        'ro-dir',
        'mkdir "$DIR/data"; mount -o remount,ro "$DIR"',
        'serve --snapshot "$SNAPSHOT" --port 0 --data-dir "$DIR/data"',
      );
      assert.equal(r.code, 1, r.stderr);
      assert.match(
        oneLine(r.stderr),
        /data directory .*\/data is not readable and writable: read-only file system \(EROFS\)/,
      );
    });

    it('serve exits 1 naming the state log when only that file cannot be written', async () => {
      const r = await inReadOnly(
        'ro-log',
        'mkdir "$DIR/data"; touch "$DIR/data/usage.log"; mount --bind "$DIR/data/usage.log" "$DIR/data/usage.log"; mount -o remount,bind,ro "$DIR/data/usage.log"',
        'serve --snapshot "$SNAPSHOT" --port 0 --data-dir "$DIR/data"',
      );
      assert.equal(r.code, 1, r.stderr);
      assert.match(
        oneLine(r.stderr),
        /unshell: cannot open state log .*\/data\/usage\.log for writing: read-only file system \(EROFS\)/,
      );
    });

    it('keys create exits 1 naming the data directory when the disk is read-only', async () => {
      const r = await inReadOnly(
        'ro-keys',
        'mkdir "$DIR/data"; mount -o remount,ro "$DIR"',
        'keys create --name ro --data-dir "$DIR/data"',
      );
      assert.equal(r.code, 1, r.stderr);
      assert.match(oneLine(r.stderr), /read-only file system \(EROFS\)/);
    });
  },
);
