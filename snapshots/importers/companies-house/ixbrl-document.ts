// Streams an inline XBRL (or plain XBRL) accounts file on saxes into its contexts, units and facts.
import { sourceText } from '../common/read-progress.js';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportError } from '../importer.js';

const IX = new Set(['http://www.xbrl.org/2013/inlineXBRL', 'http://www.xbrl.org/2008/inlineXBRL']);
const XBRLI = 'http://www.xbrl.org/2003/instance';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const ISO4217 = 'http://www.xbrl.org/2003/iso4217';

/**
 * Named entities of HTML that accounts packages write into XHTML without a DTD. Declaring them lets a strict
 * XML parser read such a file; everything else must be well-formed, and a file that is not (cut short) is refused.
 */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  pound: '£',
  euro: '€',
  copy: '©',
  reg: '®',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  middot: '·',
  bull: '•',
  deg: '°',
  frac12: '½',
  times: '×',
  sect: '§',
  shy: '\u00ad',
};

export interface Context {
  id: string;
  scheme: string | null;
  identifier: string | null;
  /** Has a segment or scenario with members: a dimensional (breakdown) context. */
  dimensional: boolean;
  instant: string | null;
  start: string | null;
  end: string | null;
}

export interface Fact {
  /** Concept namespace URI and local name, resolved from the prefix in scope where the fact is written. */
  uri: string;
  local: string;
  contextRef: string;
  unitRef: string | null;
  numeric: boolean;
  format: string | null;
  scale: string | null;
  negative: boolean;
  nil: boolean;
  text: string;
  line: number;
}

export interface XbrlDocument {
  inline: boolean;
  contexts: Map<string, Context>;
  /** Unit id → ISO 4217 currency, for monetary units only. */
  currencies: Map<string, string>;
  facts: Fact[];
}

const attr = (tag: SaxesTagNS, local: string, uri = ''): string | null => {
  for (const a of Object.values(tag.attributes)) if (a.local === local && a.uri === uri) return a.value;
  return null;
};

export async function readXbrl(file: string): Promise<XbrlDocument> {
  const doc: XbrlDocument = { inline: false, contexts: new Map(), currencies: new Map(), facts: [] };
  const parser = new SaxesParser({ xmlns: true, position: true, fileName: file });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  let fatal: Error | null = null;
  parser.on('error', (e) => {
    // An entity the table above lacks costs one character of display text, never a figure: read on.
    if (/undefined entity/.test(e.message)) return;
    fatal ??= e;
  });

  let depth = 0;
  let rootIsXbrl = false;
  let context: Context | null = null;
  let dimensionDepth = 0;
  let unit: { id: string; measures: string[]; divide: boolean } | null = null;
  let capture: {
    kind: 'identifier' | 'instant' | 'start' | 'end' | 'measure';
    text: string;
    scheme?: string | null;
  } | null = null;
  const open: { fact: Fact; depth: number }[] = [];
  let exclude = 0;

  const qname = (name: string): { uri: string; local: string } => {
    const colon = name.indexOf(':');
    const prefix = colon === -1 ? '' : name.slice(0, colon);
    return { uri: parser.resolve(prefix) ?? '', local: name.slice(colon + 1) };
  };

  parser.on('opentag', (tag) => {
    depth += 1;
    const { uri, local } = tag;
    if (depth === 1) rootIsXbrl = uri === XBRLI && local === 'xbrl';
    if (IX.has(uri)) doc.inline = true;
    if (uri === XBRLI) {
      if (local === 'context')
        context = {
          id: attr(tag, 'id') ?? '',
          scheme: null,
          identifier: null,
          dimensional: false,
          instant: null,
          start: null,
          end: null,
        };
      else if (context !== null && (local === 'segment' || local === 'scenario')) dimensionDepth = depth;
      else if (context !== null && local === 'identifier')
        capture = { kind: 'identifier', text: '', scheme: attr(tag, 'scheme') };
      else if (context !== null && local === 'instant') capture = { kind: 'instant', text: '' };
      else if (context !== null && local === 'startDate') capture = { kind: 'start', text: '' };
      else if (context !== null && local === 'endDate') capture = { kind: 'end', text: '' };
      else if (local === 'unit') unit = { id: attr(tag, 'id') ?? '', measures: [], divide: false };
      else if (unit !== null && local === 'divide') unit.divide = true;
      else if (unit !== null && local === 'measure') capture = { kind: 'measure', text: '' };
    }
    if (context !== null && dimensionDepth > 0 && depth > dimensionDepth) context.dimensional = true;
    if (IX.has(uri) && local === 'exclude') exclude += 1;

    const inlineFact = IX.has(uri) && (local === 'nonFraction' || local === 'nonNumeric');
    // Plain XBRL instances: every element carrying a contextRef is a fact (Companies House "ae" files use the instance namespace itself).
    const plainFact = !inlineFact && rootIsXbrl && !doc.inline && attr(tag, 'contextRef') !== null;
    if (inlineFact || plainFact) {
      const concept = inlineFact ? qname(attr(tag, 'name') ?? '') : { uri, local };
      const format = attr(tag, 'format');
      open.push({
        depth,
        fact: {
          ...concept,
          contextRef: attr(tag, 'contextRef') ?? '',
          unitRef: attr(tag, 'unitRef'),
          numeric: inlineFact ? local === 'nonFraction' : attr(tag, 'unitRef') !== null,
          format: format === null ? null : format.slice(format.indexOf(':') + 1),
          scale: attr(tag, 'scale'),
          negative: attr(tag, 'sign') === '-',
          nil: attr(tag, 'nil', XSI) === 'true',
          text: '',
          line: parser.line,
        },
      });
    }
  });

  parser.on('text', (t) => {
    if (capture !== null) capture.text += t;
    if (exclude === 0) for (const o of open) o.fact.text += t;
  });

  parser.on('closetag', (tag) => {
    const { uri, local } = tag;
    if (
      capture !== null &&
      uri === XBRLI &&
      ['identifier', 'instant', 'startDate', 'endDate', 'measure'].includes(local)
    ) {
      const value = capture.text.trim();
      if (context !== null && capture.kind === 'identifier') {
        context.identifier = value;
        context.scheme = capture.scheme ?? null;
      } else if (context !== null && capture.kind === 'instant') context.instant = value.slice(0, 10);
      else if (context !== null && capture.kind === 'start') context.start = value.slice(0, 10);
      else if (context !== null && capture.kind === 'end') context.end = value.slice(0, 10);
      else if (unit !== null && capture.kind === 'measure') {
        const m = qname(value);
        unit.measures.push(m.uri === ISO4217 ? m.local : '');
      }
      capture = null;
    }
    if (uri === XBRLI && local === 'context' && context !== null) {
      doc.contexts.set(context.id, context);
      context = null;
    }
    if (uri === XBRLI && (local === 'segment' || local === 'scenario')) dimensionDepth = 0;
    if (uri === XBRLI && local === 'unit' && unit !== null) {
      const currency = unit.measures[0];
      if (!unit.divide && unit.measures.length === 1 && currency !== undefined && /^[A-Z]{3}$/.test(currency))
        doc.currencies.set(unit.id, currency);
      unit = null;
    }
    if (IX.has(uri) && local === 'exclude') exclude -= 1;
    const top = open[open.length - 1];
    if (top !== undefined && top.depth === depth) {
      open.pop();
      doc.facts.push(top.fact);
    }
    depth -= 1;
  });

  try {
    for await (const chunk of sourceText(file)) {
      parser.write(chunk);
      if (fatal !== null) break;
    }
    if (fatal === null) parser.close();
  } catch (e) {
    const err = e as Error & { code?: string };
    throw new ImportError(file, err.code === 'ENOENT' ? 'no such file' : `cannot be read: ${err.message}`);
  }
  if (fatal !== null)
    throw new ImportError(file, `not well-formed XHTML/XML (cut short?): ${(fatal as Error).message}`, parser.line);
  if (!doc.inline && !rootIsXbrl)
    throw new ImportError(file, 'neither inline XBRL nor an XBRL instance: no ix: facts and no xbrli:xbrl root');
  return doc;
}
