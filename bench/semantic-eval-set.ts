// The semantic-search evaluation set (bench/semantic-eval.json): its shape, and where its file is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const EvalQuerySchema = z.object({
  id: z.string().regex(/^(demo|shared)-\d{2}$/),
  /** `demo`: the built-in demo corpus alone; `shared`: real records of the shared sanctions samples. */
  corpus: z.enum(['demo', 'shared']),
  q: z.string().min(3),
  kind: z.enum(['Company', 'Person', 'Asset']).optional(),
  /** Shared sample files the query's answers come from, relative to the shared data folder. */
  needs: z.array(z.string()).optional(),
  /** Canonical ids of the entities that should come back (one per resolved entity). */
  relevant: z.array(z.string().min(3)).min(1),
  /** The fact that makes an entity relevant, as checked against its records. */
  why: z.string().min(3),
});
export type EvalQuery = z.infer<typeof EvalQuerySchema>;

/** The shared samples the shared-* queries were written from (relative to the shared data folder), with their importers. */
export const SHARED_SOURCES: ReadonlyArray<readonly [format: string, path: string]> = [
  ['ofac-csv', 'ofac/legacy_csv_2021-07-07'],
  ['un-xml', 'un/consolidated_2026-02-27.xml'],
  ['ofac-enhanced-xml', 'ofac/enhanced_xml_sdn_irgc_2024-08-28.xml'],
  ['eu-xml', 'eu/eu_fsf_export_extract_5_entities.xml'],
  ['uk-xml', 'uk/UK_Sanctions_List_extract_5_designations.xml'],
];

export const EvalSetSchema = z.object({
  description: z.string(),
  queries: z.array(EvalQuerySchema).min(50),
});

/** The file in the repository (found from dist/bench/ as well as bench/). */
export function evalSetFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'bench', 'semantic-eval.json');
    try {
      readFileSync(path.join(dir, 'package.json'));
      return candidate;
    } catch {
      const up = path.dirname(dir);
      if (up === dir) throw new Error('semantic-eval: no package.json above this file');
      dir = up;
    }
  }
}

export function readEvalSet(file = evalSetFile()): z.infer<typeof EvalSetSchema> {
  return EvalSetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
