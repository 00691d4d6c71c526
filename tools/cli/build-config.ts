// The `--config FILE` of `unshell snapshot build`: the same choices as the flags, in a JSON file kept with the data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from './args.js';

const SourceEntry = z.union([
  z.string().describe('FORMAT=PATH, as on the command line'),
  z.strictObject({ format: z.string().min(1), path: z.string().min(1) }),
]);

export const BuildConfigSchema = z.strictObject({
  out: z.string().min(1).optional(),
  demo: z.boolean().optional(),
  synthetic: z.number().int().positive().optional(),
  seed: z.number().int().positive().optional(),
  retrieved_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
    .optional(),
  records: z.array(z.string().min(1)).optional(),
  sources: z.array(SourceEntry).optional(),
  /** Folder of the import cache, or false for none; default: beside the snapshot. */
  cache: z.union([z.string().min(1), z.literal(false)]).optional(),
  /** An operator's same/different judgements (JSON lines), applied over the matcher. */
  judgements: z.string().min(1).optional(),
});

/** A build configuration with every path made absolute and every source as `FORMAT=PATH`. */
export interface BuildConfig {
  out?: string;
  demo?: boolean;
  synthetic?: number;
  seed?: number;
  retrievedAt?: string;
  records: string[];
  sources: string[];
  cache?: string | false;
  judgements?: string;
}

/** Reads and checks `file`; paths in it are relative to the file's folder. Errors name the file and the field. */
export function readBuildConfig(file: string): BuildConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === undefined
        ? `--config ${file} is not valid JSON: ${(err as Error).message}`
        : `--config ${file} cannot be read (${code})`,
    );
  }
  const parsed = BuildConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `--config ${file}: field "${issue?.path.join('.') || '(top level)'}": ${issue?.message ?? 'invalid'}`,
    );
  }
  const c = parsed.data;
  const dir = path.dirname(path.resolve(file));
  const abs = (p: string): string => path.resolve(dir, p);
  const sources = (c.sources ?? []).map((s, i) => {
    if (typeof s !== 'string') return `${s.format}=${abs(s.path)}`;
    const eq = s.indexOf('=');
    if (eq <= 0 || eq === s.length - 1)
      throw new UsageError(`--config ${file}: field "sources.${i}": "${s}" is not FORMAT=PATH`);
    return `${s.slice(0, eq)}=${abs(s.slice(eq + 1))}`;
  });
  return {
    ...(c.out === undefined ? {} : { out: abs(c.out) }),
    ...(c.demo === undefined ? {} : { demo: c.demo }),
    ...(c.synthetic === undefined ? {} : { synthetic: c.synthetic }),
    ...(c.seed === undefined ? {} : { seed: c.seed }),
    ...(c.retrieved_at === undefined ? {} : { retrievedAt: c.retrieved_at }),
    ...(c.cache === undefined ? {} : { cache: c.cache === false ? false : abs(c.cache) }),
    ...(c.judgements === undefined ? {} : { judgements: abs(c.judgements) }),
    records: (c.records ?? []).map(abs),
    sources,
  };
}
