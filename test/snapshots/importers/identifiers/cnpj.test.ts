// Receita Federal CNPJ release folder: companies, head offices, partners, on a fixture and on the real heads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { getEntity } from '../../../../engine/app/capabilities/get-entity.js';
import { lookupByIdentifier } from '../../../../engine/app/capabilities/lookup-by-identifier.js';
import { cnpj } from '../../../../snapshots/importers/identifiers/cnpj.js';
import { importSource } from '../../../../snapshots/importers/import-source.js';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { runImporter } from '../../../helpers/import.js';
import { fixture } from '../../../helpers/fixtures.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { loadTestCorpus, testContext } from '../../../helpers/snapshot.js';

const FOLDER = fixture('identifiers', 'cnpj');

describe('cnpj on the fixture release', () => {
  it('reads companies in Latin-1, strips the CPF from an entrepreneur name, and reports a bad root', async () => {
    const out = await runImporter(cnpj, FOLDER);
    const exemplo = out.entities.find((e) => e.id === 'br-cnpj:11222333' && e.name === 'EXEMPLO PARTICIPAÇÕES LTDA');
    assert.equal(exemplo?.company?.company_type, 'Sociedade Empresária Limitada');
    assert.match(exemplo?.description ?? '', /share capital BRL 1,500,000\.00/);
    assert.ok(out.entities.some((e) => e.id === 'br-cnpj:41292831' && e.name === 'RAMIRO ROBERTO PERES DA SILVA'));
    const bad = out.problems.find((p) => p.field === 'cnpj_basico');
    assert.match(bad?.at ?? '', /EMPRECSV:3$/);
  });

  it('takes the head office, not branches: CNPJ, address, activities, status; checks the check digits', async () => {
    const out = await runImporter(cnpj, FOLDER);
    const office = out.entities.find((e) => e.id === 'br-cnpj:11222333' && e.identifiers?.length);
    assert.deepEqual(office?.identifiers, [{ scheme: 'br-cnpj', value: '11222333000181' }]);
    assert.equal(office?.addresses?.[0], 'AVENIDA PAULISTA, 1000, ANDAR 12, BELA VISTA, SAO PAULO, SP, 01310100');
    assert.deepEqual(office?.company?.sic, ['6462000', '6463800', '7020400']);
    assert.equal(office?.company?.sic_descriptions?.['6462000'], '6462000 - Holdings de instituições não-financeiras');
    assert.equal(office?.incorporation_date, '2005-01-10');
    assert.ok(!out.entities.some((e) => e.aliases?.includes('EXEMPLO FILIAL')));
    const closed = out.entities.find((e) => e.id === 'br-cnpj:41292831' && e.status !== undefined);
    assert.equal(closed?.status, 'closed');
    assert.equal(closed?.dissolution_date, '2020-12-31');
    assert.ok(out.problems.some((p) => p.field === 'cnpj_dv' && /ESTABELE:4$/.test(p.at)));
  });

  it('turns partners into people, companies and foreign parties linked to the company', async () => {
    const out = await runImporter(cnpj, FOLDER);
    const jose = out.relationships.find((r) => r.source === 'br-pf:123456-jose-da-silva');
    assert.equal(jose?.target, 'br-cnpj:11222333');
    assert.equal(jose?.kind, 'ownership');
    assert.equal(jose?.role, 'partner-director');
    assert.deepEqual(jose?.natures, ['Sócio-Administrador']);
    assert.equal(jose?.start_date, '2005-01-10');
    assert.ok(out.relationships.some((r) => r.source === 'br-cnpj:13810056' && r.role === 'partner'));
    const offshore = out.entities.find((e) => e.id === 'br-foreign:offshore-holdings-ltd-863');
    assert.equal(offshore?.type, 'company');
    assert.equal(offshore?.jurisdiction, 'VG');
    // A masked CPF of zeros is no key: Ana is known only within this company.
    assert.ok(out.entities.some((e) => e.id === 'br-pf:11222333-ana-costa'));
    assert.equal(out.relationships.find((r) => r.source === 'br-pf:11222333-ana-costa')?.kind, 'directorship');
    assert.ok(out.problems.some((p) => p.field === 'identificador_socio' && /SOCIOCSV:5$/.test(p.at)));
  });

  it('builds into one company per root, found by its 14-digit CNPJ, with its foreign owner connected', async () => {
    const { corpus, remove } = await loadTestCorpus([importSource(cnpj, FOLDER, { retrievedAt: '2026-01-15' })]);
    try {
      const ctx = testContext(corpus, new Date('2026-02-01T00:00:00Z'));
      const found = await lookupByIdentifier.run(ctx, { scheme: 'br-cnpj', value: '11.222.333/0001-81' });
      assert.equal(found.entity.id, 'br-cnpj:11222333');
      assert.equal(found.entity.name, 'EXEMPLO PARTICIPAÇÕES LTDA');
      assert.ok(found.entity.aliases.includes('EXEMPLO'));
      const record = await getEntity.run(ctx, { id: 'br-cnpj:11222333', limit: 250 });
      assert.ok(
        record.connections.some((c) => c.other.id === 'br-foreign:offshore-holdings-ltd-863' && c.direction === 'in'),
      );
    } finally {
      remove();
    }
  });

  it('refuses a folder that is not a CNPJ release', async () => {
    await assert.rejects(runImporter(cnpj, path.dirname(FOLDER)), ImportError);
  });
});

describe('cnpj on the real release heads', { skip: skipUnlessShared('identifiers', 'br-cnpj-receita-federal') }, () => {
  it('reads every row of the 2,000-line heads and every partner', async () => {
    const dir = sharedData('identifiers', 'br-cnpj-receita-federal') as string;
    const lines = (f: string): number => readFileSync(path.join(dir, f), 'latin1').trim().split('\n').length;
    const out = await runImporter(cnpj, dir);
    assert.equal(out.problems.length, 0);
    const companies = new Set(out.entities.filter((e) => e.company?.company_type !== undefined).map((e) => e.id));
    assert.equal(companies.size, lines('EMPRECSV.csv'));
    assert.equal(out.relationships.length, lines('SOCIOCSV.csv'));
    const first = out.entities.find((e) => e.id === 'br-cnpj:41287249');
    assert.equal(first?.name, 'CAMILLE GOMES PEIXOTO');
    assert.equal(first?.company?.company_type, 'Empresário (Individual)');
    const office = out.entities.find((e) => e.identifiers?.some((i) => i.value === '13810056000153'));
    assert.equal(office?.name, 'MISTER - SERVICE');
    assert.equal(office?.incorporation_date, '1985-11-22');
  });
});
