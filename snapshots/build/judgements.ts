// The operator's judgements file: pairs of records declared the same entity or different ones, kept apart from snapshots.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const JudgementSchema = z.strictObject({
  a: z.string().regex(/^[a-z][a-z0-9-]*:.+$/, 'expected an entity id <namespace>:<native id>'),
  b: z.string().regex(/^[a-z][a-z0-9-]*:.+$/, 'expected an entity id <namespace>:<native id>'),
  judgement: z.enum(['same', 'different']),
  note: z.string().optional(),
});

export interface Judgement {
  a: string;
  b: string;
  judgement: 'same' | 'different';
  note?: string;
  /** `file:line`, for reports. */
  at: string;
}

/** A judgements file that cannot be used: unreadable, or a line that is not a judgement (named with file and line). */
export class JudgementsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JudgementsError';
  }
}

/**
 * Reads a JSON-lines file of `{"a", "b", "judgement": "same"|"different", "note"?}`; blank lines and lines starting
 * with `#` are skipped. A malformed line fails the whole file: a `different` silently dropped would let the build
 * merge what the operator forbade.
 */
export function readJudgements(file: string): Judgement[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new JudgementsError(`cannot read judgements file ${file}: ${(err as Error).message}`);
  }
  const out: Judgement[] = [];
  const seen = new Map<string, Judgement>();
  text.split(/\r?\n/).forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    let raw: unknown;
    try {
      raw = JSON.parse(trimmed);
    } catch {
      throw new JudgementsError(`${at}: not a JSON object`);
    }
    const parsed = JudgementSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new JudgementsError(`${at}: field ${issue?.path.join('.') || '(line)'}: ${issue?.message ?? 'invalid'}`);
    }
    const j = parsed.data;
    if (j.a === j.b) throw new JudgementsError(`${at}: a and b are the same record ${j.a}`);
    const pair = j.a < j.b ? `${j.a} ${j.b}` : `${j.b} ${j.a}`;
    const earlier = seen.get(pair);
    if (earlier !== undefined && earlier.judgement !== j.judgement) {
      throw new JudgementsError(
        `${at}: judges ${j.a} and ${j.b} ${j.judgement}, but ${earlier.at} judged them ${earlier.judgement}`,
      );
    }
    const judgement: Judgement = {
      a: j.a,
      b: j.b,
      judgement: j.judgement,
      at,
      ...(j.note === undefined ? {} : { note: j.note }),
    };
    seen.set(pair, judgement);
    out.push(judgement);
  });
  return out;
}
