// The command line as a new user meets it: help for every command, one-line errors with the right exit status, files
// named, nothing half-written left behind, progress that can be switched off, and summaries that speak of paths as typed.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { unshellProgram } from '../../../tools/cli/program.js';
import { CLI_MAIN, runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/snapshot.js';

/** Every command and subcommand, as typed: `['keys', 'create']`. */
function commandPaths(command: CommandUnknownOpts, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const here = [...prefix, sub.name()];
    return [here, ...commandPaths(sub, here)];
  });
}

/** What a folder holds besides `keep`: a build must leave no `.building-*` or other leftovers. */
const leftovers = (dir: string, keep: string[] = []): string[] =>
  readdirSync(dir).filter((name) => !keep.includes(name));

describe('unshell --help', () => {
  it('prints the help of each command and exits 0', async () => {
    const paths = commandPaths(unshellProgram()).filter((p) => p[0] !== 'help' && p[0] !== 'bench');
    assert.ok(paths.length >= 14, JSON.stringify(paths));
    for (const p of paths) {
      const r = await runCli([...p, '--help']);
      assert.equal(r.code, 0, `${p.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, new RegExp(`^Usage: unshell ${p.join(' ')} `), p.join(' '));
      assert.equal(r.stderr, '');
    }
    const bench = await runCli(['bench', '--help']);
    assert.equal(bench.code, 0);
    assert.match(bench.stdout, /--entities/);
    const top = await runCli([]);
    assert.equal(top.code, 0);
    assert.match(top.stdout, /^Usage: unshell /);
    assert.match(top.stdout, /Commands:[\s\S]*serve[\s\S]*snapshot[\s\S]*keys/);
  });
});

describe('unshell usage errors', () => {
  it('answers each with one line that names the problem and where help is, and exit status 2', async () => {
    const cases: [string[], RegExp][] = [
      [['serve', '--prot', '9'], /unknown option '--prot' \(Did you mean --port\?\); see unshell serve --help/],
      [['sevre'], /unknown command 'sevre' \(Did you mean serve\?\); see unshell --help/],
      [['keys'], /keys needs a command: create, list, revoke, usage/],
      [['snapshot', 'bulid'], /snapshot has no command "bulid"; it has build, compact, formats/],
      [
        ['snapshot', 'build', '--synthetic', 'many'],
        /'--synthetic <n>' argument 'many' is invalid\. It must be a positive integer/,
      ],
      [
        ['keys', 'create', '--name', 'x', '--plan', 'gold'],
        /Allowed choices are keyed, free, analyst, team; see unshell keys create --help/,
      ],
      [['keys', 'revoke'], /missing required argument 'id'; see unshell keys revoke --help/],
      [['snapshot', 'build', '--demo'], /snapshot build needs --out DIR/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1, `one line for ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^unshell: /);
      assert.doesNotMatch(r.stderr, /Usage:/);
      assert.equal(r.stdout, '');
    }
  });

  it('names a missing or unreadable file before any work starts', async () => {
    const tmp = tempDir('cli-files');
    try {
      const out = path.join(tmp.dir, 'snap');
      const cases: [string[], RegExp][] = [
        [['--records', 'no-such.jsonl'], /^unshell: --records no-such\.jsonl: no such file\n$/],
        [['--source', 'un-xml=gone/consolidated.xml'], /^unshell: --source gone\/consolidated\.xml: no such file\n$/],
        [['--demo', '--judgements', 'judged.jsonl'], /^unshell: --judgements judged\.jsonl: no such file\n$/],
        [['--config', 'build.json'], /^unshell: --config build\.json cannot be read \(ENOENT\)\n$/],
        [['--records', '.'], /^unshell: --records \.: a folder, where a file was expected\n$/],
      ];
      for (const [args, message] of cases) {
        const r = await runCli(['snapshot', 'build', '--out', out, ...args], {}, tmp.dir);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, message);
      }
      assert.deepEqual(leftovers(tmp.dir), []);
    } finally {
      tmp.remove();
    }
  });
});

describe('unshell serve --snapshot of a path that is no snapshot', () => {
  it('fails at once, before listening, naming the path', async () => {
    const tmp = tempDir('cli-serve');
    try {
      const notSnapshot = path.join(tmp.dir, 'photos');
      mkdirSync(notSnapshot);
      for (const snapshot of [notSnapshot, path.join(tmp.dir, 'nowhere')]) {
        const r = await runCli([
          'serve',
          '--snapshot',
          snapshot,
          '--port',
          '0',
          '--data-dir',
          path.join(tmp.dir, 'data'),
        ]);
        assert.equal(r.code, 1, r.stderr);
        assert.doesNotMatch(r.stderr, /listening on/);
        assert.ok(r.stderr.includes(`unshell: ${snapshot} is not a snapshot`), r.stderr);
      }
    } finally {
      tmp.remove();
    }
  });
});

describe('unshell snapshot build that cannot keep a record', () => {
  it('writes nothing, says why, and exits 1', async () => {
    const tmp = tempDir('cli-empty');
    try {
      writeFileSync(path.join(tmp.dir, 'bad.jsonl'), '{"record":"entity","name":"no id"}\nnot json\n');
      writeFileSync(path.join(tmp.dir, 'empty.jsonl'), '');
      for (const file of ['bad.jsonl', 'empty.jsonl']) {
        const r = await runCli(['snapshot', 'build', '--out', 'snap', '--records', file], {}, tmp.dir);
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stderr, /nothing was written/);
        assert.deepEqual(leftovers(tmp.dir, ['bad.jsonl', 'empty.jsonl']), []);
      }
      const bad = await runCli(['snapshot', 'build', '--out', 'snap', '--records', 'bad.jsonl'], {}, tmp.dir);
      assert.match(bad.stdout, /bad\.jsonl:1 field id/);
    } finally {
      tmp.remove();
    }
  });
});

describe('unshell snapshot build, interrupted', () => {
  it('removes its unfinished directory on SIGINT and exits 130', async () => {
    const tmp = tempDir('cli-interrupt');
    try {
      const child = spawn(process.execPath, [CLI_MAIN, 'snapshot', 'build', '--out', 'snap', '--synthetic', '60000'], {
        cwd: tmp.dir,
      });
      let stderr = '';
      child.stdout.resume();
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          // Spooled: the building directory holds the spool and the first files.
          if (/spooled \d+ entities/.test(stderr)) resolve();
        });
        child.once('exit', () => reject(new Error(`the build ended before it could be interrupted: ${stderr}`)));
      });
      assert.ok(leftovers(tmp.dir).some((name) => name.startsWith('snap.building-')));
      child.kill('SIGINT');
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 130, stderr);
      assert.deepEqual(leftovers(tmp.dir), []);
    } finally {
      tmp.remove();
    }
  });
});

describe('unshell snapshot build output', () => {
  const tmp = tempDir('cli-output');
  after(() => tmp.remove());
  const args = ['snapshot', 'build', '--synthetic', '1500', '--embed', '0'];

  it('shows the snapshot relative to the working directory', async () => {
    const r = await runCli([...args, '--out', path.join(tmp.dir, 'plain')], {}, tmp.dir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /entities, .* in \d+\.\d s → plain\n$/);
  });

  it('prints only the summary with --quiet, and only JSON with --json', async () => {
    const quiet = await runCli([...args, '--out', 'quiet', '--quiet'], {}, tmp.dir);
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
    assert.match(quiet.stdout, /→ quiet\n$/);
    const json = await runCli([...args, '--out', 'json', '--json'], {}, tmp.dir);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(json.stderr, '');
    const summary = JSON.parse(json.stdout) as { snapshot_id: string; out: string; counts: { entities: number } };
    assert.match(summary.snapshot_id, /^[0-9a-f]{16}$/);
    assert.equal(summary.out, path.join(tmp.dir, 'json'));
    assert.equal(summary.counts.entities, 1500);
  });

  it('draws bars with rate and ETA on a terminal', { skip: !hasScript() && 'script(1) is not installed' }, () => {
    // script(1) gives the command a pseudo-terminal, as a person's shell would.
    const command = `'${process.execPath}' '${CLI_MAIN}' ${args.join(' ')} --out tty`;
    const r = spawnSync('script', ['-qfec', command, '/dev/null'], { cwd: tmp.dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout);
    const screen = r.stdout.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    assert.match(screen, / \[[░█]+\] \d+% \| [\d,]+\/1,500 records \| [\d,-]+ records\/s \| ETA /);
    assert.match(screen, /→ tty/);
  });
});

describe('unshell serve on a terminal', () => {
  const tmp = tempDir('unshell-serve-tty-');
  after(() => tmp.remove());

  it(
    'draws the bars of its first start (the demo build, the load), then logs as a server does',
    { skip: !hasScript() && 'script(1) is not installed' },
    async () => {
      const command = `'${process.execPath}' '${CLI_MAIN}' serve --port 0 --data-dir data`;
      const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: tmp.dir });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('[unshell] ready:')) child.kill('SIGTERM');
      });
      const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      await once(child, 'close');
      clearTimeout(killer);
      const screen = out.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
      assert.match(screen, / \[[░█]+\] \d+% \| [\d,.]+\/[\d,.]+ records \| [\d,.-]+ records\/s \| ETA /);
      assert.match(screen, /\[unshell\] listening on http:\/\/127\.0\.0\.1:\d+/);
      assert.match(screen, /\[unshell\] ready: snapshot [0-9a-f]{16}/);
    },
  );
});

function hasScript(): boolean {
  return spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0 && existsSync('/dev/ptmx');
}
