// The paid report of a dossier: full tree, cluster, timeline, finances, and a summary where every sentence cites.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dossierBody, type DossierBody } from '../../../../engine/app/views/dossier-body.js';
import { renderReportHtml } from '../../../../engine/app/report/render-html.js';
import { A, C, demoInvestigations } from '../../../../snapshots/demo/investigations/all.js';
import { useTestContext } from '../../../helpers/snapshot.js';

const suite = useTestContext();

const report = (d: DossierBody): NonNullable<DossierBody['report']> => {
  assert.ok(d.report !== null);
  return d.report;
};

describe('dossier report', () => {
  it('is absent from the free dossier, which lists what it would add', () => {
    const d = dossierBody(suite.ctx, A.ukProperty, null);
    assert.equal(d.report, null);
    assert.ok(d.locked.length >= 5);
  });

  it('A: the full tree to the listed owner, the 50% rule, offshore HIGH, and a cited summary', () => {
    const d = dossierBody(suite.ctx, A.ukProperty, 'standard');
    const r = report(d);
    assert.deepEqual(d.locked, []);
    assert.equal(r.tier, 'standard');
    assert.equal(r.screening, null);
    assert.ok(r.ownership_tree.hops.some((h) => h.to.id === A.bviShell));
    assert.ok(r.ownership_tree.ubos.some((u) => u.entity.id === A.beneficialOwner));
    assert.ok(r.sanctions.via_ownership.some((v) => v.list === 'OFAC' && v.verdict === 'certain'));
    assert.equal(r.offshore.level, 'HIGH');
    assert.deepEqual(r.offshore.secrecy_jurisdictions.map((s) => s.code).sort(), ['CY', 'VG']);
    assert.equal(r.cluster.find((c) => c.method === 'self')?.entity.id, A.ukProperty);
    const text = r.summary.map((s) => s.text).join(' ');
    assert.match(text, /KESTREL WHARF PROPERTIES LIMITED is a company registered in the United Kingdom/);
    assert.match(text, /OFAC 50% rule/);
    assert.match(text, /Cyprus/);
    assert.match(text, /British Virgin Islands/);
  });

  it('C: financial history with the falling turnover, and a timeline newest first', () => {
    const r = report(dossierBody(suite.ctx, C.ukSubsidiary, 'standard'));
    assert.ok(r.financial_history.periods.length >= 2);
    const fall = r.financial_history.changes.find(
      (c) => c.metric === 'turnover' && c.to_period === r.financial_history.periods[0]!.period_end,
    );
    assert.ok(fall !== undefined && fall.to < fall.from);
    assert.match(r.summary.map((s) => s.text).join(' '), /Turnover fell/);
    assert.ok(r.timeline.length > 0);
    for (let i = 1; i < r.timeline.length; i++) assert.ok(r.timeline[i - 1]!.occurred_at >= r.timeline[i]!.occurred_at);
    assert.ok(r.ownership_tree.chain_ends.length > 0);
  });

  it('enhanced: screens every party within two relationships, sanctioned ones first', () => {
    const r = report(dossierBody(suite.ctx, A.cyprusHolding, 'enhanced'));
    assert.ok(r.screening !== null && r.screening.length > 0);
    assert.equal(r.screening[0]?.sanctioned, true);
    assert.ok(r.screening.every((p) => p.distance === 1 || p.distance === 2));
    assert.match(r.summary.map((s) => s.text).join(' '), /within two relationships/);
  });

  it('cites every sentence and every row of every demo report, and renders printable HTML', () => {
    const ids = demoInvestigations().flatMap((rec) => (rec.record === 'entity' ? [rec.id] : []));
    for (const id of ids) {
      const d = dossierBody(suite.ctx, id, 'enhanced');
      const r = report(d);
      const refs = new Set(d.sources.map((s) => s.ref));
      assert.ok(r.summary.length > 0, `${id}: empty summary`);
      const cited = [
        ...r.summary.flatMap((s) => s.source_refs),
        ...r.cluster.map((c) => c.source_ref),
        ...r.timeline.map((t) => t.source_ref),
        ...r.financial_history.periods.map((p) => p.source_ref),
        ...r.ownership_tree.hops.map((h) => h.provenance.ref),
        ...r.connections.items.map((c) => c.provenance.ref),
        ...r.sanctions.listings.map((l) => l.source_ref),
        ...(r.screening ?? []).map((p) => p.source_ref),
      ];
      for (const ref of cited) assert.ok(refs.has(ref), `${id}: ${ref} does not resolve`);
      for (const s of r.summary) assert.ok(s.source_refs.length > 0, `${id}: "${s.text}" cites nothing`);
      const html = renderReportHtml(d);
      assert.match(html, /^<!doctype html>/);
      assert.match(html, /@media print/);
      for (const s of d.sources)
        assert.ok(html.includes(`id="${s.ref}"`), `${id}: source ${s.ref} missing from the HTML`);
    }
  });

  it('escapes text in the HTML', () => {
    const d = dossierBody(suite.ctx, A.ukProperty, 'standard');
    const html = renderReportHtml({ ...d, entity: { ...d.entity, name: '<script>alert(1)</script>' } });
    assert.ok(!html.includes('<script>'));
    assert.ok(html.includes('&lt;script&gt;'));
  });
});
