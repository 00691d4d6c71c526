// Pass 1 of a build: every record of every source validated and spooled to disk; only entity ids stay in memory.
import { StringColumn } from '../../engine/store/string-column.js';
import type { EntityRecord, NormalisedRecord } from '../../engine/model/records.js';
import { NormalisedRecordSchema } from '../../engine/model/records.js';
import { IdIndex } from '../../engine/store/id-index.js';
import { recordUnpackr } from '../../engine/store/record-codec.js';
import { readShard, walkShard } from '../format/shard-reader.js';
import { ShardWriter } from '../format/shard-writer.js';
import type { PassProgress } from '../../engine/runtime/pass-progress.js';
import type { BuildSource, SourceProblem } from './build-source.js';
import type { BuildReport } from './report.js';

export type Spooled = Exclude<NormalisedRecord, EntityRecord>;
export const OTHER_FAMILIES = ['relationships', 'listings', 'statements', 'financials', 'events'] as const;
export type OtherFamily = (typeof OTHER_FAMILIES)[number];
const FAMILY_OF: Record<Spooled['record'], OtherFamily> = {
  relationship: 'relationships',
  listing: 'listings',
  statement: 'statements',
  financials: 'financials',
  event: 'events',
};

/** What pass 1 leaves for the rest of the build. */
export interface Spool {
  /** Entity ids by index (its position in the entity spool). */
  ids: StringColumn;
  /** Entity index by id. */
  entityIx: IdIndex;
  /** Later records with the id of an earlier one, merged into it when entities are written. */
  duplicates: Map<number, EntityRecord[]>;
  /** Ends of identity relationships the sources publish, in pairs, for resolution. */
  publishedIdentity: string[];
  /** Number of distinct entities. */
  count: number;
  /** Records spooled per family, the length of each walk. */
  sizes: Record<'entities' | OtherFamily, number>;
  /** Decodes every spooled record of a family, in order. */
  walk: <T>(family: 'entities' | OtherFamily, each: (rec: T) => void) => Promise<void>;
}

/**
 * Told of each entity record as it is spooled, with its index: a record with the id of an earlier one comes with
 * that one's index. What a later pass would otherwise decode every record again for is gathered here.
 */
export type EntitySeen = (ix: number, record: EntityRecord, duplicate: boolean) => void;

export async function spoolSources(
  sources: readonly BuildSource[],
  dir: string,
  shardBytes: number,
  report: BuildReport,
  log: (line: string) => void,
  progress: PassProgress,
  seen: EntitySeen = () => undefined,
): Promise<Spool> {
  // Spooled with shared shapes, as the snapshot's record families are: half the bytes of plain maps, and decoded
  // several times faster by the walks of the second pass (the entities are walked twice).
  const spoolWriter = (family: string): ShardWriter => new ShardWriter(dir, family, shardBytes, { records: true });
  const entitySpool = spoolWriter('entities');
  const otherSpools = Object.fromEntries(OTHER_FAMILIES.map((f) => [f, spoolWriter(f)])) as Record<
    OtherFamily,
    ShardWriter
  >;
  const ids = new StringColumn();
  const entityIx = new IdIndex(ids);
  const duplicates = new Map<number, EntityRecord[]>();
  const publishedIdentity: string[] = [];
  for (const source of sources) {
    let index = 0;
    const tally = report.tally(source.label);
    const meter = progress(`reading ${source.label}`, null, 'records');
    for await (const raw of source.records) {
      meter.advance();
      const where = source.locate?.(index) ?? `${source.label} record ${index}`;
      index += 1;
      tally.read += 1;
      if (raw !== null && typeof raw === 'object' && 'unparsable' in raw) {
        const p = raw as SourceProblem;
        report.reject(source.label, p.reason ?? 'invalid JSON', where, p.field ?? '(line)', p.unparsable);
        continue;
      }
      const parsed = NormalisedRecordSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        report.reject(source.label, 'invalid record', where, issue?.path.join('.') || '(record)', issue?.message);
        continue;
      }
      const rec = parsed.data;
      if (rec.record === 'entity') {
        const earlier = entityIx.get(rec.id);
        if (earlier === undefined) {
          ids.push(rec.id);
          const ix = entitySpool.write(rec);
          entityIx.add(ix);
          seen(ix, rec, false);
          tally.kept += 1;
        } else {
          const list = duplicates.get(earlier) ?? [];
          list.push(rec);
          duplicates.set(earlier, list);
          seen(earlier, rec, true);
          tally.merged += 1;
        }
      } else {
        if (rec.record === 'relationship' && rec.kind === 'identity') publishedIdentity.push(rec.source, rec.target);
        otherSpools[FAMILY_OF[rec.record]].write(rec);
        tally.kept += 1;
      }
    }
    meter.finish();
    log(`read ${source.label}: ${tally.read} records`);
  }
  const writers: Record<'entities' | OtherFamily, ShardWriter> = { entities: entitySpool, ...otherSpools };
  /** One value per spooled family, read from its writer. */
  const perFamily = <V>(value: (writer: ShardWriter) => V): Record<'entities' | OtherFamily, V> =>
    Object.fromEntries(Object.entries(writers).map(([f, w]) => [f, value(w)])) as Record<'entities' | OtherFamily, V>;
  const files = perFamily((w) => w.finish());
  const shapes = perFamily((w) => w.structures);
  return {
    ids,
    entityIx,
    duplicates,
    publishedIdentity,
    count: entitySpool.count,
    sizes: perFamily((w) => w.count),
    walk: async <T>(family: 'entities' | OtherFamily, each: (rec: T) => void): Promise<void> => {
      const unpackr = recordUnpackr(shapes[family]);
      for (const file of files[family])
        walkShard(file.path, await readShard(dir, file), file.records, (rec) => each(rec as T), unpackr);
    },
  };
}
