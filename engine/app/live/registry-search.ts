// The registry's company search: its hits, and the companies among them the corpus did not hold, added from the hits.
import type { ChangeJournal } from '../../live/change-journal.js';
import { CorpusChangeSchema } from '../../live/corpus-change.js';
import type { LiveCorpus } from '../../live/live-corpus.js';
import type { NormalisedRecordInput } from '../../model/records.js';
import { PscProblem } from '../../sources/companies-house/psc-records.js';
import { searchHitEntity } from '../../sources/companies-house/search-results.js';
import { CompaniesHouseError, type CompaniesHouseClient } from '../external/companies-house-client.js';
import type { RegistryHit } from './registry-access.js';

type EntityInput = Extract<NormalisedRecordInput, { record: 'entity' }>;

/**
 * The first page of the registry's search for `query`; null when the registry could not be asked (unreachable,
 * refusing the key, out of budget). A company the corpus holds keeps its fuller record; one it does not is added
 * from its hit (through the journal), so that every operation finds it, and a lookup refreshes it in full.
 */
export async function searchRegistry(
  query: string,
  limit: number,
  call: { client: CompaniesHouseClient; journal: ChangeJournal; live: LiveCorpus; deadlineMs: number; caller?: string },
): Promise<RegistryHit[] | null> {
  let fetched;
  try {
    fetched = await call.client.searchCompanies(
      query,
      {
        priority: 'interactive',
        deadlineMs: call.deadlineMs,
        ...(call.caller === undefined ? {} : { caller: call.caller }),
      },
      limit,
    );
  } catch (err) {
    if (err instanceof CompaniesHouseError) return null;
    throw err;
  }
  if (!fetched.found || !Array.isArray(fetched.body.items)) return [];
  const retrievedAt = new Date().toISOString().slice(0, 10);
  const hits: RegistryHit[] = [];
  const added: EntityInput[] = [];
  for (const item of fetched.body.items as unknown[]) {
    let entity: EntityInput;
    try {
      entity = searchHitEntity(item, retrievedAt);
    } catch (err) {
      if (err instanceof PscProblem) continue; // a hit without a number or a name names nothing to add
      throw err;
    }
    if (call.live.corpus.entities.indexOf(entity.id) === undefined) added.push(entity);
    hits.push({
      company_number: entity.identifiers?.[0]?.value ?? '',
      name: entity.name,
      status: entity.status ?? null,
      address: entity.addresses?.[0] ?? null,
      incorporated_on: entity.incorporation_date ?? null,
    });
  }
  if (added.length > 0)
    call.journal.record({
      origin: { origin: `search:${query.slice(0, 200)}` },
      change: CorpusChangeSchema.parse({ entities: added }),
    });
  return hits;
}
