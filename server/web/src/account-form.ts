// The pieces of the account pages' forms: labelled fields, and one place that says how a submission went.
import { h, replace } from './dom.js';

type Autocomplete = 'email' | 'current-password' | 'new-password' | 'off';

/** A labelled input; the browser's password manager and the keyboard both know what each field is. */
export function field(
  id: string,
  label: string,
  type: 'email' | 'password' | 'text',
  autocomplete: Autocomplete,
  hint?: string,
): HTMLElement {
  return h(
    'p',
    { class: 'field' },
    h('label', { for: id }, label),
    h('input', {
      id,
      name: id,
      type,
      required: true,
      autocomplete,
      ...(type === 'password' ? { minlength: 10, maxlength: 256 } : { maxlength: type === 'text' ? 100 : 254 }),
      ...(hint === undefined ? {} : { 'aria-describedby': `${id}-hint` }),
    }),
    hint === undefined ? null : h('span', { id: `${id}-hint`, class: 'hint' }, hint),
  );
}

/** Where a form says what happened: read out by screen readers as it changes. */
export function statusArea(): HTMLElement {
  return h('div', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
}

export function say(area: HTMLElement, kind: 'ok' | 'error', ...lines: Array<string | Node>): void {
  replace(area, h('div', { class: `notice ${kind === 'error' ? 'error' : 'ok'}` }, ...lines.map((l) => h('p', {}, l))));
}

/** The value of a named field of `form`. */
export function valueOf(form: HTMLFormElement, name: string): string {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement ? el.value : '';
}

/** Runs `submit` on submission with the button disabled meanwhile, so a double click sends once. */
export function onSubmit(form: HTMLFormElement, submit: () => Promise<void>): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    if (button instanceof HTMLButtonElement) button.disabled = true;
    void submit().finally(() => {
      if (button instanceof HTMLButtonElement) button.disabled = false;
    });
  });
}

/** The token of a mailed link: in the fragment (#token=…), which no server ever saw; then taken out of the address. */
export function linkToken(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token !== '') window.history.replaceState(null, '', window.location.pathname);
  return token;
}
