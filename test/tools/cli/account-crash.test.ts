// `unshell serve` killed with SIGKILL, again and again, while people sign up, make keys and buy packs: after each
// restart every acknowledged sign-up, key and purchase is there, once.
import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { AccountStore } from '../../../engine/app/accounts/account-store.js';
import { KeyStore } from '../../../engine/app/accounts/key-store.js';
import { BillingStore } from '../../../engine/app/billing/billing-store.js';
import { ACCOUNT_PASSWORD, signedInAccount, type SignedIn } from '../../helpers/account-session.js';
import { spawnServe } from '../../helpers/cli.js';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import { buildTestSnapshot, getJson, investigationsOnly, postJson, tempDir } from '../../helpers/snapshot.js';
import { FileStateLogs } from '../../../engine/state/file-state-logs.js';

const ROUNDS = 4;

/** Revokes every active key of the signed-in account. */
async function revokeActiveKeys(base: string, headers: Record<string, string>): Promise<void> {
  const listed = await getJson<{ keys: { id: string; revoked_at: string | null }[] }>(`${base}/api/account/keys`, {
    headers,
  });
  for (const k of listed.body.keys ?? [])
    if (k.revoked_at === null) await fetch(`${base}/api/account/keys/${k.id}`, { method: 'DELETE', headers });
}

describe('a server killed with SIGKILL during sign-ups, key creations and purchases', () => {
  const tmp = tempDir('account-crash');
  const snapshot = path.join(tmp.dir, 'snapshot');
  const dataDir = path.join(tmp.dir, 'data');
  const children: ChildProcessWithoutNullStreams[] = [];
  let sink: SmtpSink;

  before(async () => {
    sink = await startSmtpSink();
    await buildTestSnapshot(snapshot, investigationsOnly());
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sink.stop();
    tmp.remove();
  });

  it(`loses and doubles nothing acknowledged, over ${ROUNDS} kills`, async () => {
    const acked = { signups: [] as string[], keys: [] as string[], purchases: [] as string[] };
    const statuses: number[] = [];
    let me: SignedIn | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      const served = await spawnServe(snapshot, dataDir, { UNSHELL_SMTP_URL: sink.url });
      children.push(served.child);
      const base = served.base;
      me ??= await signedInAccount(base, sink, 'owner@example.org');
      const session = me;
      let stop = false;
      // Each acknowledged write is noted as its answer arrives; the kill lands somewhere in the middle of them. The
      // three kinds run side by side, as different people would send them.
      const loop = async (step: (tag: string) => Promise<void>): Promise<void> => {
        for (let i = 0; !stop; i++) {
          try {
            await step(`r${round}-${i}`);
          } catch {
            return; // the server is gone
          }
        }
      };
      const work = (): Promise<unknown> =>
        Promise.all([
          loop(async (tag) => {
            const signup = await postJson(`${base}/api/account/signup`, {
              email: `${tag}@example.org`,
              password: ACCOUNT_PASSWORD,
            });
            if (signup.status === 202) acked.signups.push(`${tag}@example.org`);
            else statuses.push(signup.status);
          }),
          loop(async (tag) => {
            const key = await postJson<{ id: string }>(`${base}/api/account/keys`, { name: tag }, session.changing);
            // A kill between a key's creation and its revocation leaves it active; at the plan's number of keys the
            // owner revokes those, as a person would, so that every round can make keys again.
            if (key.status === 409) await revokeActiveKeys(base, session.changing);
            if (key.status !== 201) return;
            acked.keys.push(tag);
            await fetch(`${base}/api/account/keys/${key.body.id}`, { method: 'DELETE', headers: session.changing });
          }),
          loop(async () => {
            const bought = await postJson<{ purchase_id: string; checkout_url: string }>(
              `${base}/api/account/checkout`,
              { pack: 'standard-10' },
              session.changing,
            );
            if (bought.status !== 201) return;
            if ((await fetch(`${bought.body.checkout_url}/pay`, { method: 'POST' })).status === 200)
              acked.purchases.push(bought.body.purchase_id);
          }),
        ]);
      const before = { signups: acked.signups.length, keys: acked.keys.length, purchases: acked.purchases.length };
      const running = work();
      // The kill waits for each kind to have been acknowledged once this round (a sign-up hashes its password with
      // scrypt, a second or more on a busy machine), then lands at a random moment among the writes that follow.
      const started = Date.now();
      while (
        Date.now() - started < 30_000 &&
        (acked.signups.length === before.signups ||
          acked.keys.length === before.keys ||
          acked.purchases.length === before.purchases)
      )
        await delay(50);
      await delay(Math.floor(Math.random() * 1500));
      served.child.kill('SIGKILL');
      stop = true;
      await once(served.child, 'exit');
      await running;

      // Read back through the stores' own replay, as the next start will.
      const accounts = AccountStore.open(new FileStateLogs(dataDir), { readOnly: true });
      for (const email of acked.signups) assert.ok(accounts.byEmail(email) !== undefined, `account ${email}`);
      assert.equal(new Set(accounts.all().map((a) => a.email)).size, accounts.all().length, 'no account twice');
      const owner = accounts.byEmail('owner@example.org');
      accounts.close();
      const keys = KeyStore.open(new FileStateLogs(dataDir), { readOnly: true });
      const names = keys.ofAccount(owner?.id ?? '').map((k) => k.name);
      keys.close();
      for (const name of acked.keys) assert.equal(names.filter((n) => n === name).length, 1, `key ${name}`);
      const billing = new BillingStore(new FileStateLogs(dataDir), { readOnly: true });
      for (const id of acked.purchases) assert.ok(billing.purchase(id)?.paid_at != null, `purchase ${id} paid`);
      const allowances = billing.allowancesOf(owner?.id ?? '').filter((a) => a.source.startsWith('pack:'));
      assert.ok(allowances.length >= acked.purchases.length, 'every paid pack granted its unlocks');
      assert.equal(new Set(allowances.map((a) => a.id)).size, allowances.length, 'no unlocks granted twice');
      billing.close();
    }
    assert.ok(
      acked.signups.length > 0 && acked.keys.length > 0 && acked.purchases.length > 0,
      `acknowledged ${acked.signups.length} sign-ups (others answered ${statuses.join(', ')}), ${acked.keys.length} keys, ${acked.purchases.length} purchases`,
    );
  });
});
