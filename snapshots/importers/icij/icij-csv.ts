// ICIJ Offshore Leaks CSV folder (current full-oldb release or 2016 Panama Papers release) → parties and links.
import type { RecordInput } from '../importer.js';
import { ImportError, defineImporter, type Located } from '../importer.js';
import { csvRows, headerIndex, rowReader } from '../common/csv-rows.js';
import { dayMonthYear, isoDate } from '../../../engine/sources/record-dates.js';
import { distinct, provenance } from '../common/provenance.js';
import { EDGE_COLUMNS, icijFiles, readEdge, type IcijFiles, type NodeKind } from './icij-layout.js';
import { edgeKind, firstCountry, icijJurisdiction, looksLikeCompany } from './icij-parties.js';

const url = (id: string): string => `https://offshoreleaks.icij.org/nodes/${id}`;

/** ICIJ dates (`23-MAR-2006`, `23-Mar-06`), ISO dates in newer files; unreadable text and placeholders are no date. */
function icijDate(raw: string): string | null {
  const d = dayMonthYear(raw) ?? isoDate(raw);
  // 31-DEC-1969 / 01-JAN-1970 are epoch artefacts of the leaked databases, not real dates.
  return d === '1969-12-31' || d === '1970-01-01' ? null : (d ?? null);
}

/** Rows of one CSV with its header checked, fields by name, `file:line` places. Stray quotes are let through. */
async function* rowsOf(
  file: string,
  required: readonly string[],
): AsyncGenerator<{ get: (n: string) => string; at: string }> {
  let index: Map<string, number> | null = null;
  for await (const row of csvRows(file, { relaxQuotes: true })) {
    if (index === null) {
      index = headerIndex(file, row.cells, required);
      continue;
    }
    yield { get: rowReader(index, row.cells), at: `${file}:${row.line}` };
  }
  if (index === null) throw new ImportError(file, 'empty file: no header');
}

function party(
  kind: NodeKind,
  get: (n: string) => string,
  addresses: string[],
  retrievedAt: string,
): RecordInput | { field: string; problem: string } {
  const id = get('node_id');
  if (!/^\d+$/.test(id)) return { field: 'node_id', problem: `not a node id: "${id}"` };
  // Quoted names sometimes hold line breaks.
  const name = get('name').replace(/\s+/g, ' ');
  if (name === '') return { field: 'name', problem: 'no name' };
  const source = get('sourceID');
  const company = kind === 'entity' || kind === 'other' || looksLikeCompany(name);
  const topics = kind === 'intermediary' ? ['offshore-leaks', 'formation-agent'] : ['offshore-leaks'];
  const jurisdictionText = get('jurisdiction_description');
  const details = distinct([
    `${kind === 'other' ? 'Other node' : kind[0]?.toUpperCase() + kind.slice(1)} in the ICIJ Offshore Leaks database, ${source || 'leak not named'}`,
    jurisdictionText === '' ? null : `jurisdiction: ${jurisdictionText}`,
    get('company_type') === '' ? null : `company type: ${get('company_type')}`,
    get('type') === '' ? null : `type: ${get('type')}`,
    get('service_provider') === '' ? null : `service provider: ${get('service_provider')}`,
    get('note'),
  ]);
  const ibc = get('ibcRUC');
  return {
    record: 'entity',
    id: `icij:${id}`,
    type: company ? 'company' : 'person',
    name,
    aliases: distinct([get('original_name'), get('former_name')], [name]),
    jurisdiction:
      kind === 'entity' || kind === 'other'
        ? icijJurisdiction(get('jurisdiction'), jurisdictionText)
        : firstCountry(get('country_codes')),
    identifiers: ibc === '' ? [] : [{ scheme: 'registration-number', value: ibc }],
    topics,
    addresses: distinct([get('address'), ...addresses]),
    incorporation_date: icijDate(get('incorporation_date')),
    dissolution_date:
      icijDate(get('inactivation_date')) ?? icijDate(get('struck_off_date')) ?? icijDate(get('closed_date')),
    status: get('status') === '' ? null : get('status'),
    description: details.join('; '),
    provenance: [provenance('icij', id, url(id), retrievedAt)],
  };
}

const NODE_COLUMNS = ['node_id', 'name'];

export const icijCsv = defineImporter({
  format: 'icij-csv',
  description:
    'ICIJ Offshore Leaks CSV folder (current nodes-*.csv + relationships.csv, or the 2016 Panama Papers files)',
  source: 'icij',
  input: 'directory',
  async *read(dir, { retrievedAt }): AsyncGenerator<Located> {
    const files: IcijFiles = await icijFiles(dir);
    // Addresses are their own nodes, linked by `registered_address` edges. They are read first into a map (the
    // address file is far smaller than the edges), then one pass over the edges gathers each party's addresses,
    // so that they land on the party's `addresses` rather than as links to a node that is not an entity.
    const addressText = new Map<string, string>();
    for (const { kind, file } of files.nodes) {
      if (kind !== 'address') continue;
      for await (const { get } of rowsOf(file, ['node_id', 'address'])) {
        const text = get('address').replace(/^-\s+/, ''); // the 2016 file starts some addresses with "-" and a tab
        if (text !== '') addressText.set(get('node_id'), text);
      }
    }
    const addressesOf = new Map<string, string[]>();
    const edgeColumns = EDGE_COLUMNS[files.layout];
    if (files.edges !== null && addressText.size > 0) {
      for await (const { get } of rowsOf(files.edges, edgeColumns)) {
        const e = readEdge(files.layout, get);
        const text = addressText.get(e.end);
        if (e.relType !== 'registered_address' || text === undefined) continue;
        const list = addressesOf.get(e.start) ?? [];
        list.push(text);
        addressesOf.set(e.start, list);
      }
    }
    for (const { kind, file } of files.nodes) {
      if (kind === 'address') continue;
      for await (const { get, at } of rowsOf(file, NODE_COLUMNS)) {
        const r = party(kind, get, addressesOf.get(get('node_id')) ?? [], retrievedAt);
        yield 'problem' in r ? { at, ...r } : { at, record: r };
      }
    }
    addressesOf.clear();
    if (files.edges === null) return;
    for await (const { get, at } of rowsOf(files.edges, edgeColumns)) {
      const e = readEdge(files.layout, get);
      if (addressText.has(e.start) || addressText.has(e.end)) continue;
      const kind = edgeKind(e.relType, e.link);
      if (kind === null) continue;
      if (!/^\d+$/.test(e.start) || !/^\d+$/.test(e.end)) {
        yield { at, field: /^\d+$/.test(e.start) ? 'node_id_end' : 'node_id_start', problem: 'not a node id' };
        continue;
      }
      yield {
        at,
        record: {
          record: 'relationship',
          source: `icij:${e.start}`,
          target: `icij:${e.end}`,
          kind,
          role: e.link || e.relType,
          natures: e.relType === '' ? [] : [e.relType],
          start_date: icijDate(e.startDate),
          end_date: icijDate(e.endDate),
          provenance: provenance('icij', `${e.start}-${e.relType || e.link}-${e.end}`, url(e.start), retrievedAt),
        },
      };
    }
  },
});
