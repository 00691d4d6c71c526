// The sanctions lists fetched from their publishers, read by the importers, and brought into the corpus by the journal.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../engine/app/config.js';
import type { Corpus } from '../engine/corpus.js';
import type { ChangeJournal } from '../engine/live/change-journal.js';
import { listRefreshChange } from '../engine/live/list-refresh.js';
import {
  NormalisedRecordSchema,
  SANCTIONS_LISTS,
  type NormalisedRecord,
  type SanctionsList,
} from '../engine/model/records.js';
import { NO_PROGRESS, type PassProgress, type PhaseMeter } from '../engine/runtime/pass-progress.js';
import { importerFor } from '../snapshots/importers/registry.js';
import { download } from '../snapshots/fetch/download.js';
import { SANCTIONS_LIST_FORMATS } from '../engine/sanctions/list-publications.js';

/** A list's publication is large (OFAC's SDN XML is about 100 MB) and its servers are slow: the longest wait for more. */
const IDLE_MS = 2 * 60_000;

export interface ListRefresh {
  list: SanctionsList;
  url: string;
  /** Records the publication held (entities, listings, links). */
  records: number;
  /** Listings published now that the corpus did not hold, and listings it held that are no longer published. */
  listed: number;
  delisted: number;
  /** Entities whose record or derived facts changed (their own, or through what they own). */
  changed: number;
  /** Rows of the publication the importer could not read (skipped). */
  problems: number;
  /** Why nothing of this list was applied, when nothing was. */
  error: string | null;
}

export const isSanctionsList = (name: string): name is SanctionsList =>
  (SANCTIONS_LISTS as readonly string[]).includes(name);

/**
 * The publication at `url`, downloaded by the same fetcher as `unshell sources fetch` (digest checked when the
 * publisher sends one) and read by `format`'s importer into records; problems counted.
 */
async function readPublication(
  url: string,
  format: string,
  meter: (total: number | null) => PhaseMeter,
): Promise<{ records: NormalisedRecord[]; problems: number }> {
  const importer = importerFor(format);
  if (importer === undefined) throw new Error(`no importer for ${format}`);
  // The importers stream files: the publication is downloaded to one.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unshell-sanctions-'));
  const file = path.join(dir, `${format}.xml`);
  try {
    await download({ url, file, meter, idleMs: IDLE_MS });
    const records: NormalisedRecord[] = [];
    let problems = 0;
    for await (const item of importer.read(file, { retrievedAt: new Date().toISOString().slice(0, 10) })) {
      if ('problem' in item) {
        problems++;
        continue;
      }
      const parsed = NormalisedRecordSchema.safeParse(item.record);
      if (parsed.success) records.push(parsed.data);
      else problems++;
    }
    return { records, problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Refreshes each list in turn. A list that cannot be fetched or read, or that holds no listing at all (more likely
 * a broken publication than every listing lifted), changes nothing: its listings stay as they were.
 */
export async function refreshSanctions(
  config: Config,
  corpus: Corpus,
  journal: ChangeJournal,
  lists: readonly SanctionsList[],
  log: (line: string) => void,
  progress: PassProgress = NO_PROGRESS,
): Promise<ListRefresh[]> {
  const out: ListRefresh[] = [];
  for (const list of lists) {
    const url = config.sanctions.urls[list];
    const result: ListRefresh = { list, url, records: 0, listed: 0, delisted: 0, changed: 0, problems: 0, error: null };
    out.push(result);
    let publication: { records: NormalisedRecord[]; problems: number };
    try {
      publication = await readPublication(url, SANCTIONS_LIST_FORMATS[list], (total) =>
        progress(`downloading ${list}`, total, 'MB'),
      );
    } catch (err) {
      result.error = err instanceof Error ? err.message : String(err);
      log(`sanctions refresh ${list}: not applied: ${result.error}`);
      continue;
    }
    result.records = publication.records.length;
    result.problems = publication.problems;
    const listings = publication.records.filter((r) => r.record === 'listing' && r.list === list).length;
    if (listings === 0) {
      result.error = `${url} holds no ${list} listing: kept the listings as they were`;
      log(`sanctions refresh ${list}: not applied: ${result.error}`);
      continue;
    }
    const change = listRefreshChange(corpus, list, publication.records);
    const before = corpus.listings.records.size;
    const applied = journal.record({ origin: { origin: `refresh:sanctions:${list}` }, change });
    result.listed = corpus.listings.records.size - before;
    result.delisted = change.removed_listings.length;
    result.changed = applied.touched.length;
    log(
      `sanctions refresh ${list}: ${result.records} records from ${url}; ${result.listed} listed, ` +
        `${result.delisted} delisted, ${result.changed} entities changed, ${result.problems} rows skipped`,
    );
  }
  return out;
}
