// OFAC's free-text remarks: identity data published as `;`-separated "key value" fragments, read into fields.
import type { Identifier } from '../../../engine/model/records.js';
import { missing } from '../../../engine/errors/missing.js';
import { countryCode } from '../../../engine/sources/countries.js';
import { partialDate } from '../common/dates.js';
import { addIdentifier, identifierScheme, uniq } from '../common/identifier-schemes.js';

export interface RemarkFacts {
  birthDates: string[];
  nationalities: string[];
  identifiers: Identifier[];
  /** Names after `Linked To:`; OFAC gives no uid for them, so they stay text. */
  linkedTo: string[];
}

// Labels that name a document or registry number; other "label value" fragments (dates, directives, websites,
// sanctions notes) are not identifiers and stay in the description only.
const ID_LABEL =
  /(\bno\b|number|\bid\b|passport|cedula|c\.u\.r\.p|r\.f\.c|\bnit\b|\bruc\b|swift|\bbic\b|\bimo\b|identification|registration|registry|\bcode\b|licen[cs]e|credencial|matricula|\btax\b|\bvat\b|digital currency|\bisin\b|\buscc\b|\bbik\b|\bogrn\b|\binn\b|\bkpp\b|legal entity|certificate|gazette|d\.n\.i|\bcuit\b|\brut\b|\brif\b|\bcurp\b)/i;
const NOT_ID =
  /(nationality|date|directive|determination|website|e-?mail|phone|sanctions|caatsa|ifca|target type|organization type|gender|listing|effective|ticker|flag|year of build|tonnage|issuer name)/i;

/** Whether a published label (the CSV's remark key, the XML's idType) names a document or registry number. */
export function isIdentifierLabel(label: string): boolean {
  return ID_LABEL.test(label) && !NOT_ID.test(label);
}

/** Splits a document fragment `Passport A123 (Iran) issued 2010` into label, number and country. */
function documentOf(fragment: string): { label: string; number: string; country: string | null } | null {
  const words = fragment.split(' ');
  // The label is the words before the first one with a digit; SWIFT/BIC codes may have no digit at all.
  const at = /^SWIFT\/BIC\b/i.test(fragment) ? 1 : words.findIndex((w) => /\d/.test(w));
  if (at <= 0) return null;
  const label = words.slice(0, at).join(' ');
  if (!isIdentifierLabel(label) || label.length > 60) return null;
  const tail = words.slice(at).join(' ');
  const country = /\(([^)]*)\)/.exec(tail)?.[1] ?? null;
  const number = tail.split(/\s*\(|\s+(?:issued|expires|alt\.)\b/i)[0]?.trim() ?? '';
  if (number === '' || number.length > 40) return null;
  return { label, number, country };
}

export function readRemarks(remarks: string): RemarkFacts {
  const out: RemarkFacts = { birthDates: [], nationalities: [], identifiers: [], linkedTo: [] };
  const nationalities: string[] = [];
  for (const raw of remarks.split(';')) {
    const fragment = raw
      .trim()
      .replace(/\.$/, '')
      .replace(/^alt\.\s+/i, '');
    if (fragment === '') continue;
    let m = /^DOB (.+)$/.exec(fragment);
    if (m !== null) {
      const d = partialDate(m[1] ?? missing('date of a matched DOB'), 'dmy');
      if (d !== null) out.birthDates.push(d);
      continue;
    }
    m = /^(?:nationality|citizen) (.+)$/i.exec(fragment);
    if (m !== null) {
      const c = countryCode(m[1]);
      if (c !== null) nationalities.push(c);
      continue;
    }
    m = /^Linked To: (.+)$/.exec(fragment);
    if (m !== null) {
      out.linkedTo.push((m[1] ?? missing('name of a matched link')).trim());
      continue;
    }
    if (/^(POB|a\.k\.a\.|f\.k\.a\.|n\.k\.a\.)/i.test(fragment)) continue;
    const doc = documentOf(fragment);
    if (doc === null) continue;
    const country = doc.country === null ? null : countryCode(doc.country);
    addIdentifier(out.identifiers, identifierScheme(doc.label, country), doc.number);
  }
  out.nationalities = uniq(nationalities);
  return out;
}
