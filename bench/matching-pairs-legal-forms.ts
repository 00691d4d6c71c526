// Legal forms read from two data files — GLEIF's ELF code list and rigour's org_types.json — to find a legal form at
// the start or end of a name. Used to classify pairs only; names are never rewritten with it.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { words } from './matching-pairs-text.js';

export const ELF_CODES = 'gleif/code-lists/elf-codes-1.4.1.csv';
export const ORG_TYPES = 'opensanctions/rigour-name-data/org_types.json';

/** The longest legal form a name could carry, in words ("obshchestvo s ogranichennoi otvetstvennostiu" is 5). */
const MAX_FORM_WORDS = 9;

export interface LegalFormFound {
  /** The words left once the forms at the start and at the end are taken away. */
  readonly rest: string[];
  /** Compact forms found (words joined without spaces), in order. */
  readonly forms: string[];
}

export class LegalForms {
  /** Compact form ("spzoo", "ooo", "limitedliabilitycompany") → ids of the form entries it spells. */
  private readonly ids = new Map<string, Set<string>>();
  /** Compact form → ISO countries from the ELF list where it is a form (empty for rigour-only spellings). */
  private readonly countries = new Map<string, Set<string>>();

  private add(spelling: string, id: string, country: string): void {
    const key = words(spelling).join('');
    if (key.length < 2) return;
    let ids = this.ids.get(key);
    if (ids === undefined) this.ids.set(key, (ids = new Set()));
    ids.add(id);
    let cs = this.countries.get(key);
    if (cs === undefined) this.countries.set(key, (cs = new Set()));
    if (country !== '') cs.add(country);
  }

  static read(sharedData: (p: string) => string): LegalForms {
    const forms = new LegalForms();
    const rows = parse(readFileSync(sharedData(ELF_CODES), 'utf8'), { bom: true, from_line: 2 });
    for (const r of rows) {
      const [code = '', , country = '', , , local = '', , , translit = '', abbrLocal = '', abbrTranslit = ''] = r;
      if (code === '8888' || code === '9999') continue;
      for (const s of [local, translit, ...abbrLocal.split(';'), ...abbrTranslit.split(';')])
        forms.add(s, `elf:${code}`, country.toLowerCase());
    }
    const orgTypes = JSON.parse(readFileSync(sharedData(ORG_TYPES), 'utf8')) as {
      aliases?: string[];
      display?: string;
      compare?: string;
    }[];
    orgTypes.forEach((t, i) => {
      for (const s of [...(t.aliases ?? []), t.display ?? '', t.compare ?? '']) forms.add(s, `rigour:${i}`, '');
    });
    return forms;
  }

  /** Is this compact spelling (folded words joined without spaces: "sa", "pvtltd") a legal form of either table? */
  isForm(compact: string): boolean {
    return this.ids.has(compact);
  }

  /** The longest form among the first or last `n` words, for n up to MAX_FORM_WORDS, leaving at least one word. */
  private longest(ws: string[], atEnd: boolean): number {
    for (let n = Math.min(MAX_FORM_WORDS, ws.length - 1); n >= 1; n--) {
      const part = atEnd ? ws.slice(ws.length - n) : ws.slice(0, n);
      if (this.ids.has(part.join(''))) return n;
    }
    return 0;
  }

  find(name: string): LegalFormFound {
    let ws = words(name);
    const forms: string[] = [];
    const tail = this.longest(ws, true);
    if (tail > 0) {
      forms.push(ws.slice(ws.length - tail).join(''));
      ws = ws.slice(0, ws.length - tail);
    }
    const head = this.longest(ws, false);
    if (head > 0) {
      forms.unshift(ws.slice(0, head).join(''));
      ws = ws.slice(head);
    }
    return { rest: ws, forms };
  }

  /** Two forms name the same legal form when one ELF code or rigour entry has both spellings ("LLC", "OOO"…). */
  sameForm(a: string, b: string): boolean {
    if (a === b) return true;
    const ia = this.ids.get(a);
    const ib = this.ids.get(b);
    if (ia === undefined || ib === undefined) return false;
    for (const id of ia) if (ib.has(id)) return true;
    return false;
  }

  /** True when both forms are ELF forms and no country has both. */
  differentCountries(a: string, b: string): boolean {
    const ca = this.countries.get(a);
    const cb = this.countries.get(b);
    if (ca === undefined || cb === undefined || ca.size === 0 || cb.size === 0) return false;
    for (const c of ca) if (cb.has(c)) return false;
    return true;
  }
}
