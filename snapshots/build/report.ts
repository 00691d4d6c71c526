// What a build did with each source's records: read, kept, merged, rejected by reason; and how it resolved identities.
import type { ResolutionSummary } from './resolve-identities.js';

export interface SourceTally {
  read: number;
  kept: number;
  merged: number;
  rejected: Map<string, number>;
}

export interface RejectedRecord {
  where: string; // file:line or source#index
  field: string;
  reason: string;
}

const MAX_EXAMPLES = 50;

export class BuildReport {
  readonly tallies = new Map<string, SourceTally>();
  readonly examples: RejectedRecord[] = [];
  resolution: ResolutionSummary | null = null;

  tally(source: string): SourceTally {
    let t = this.tallies.get(source);
    if (t === undefined) this.tallies.set(source, (t = { read: 0, kept: 0, merged: 0, rejected: new Map() }));
    return t;
  }

  /** Counts a rejection under `reason`; keeps the first few with their location and `detail`. */
  reject(source: string, reason: string, where: string, field: string, detail = reason): void {
    const t = this.tally(source);
    t.rejected.set(reason, (t.rejected.get(reason) ?? 0) + 1);
    if (this.examples.length < MAX_EXAMPLES) this.examples.push({ where, field, reason: detail });
  }

  /** The same as plain data, for `--json`. */
  toJSON(): {
    sources: { source: string; read: number; kept: number; merged: number; rejected: Record<string, number> }[];
    rejected_examples: RejectedRecord[];
    resolution: ResolutionSummary | null;
  } {
    return {
      sources: [...this.tallies].map(([source, t]) => ({
        source,
        read: t.read,
        kept: t.kept,
        merged: t.merged,
        rejected: Object.fromEntries(t.rejected),
      })),
      rejected_examples: this.examples,
      resolution: this.resolution,
    };
  }

  /** A plain-text table, one row per source. */
  format(): string {
    const rows = [['source', 'read', 'kept', 'merged', 'rejected']];
    for (const [source, t] of this.tallies) {
      const rejected = [...t.rejected].map(([r, n]) => `${n} ${r}`).join('; ') || '0';
      rows.push([source, String(t.read), String(t.kept), String(t.merged), rejected]);
    }
    const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
    const lines = rows.map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    );
    for (const e of this.examples.slice(0, 10)) lines.push(`  rejected ${e.where} field ${e.field}: ${e.reason}`);
    const r = this.resolution;
    if (r !== null) {
      lines.push(
        `identity links: ${r.identifierLinks} by identifier, ${r.nameLinks} by name matching, ${r.operatorLinks} by operator judgement; ` +
          `refused ${r.refusedByJudgement} for operator judgements, ${r.refusedForIdentifiers} for conflicting identifiers`,
      );
      for (const e of r.examples.slice(0, 10)) lines.push(`  refused ${e}`);
      for (const u of r.unknownJudgements.slice(0, 10))
        lines.push(`  judgement ${u.at} names ${u.id}, which is not in this build`);
    }
    return lines.join('\n');
  }
}
