// The account page's API keys: the list (name, id, made, last used, revoked), a form that makes one and shows it
// once, and a revoke button on each active key.
import { accountCall, type KeyView } from './account-api.js';
import { field, onSubmit, say, statusArea, valueOf } from './account-form.js';
import { h, replace } from './dom.js';
import { scrollable } from './sections.js';

const when = (iso: string | null): string => (iso === null ? 'never' : `${iso.slice(0, 16).replace('T', ' ')} UTC`);

/** A section that lists the keys and keeps itself current as keys are made and revoked. */
export function keysSection(allowed: number, onChange: () => void): HTMLElement {
  const status = statusArea();
  const list = h('div', {});
  const create = h(
    'form',
    { class: 'account-form' },
    field('key-name', 'Name of the new key', 'text', 'off', 'What or who it is for, such as "screening script"'),
    h('button', { type: 'submit' }, 'Create a key'),
  );
  const shown = h('div', {});

  async function refresh(): Promise<void> {
    const r = await accountCall<{ keys: KeyView[]; allowed: number }>('GET', '/keys');
    if (!r.ok) return say(status, 'error', r.error.message);
    const active = r.body.keys.filter((k) => k.revoked_at === null).length;
    create.hidden = active >= r.body.allowed;
    replace(
      list,
      h(
        'p',
        {},
        `${active} of ${r.body.allowed} active key${r.body.allowed === 1 ? '' : 's'} your plan allows.`,
        active >= r.body.allowed ? ' Revoke one to make another.' : '',
      ),
      r.body.keys.length === 0 ? h('p', {}, 'No keys yet.') : keysTable(r.body.keys),
    );
  }

  function keysTable(keys: readonly KeyView[]): HTMLElement {
    const rows = keys.map((k) => {
      const revoke = h('button', { type: 'button', class: 'danger' }, 'Revoke');
      revoke.setAttribute('aria-label', `Revoke the key ${k.name} (${k.id})`);
      revoke.addEventListener('click', () => {
        revoke.disabled = true;
        void accountCall<KeyView>('DELETE', `/keys/${encodeURIComponent(k.id)}`).then((r) => {
          if (!r.ok) {
            revoke.disabled = false;
            return say(status, 'error', r.error.message);
          }
          say(status, 'ok', `The key ${k.name} is revoked: a request made with it is now refused.`);
          replace(shown);
          onChange();
          void refresh();
        });
      });
      return h(
        'tr',
        {},
        h('td', {}, k.name),
        h('td', {}, h('code', {}, k.id)),
        h('td', {}, k.created_at.slice(0, 10)),
        h('td', {}, when(k.last_used_at)),
        h('td', {}, k.revoked_at === null ? revoke : `revoked ${k.revoked_at.slice(0, 10)}`),
      );
    });
    const table = h(
      'table',
      {},
      h('caption', {}, 'Your API keys, newest first'),
      h(
        'thead',
        {},
        h('tr', {}, ...['Name', 'Id', 'Made', 'Last used', 'Status'].map((c) => h('th', { scope: 'col' }, c))),
      ),
      h('tbody', {}, ...rows),
    );
    return scrollable(table, 'API keys');
  }

  onSubmit(create, async () => {
    const r = await accountCall<KeyView & { key: string }>('POST', '/keys', { name: valueOf(create, 'key-name') });
    if (!r.ok) return say(status, 'error', r.error.message);
    create.reset();
    const origin = window.location.origin;
    replace(
      shown,
      h(
        'div',
        { class: 'notice ok new-key' },
        h('p', {}, `Your new key "${r.body.name}". Copy it now: it is shown only this once.`),
        h('p', {}, h('code', { class: 'secret' }, r.body.key)),
        h('p', {}, 'Send it as a Bearer token, for example:'),
        h('pre', {}, `curl -H "Authorization: Bearer ${r.body.key}" ${origin}/api/public/stats`),
      ),
    );
    replace(status);
    onChange();
    await refresh();
  });

  void refresh();
  return h(
    'section',
    { 'aria-labelledby': 'keys' },
    h('h2', { id: 'keys' }, 'API keys'),
    h(
      'p',
      {},
      `A key lifts the limits of anonymous use to your plan's, and counts its requests against your plan's monthly credits. Up to ${allowed} at once.`,
    ),
    shown,
    list,
    create,
    status,
  );
}
