// The report as one self-contained HTML document that reads on screen and prints cleanly on A4 or Letter.
import type { Share } from '../../model/records.js';
import type { DossierBody } from '../views/dossier-body.js';
import { escapeHtml } from '../views/escape-html.js';

const esc = (s: string | number | null | undefined): string => escapeHtml(String(s ?? '—'));

const cite = (refs: readonly string[]): string =>
  refs.map((r) => `<a class="cite" href="#${esc(r)}">${esc(r)}</a>`).join('');

const share = (s: Share | null): string => (s === null ? '—' : s.min === s.max ? `${s.min}%` : `${s.min}–${s.max}%`);

const table = (head: string[], rows: string[][], empty: string): string =>
  rows.length === 0
    ? `<p class="empty">${esc(empty)}</p>`
    : `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

const STYLE = `
  :root { --ink: #1a1a1a; --muted: #5f6368; --rule: #d0d4d9; --high: #b3261e; --med: #b26a00; --low: #2e7d32; }
  * { box-sizing: border-box; }
  body { font: 10.5pt/1.45 Georgia, 'Times New Roman', serif; color: var(--ink); max-width: 60rem; margin: 2rem auto; padding: 0 1.5rem; }
  h1 { font-size: 20pt; margin: 0 0 .2rem; } h2 { font-size: 13pt; border-bottom: 1px solid var(--rule); padding-bottom: .2rem; margin-top: 1.6rem; }
  .meta, .empty, .note { color: var(--muted); font-size: 9pt; }
  .level { display: inline-block; padding: .05rem .5rem; border-radius: .2rem; color: #fff; font: bold 9pt sans-serif; }
  .HIGH { background: var(--high); } .MED { background: var(--med); } .LOW, .NONE { background: var(--low); }
  table { width: 100%; border-collapse: collapse; font-size: 9pt; margin: .4rem 0; }
  th, td { text-align: left; vertical-align: top; padding: .2rem .35rem; border-bottom: 1px solid var(--rule); }
  th { font-family: sans-serif; font-weight: 600; }
  .cite { font: 7.5pt sans-serif; vertical-align: super; margin-left: .15rem; text-decoration: none; }
  ol.sources { font-size: 8.5pt; word-break: break-all; } ol.sources li { margin-bottom: .2rem; }
  @page { size: A4; margin: 18mm 16mm; }
  @media print {
    body { margin: 0; max-width: none; padding: 0; }
    h2 { break-after: avoid; } tr, li { break-inside: avoid; } thead { display: table-header-group; }
    a { color: inherit; } ol.sources a::after { content: ''; }
  }
`;

export function renderReportHtml(d: DossierBody): string {
  const r = d.report;
  if (r === null) throw new Error('renderReportHtml: the dossier has no report');
  const e = d.entity;
  const sections: string[] = [];
  sections.push(
    `<h2>Summary</h2><ol class="summary">${r.summary.map((s) => `<li>${esc(s.text)}${cite(s.source_refs)}</li>`).join('')}</ol>`,
  );
  sections.push(
    `<h2>Identity</h2>` +
      table(
        ['Record', 'Source', 'Linked by', 'Confidence'],
        r.cluster.map((c) => [
          `${esc(c.entity.name)}<br><span class="meta">${esc(c.entity.id)}</span>${cite([c.source_ref])}`,
          esc(c.entity.source),
          esc(c.method),
          esc(c.confidence),
        ]),
        'No other records.',
      ),
  );
  const tree = r.ownership_tree;
  sections.push(
    `<h2>Ownership</h2>` +
      table(
        ['Owner', 'Effective share', '25%', '50%'],
        tree.ubos.map((u) => [
          esc(u.entity.name),
          esc(share(u.effective_share)) + (u.control ? ' + control' : ''),
          esc(u.thresholds.over_25),
          esc(u.thresholds.at_least_50),
        ]),
        'No natural person is on record as an ultimate owner.',
      ) +
      table(
        ['Depth', 'Owned', 'Owner', 'Role', 'Share', 'Effective'],
        tree.hops.map((h) => [
          esc(h.depth),
          esc(h.from.name),
          `${esc(h.to.name)} <span class="meta">${esc(h.to.jurisdiction)}</span>`,
          esc(h.role),
          esc(share(h.share)),
          esc(share(h.effective_share)) + cite([h.provenance.ref]),
        ]),
        'No owners on record.',
      ) +
      (tree.chain_ends.length === 0
        ? ''
        : table(
            ['Chain ends at', 'Why'],
            tree.chain_ends.map((c) => [
              esc(c.entity.name),
              esc(c.summary) + (c.provenance === null ? '' : cite([c.provenance.ref])),
            ]),
            '',
          )) +
      (tree.cycles.length === 0
        ? ''
        : `<p>Ownership loops: ${tree.cycles.map((c) => esc(c.join(' → '))).join('; ')}</p>`) +
      (tree.truncated ? '<p class="note">The tree was cut at its size limit.</p>' : ''),
  );
  sections.push(
    `<h2>Risk <span class="level ${esc(d.risk.level)}">${esc(d.risk.level)}</span></h2>` +
      table(
        ['Signal', 'Severity', 'Finding'],
        d.risk.signals.map((s) => [esc(s.code), esc(s.severity), esc(s.summary) + cite([s.source_ref])]),
        'No risk signals.',
      ) +
      table(
        ['List', 'Program', 'Listed on', 'Reference'],
        r.sanctions.listings.map((l) => [
          esc(l.list),
          esc(l.program),
          esc(l.listed_on),
          esc(l.reference) + cite([l.source_ref]),
        ]),
        'Not on any sanctions list.',
      ) +
      `<p>Offshore exposure: <span class="level ${esc(r.offshore.level)}">${esc(r.offshore.level)}</span> ${r.offshore.secrecy_jurisdictions.map((s) => esc(s.name) + cite(s.source_refs)).join(', ')}</p>`,
  );
  if (r.screening !== null) {
    sections.push(
      `<h2>Screening within two relationships</h2>` +
        table(
          ['Party', 'Relation', 'Sanctioned', 'Risk'],
          r.screening.map((p) => [
            esc(p.entity.name) + cite([p.source_ref]),
            esc(p.relation),
            p.sanctioned ? '<strong>yes</strong>' : 'no',
            esc(p.risk),
          ]),
          'No related parties.',
        ),
    );
  }
  const fin = r.financial_history;
  sections.push(
    `<h2>Financial history${fin.currency === null ? '' : ` (${esc(fin.currency)})`}</h2>` +
      table(
        ['Period end', 'Turnover', 'Profit', 'Net assets', 'Cash', 'Employees'],
        fin.periods.map((p) => [
          esc(p.period_end) + cite([p.source_ref]),
          esc(p.turnover),
          esc(p.profit),
          esc(p.net_assets),
          esc(p.cash),
          esc(p.employees),
        ]),
        'No accounts on file.',
      ),
  );
  sections.push(
    `<h2>Timeline</h2>` +
      table(
        ['Date', 'Event'],
        r.timeline.map((t) => [esc(t.occurred_at.slice(0, 10)), `${esc(t.summary)}${cite([t.source_ref])}`]),
        'No events on record.',
      ),
  );
  sections.push(
    `<h2>Connections (${esc(r.connections.total)})</h2>` +
      table(
        ['Party', 'Role', 'Direction', 'Since', 'Until'],
        r.connections.items.map((c) => [
          esc(c.other.name) + cite([c.provenance.ref]),
          esc(c.role),
          c.direction === 'in' ? 'holds a role in it' : 'it holds a role',
          esc(c.start_date),
          esc(c.end_date),
        ]),
        'No connections.',
      ),
  );
  sections.push(
    `<h2>Sources</h2><ol class="sources">${d.sources.map((s) => `<li id="${esc(s.ref)}"><strong>${esc(s.ref)}</strong> ${esc(s.source)} ${esc(s.record_id)}, retrieved ${esc(s.retrieved_at)}: <a href="${esc(s.url)}">${esc(s.url)}</a>${s.note === undefined ? '' : ` <span class="meta">(${esc(s.note)})</span>`}</li>`).join('')}</ol>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(e.name)}: ${esc(r.tier)} report</title><style>${STYLE}</style></head>
<body><header><h1>${esc(e.name)}</h1>
<p class="meta">${esc(e.id)} · ${esc(e.type)}${e.jurisdiction === null ? '' : ` · ${esc(e.jurisdiction)}`} · ${esc(r.tier)} report generated ${esc(r.generated_at.slice(0, 16).replace('T', ' '))} UTC · every finding cites a numbered source</p></header>
${sections.join('\n')}
</body></html>
`;
}
