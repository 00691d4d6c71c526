// OFAC's legacy CSV set (SDN.CSV + ADD/ALT/SDN_COMMENTS, or the CONS_* non-SDN set): a directory in, entries out.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Identifier } from '../../../engine/model/records.js';
import { missing } from '../../../engine/errors/missing.js';
import { countryCode } from '../../../engine/sources/countries.js';
import { csvRows } from '../common/csv-rows.js';
import { addIdentifier, uniq } from '../common/identifier-schemes.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';
import { OFAC_SOURCE, isUid, ofacEntityType, splitPrograms } from './ofac-common.js';
import { ofacEntryRecords } from './ofac-entry.js';
import { readRemarks } from './ofac-remarks.js';

/** The two published sets share one layout and differ in file names. */
const SETS = [
  { list: 'SDN', primary: 'SDN.CSV', add: 'ADD.CSV', alt: 'ALT.CSV', comments: 'SDN_COMMENTS.CSV' },
  {
    list: 'Consolidated',
    primary: 'CONS_PRIM.CSV',
    add: 'CONS_ADD.CSV',
    alt: 'CONS_ALT.CSV',
    comments: 'CONS_COMMENTS.CSV',
  },
] as const;

const WIDTH = { primary: 12, add: 6, alt: 5, comments: 2 } as const;

/** Nulls are written `-0- ` (with the trailing space); the last line of most files is a lone Ctrl-Z (0x1A). */
function value(cell: string | undefined): string {
  const v = (cell ?? '').replace(/\s+/g, ' ').trim();
  return v === '-0-' || v === '\x1a' ? '' : v;
}

const isEofMarker = (cells: string[]): boolean => cells.length === 1 && value(cells[0]) === '';

interface Side {
  aliases: Map<string, string[]>;
  addresses: Map<string, string[]>;
  comments: Map<string, string>;
  /** Where each ent_num was first seen in a side file, to report rows whose entry is missing. */
  firstSeen: Map<string, string>;
}

/** Reads a side file into a map by ent_num. Side files are a fraction of SDN.CSV's size, so they are held whole. */
async function* readSide(file: string, kind: 'add' | 'alt' | 'comments', side: Side): AsyncGenerator<Located> {
  const name = path.basename(file);
  for await (const { cells, line } of csvRows(file, { encoding: 'latin1', relaxQuotes: true })) {
    if (isEofMarker(cells)) continue;
    const at = `${name}:${line}`;
    if (cells.length !== WIDTH[kind]) {
      yield { at, problem: `expected ${WIDTH[kind]} columns, found ${cells.length}`, field: '(columns)' };
      continue;
    }
    const ent = value(cells[0]);
    if (!isUid(ent)) {
      yield { at, problem: `ent_num "${ent}" is not a number`, field: 'ent_num' };
      continue;
    }
    if (!side.firstSeen.has(ent)) side.firstSeen.set(ent, at);
    if (kind === 'comments') {
      // The text continues the SDN.CSV remarks mid-word, so it is appended without a separator.
      side.comments.set(ent, (side.comments.get(ent) ?? '') + (cells[1] ?? '').replace(/\s+$/, ''));
    } else if (kind === 'alt') {
      const alias = value(cells[3]);
      if (alias !== '') side.aliases.set(ent, [...(side.aliases.get(ent) ?? []), alias]);
    } else {
      const parts = [value(cells[2]), value(cells[3]), value(cells[4])].filter((p) => p !== '');
      if (parts.length > 0) side.addresses.set(ent, [...(side.addresses.get(ent) ?? []), parts.join(', ')]);
    }
  }
}

function findFile(names: Map<string, string>, dir: string, file: string): string | null {
  const found = names.get(file.toLowerCase());
  return found === undefined ? null : path.join(dir, found);
}

async function* readSet(
  dir: string,
  names: Map<string, string>,
  set: (typeof SETS)[number],
  options: ImportOptions,
): AsyncGenerator<Located> {
  const side: Side = { aliases: new Map(), addresses: new Map(), comments: new Map(), firstSeen: new Map() };
  for (const kind of ['add', 'alt', 'comments'] as const) {
    const file = findFile(names, dir, set[kind]);
    if (file !== null) yield* readSide(file, kind, side);
  }
  // The sets read are those whose primary file is there.
  const primary = findFile(names, dir, set.primary) ?? missing('primary file of the set');
  const name = path.basename(primary);
  const seen = new Set<string>();
  for await (const { cells, line } of csvRows(primary, { encoding: 'latin1', relaxQuotes: true })) {
    if (isEofMarker(cells)) continue;
    const at = `${name}:${line}`;
    if (cells.length !== WIDTH.primary) {
      yield { at, problem: `expected ${WIDTH.primary} columns, found ${cells.length}`, field: '(columns)' };
      continue;
    }
    const uid = value(cells[0]);
    const sdnName = value(cells[1]);
    if (!isUid(uid)) {
      yield { at, problem: `ent_num "${uid}" is not a number`, field: 'ent_num' };
      continue;
    }
    if (sdnName === '') {
      yield { at, problem: `entry ${uid} has no name`, field: 'SDN_Name' };
      continue;
    }
    seen.add(uid);
    // Raw, not trimmed: a remark cut after a space continues in the comments file with the next word.
    const head = value(cells[11]) === '' ? '' : (cells[11] ?? '');
    const remarks = (head + (side.comments.get(uid) ?? '')).replace(/\s+/g, ' ').trim();
    const facts = readRemarks(remarks);
    const identifiers: Identifier[] = [...facts.identifiers];
    addIdentifier(identifiers, 'call-sign', value(cells[5]));
    yield* ofacEntryRecords(
      at,
      {
        uid,
        type: ofacEntityType(value(cells[2])),
        name: sdnName,
        aliases: uniq(side.aliases.get(uid) ?? []).filter((a) => a !== sdnName),
        identifiers,
        addresses: uniq(side.addresses.get(uid) ?? []),
        // Nationality and date of birth are published only inside the remarks.
        nationalities: facts.nationalities,
        birthDate: facts.birthDates[0] ?? null,
        flag: countryCode(value(cells[9])),
        registeredIn: null,
        details: { position: value(cells[4]) || null },
        description: remarks || null,
        programs: splitPrograms(value(cells[3])),
        // The legacy CSV publishes no designation date.
        listedOn: null,
        listingRemarks: remarks || null,
        programField: 'Program',
      },
      options.retrievedAt,
    );
  }
  for (const [ent, at] of side.firstSeen) {
    if (!seen.has(ent)) yield { at, problem: `ent_num ${ent} has no row in ${name}`, field: 'ent_num' };
  }
}

export const ofacCsv = defineImporter({
  format: 'ofac-csv',
  description:
    'OFAC legacy CSV set: a directory with SDN.CSV, ADD.CSV, ALT.CSV, SDN_COMMENTS.CSV and/or the CONS_*.CSV non-SDN files',
  source: OFAC_SOURCE,
  input: 'directory',
  async *read(dir, options) {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch (err) {
      throw new ImportError(dir, `cannot read the directory: ${(err as Error).message}`);
    }
    // OFAC's names are upper case, mirrors often lower-case them.
    const names = new Map(entries.map((e) => [e.toLowerCase(), e]));
    const sets = SETS.filter((s) => names.has(s.primary.toLowerCase()));
    if (sets.length === 0)
      throw new ImportError(dir, 'no SDN.CSV or CONS_PRIM.CSV: the side files cannot be read without their entries');
    for (const set of sets) yield* readSet(dir, names, set, options);
  },
});
