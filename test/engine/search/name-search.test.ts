// Name search on the demo corpus: exact names first; legal-form spellings, diacritics, word order,
// transliteration and a one-letter typo still find the entity in the top 3.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Corpus } from '../../../engine/corpus.js';
import { A, B, C } from '../../../snapshots/demo/investigations/all.js';
import { loadTestCorpus, testSources } from '../../helpers/snapshot.js';

let corpus: Corpus;
let remove: () => void;

before(async () => {
  ({ corpus, remove } = await loadTestCorpus());
});
after(() => remove());

const top = (q: string, n = 3): string[] =>
  corpus.names.search(q, n).map((m) => corpus.entities.ids.at(m.entity) as string);

describe('name search', () => {
  it('ranks the exact name first', () => {
    assert.equal(top('KESTREL WHARF PROPERTIES LIMITED')[0], A.ukProperty);
    assert.equal(top('HALDEN PRECISION ENGINEERING LIMITED')[0], C.ukSubsidiary);
    assert.equal(top('LANTERN COMPANY SERVICES LIMITED')[0], B.agent);
  });

  for (const variant of [
    'Kestrel Wharf Properties Ltd',
    'Kestrel Wharf Properties Limited',
    'kestrel wharf properties L.T.D.',
    'KESTREL WHARF PROPERTIES LTD.',
  ]) {
    it(`finds the company spelled "${variant}"`, () => {
      assert.equal(top(variant)[0], A.ukProperty);
    });
  }

  it('ranks the exact legal form first among otherwise equal names', () => {
    // The formation agent appears in the leak under a slightly different name; its registry name must lead.
    const hits = top('Lantern Company Services Limited', 5);
    assert.equal(hits[0], B.agent);
  });

  it('ignores diacritics both ways', () => {
    assert.ok(top('Radu Stejarescu').includes(B.pep));
    assert.ok(top('Radu Stejărescu').includes(B.pep));
    assert.ok(top('STEJĂRESCU Radu Ilarion').includes(B.pep));
  });

  it('ignores word order', () => {
    assert.ok(top('Properties Kestrel Wharf').includes(A.ukProperty));
    assert.ok(top('Volkhonsky Arkady').includes(A.beneficialOwner));
  });

  it('meets transliteration variants', () => {
    const found = top('Arkadiy Sergeevich Volkhonskiy', 5);
    assert.ok(found.includes(A.ukRecord));
    assert.ok(found.includes(A.beneficialOwner) || found.includes(A.ofacRecord));
  });

  for (const typo of [
    'Kestrel Warf Properties',
    'Kestrel Wharf Propertise',
    'Halden Precison Engineering',
    'Lantern Compnay Services',
  ]) {
    it(`tolerates the typo in "${typo}"`, () => {
      const expected = typo.startsWith('Kestrel') ? A.ukProperty : typo.startsWith('Halden') ? C.ukSubsidiary : B.agent;
      assert.ok(top(typo).includes(expected), `${expected} not in ${top(typo).join(', ')}`);
    });
  }

  it('finds nothing for gibberish', () => {
    assert.deepEqual(top('zzqxjv'), []);
  });

  it('finds an entity by a former name', () => {
    assert.ok(top('Halden-Moss Precision Limited').includes(C.ukSubsidiary));
  });
});

describe('names given live', () => {
  let live: Corpus;
  let removeLive: () => void;
  before(async () => {
    ({ corpus: live, remove: removeLive } = await loadTestCorpus());
  });
  after(() => removeLive());

  const found = (q: string): string[] => live.names.search(q, 5).map((m) => live.entities.ids.at(m.entity) as string);

  it('finds a live name by some of its words, as a loaded one', () => {
    const ix = live.entities.indexOf(C.ukSubsidiary) ?? assert.fail('demo subsidiary');
    live.names.setNames(ix, ['Quillmore Harbour Logistics Limited']);
    assert.equal(found('Quillmore Harbour Logistics Limited')[0], C.ukSubsidiary);
    assert.ok(found('Quillmore Logistics').includes(C.ukSubsidiary));
    assert.ok(found('Harbour Quillmore').includes(C.ukSubsidiary));
  });

  it('finds a live name by its rare word among more live names sharing its common one than a search reads', () => {
    // A day's new companies repeat words like "trading": the one named after the query's rare word is still found
    // when no live name has all of the query's words.
    const others = live.entities.size - 1;
    assert.ok(others > 1_500, 'the test corpus has room for 1,500 renamed entities');
    for (let k = 0; k < 1_500; k++) live.names.setNames(others - k, [`Velmora ${k} Trading Limited`]);
    const ix = live.entities.indexOf(C.ukSubsidiary) ?? assert.fail('demo subsidiary');
    live.names.setNames(ix, ['Quillmore Trading Limited']);
    assert.equal(found('Quillmore Trading Limited')[0], C.ukSubsidiary);
    assert.ok(found('Quillmore Properties Services Trading').includes(C.ukSubsidiary));
  });

  it('no longer finds the names a live change replaced', () => {
    assert.ok(!found('HALDEN PRECISION ENGINEERING LIMITED').includes(C.ukSubsidiary));
    const ix = live.entities.indexOf(C.ukSubsidiary) ?? assert.fail('demo subsidiary');
    live.names.setNames(ix, ['Ostrander Quay Holdings Limited']);
    assert.ok(!found('Quillmore Logistics').includes(C.ukSubsidiary));
    assert.ok(found('Ostrander Quay').includes(C.ukSubsidiary));
  });
});

describe('names given live, among loaded names that fill the search pool', () => {
  // With a background this large a common word's loaded names alone fill the pool, so the search never falls back
  // to asking each word apart: only the live index's own word-by-word search finds a live name whose words stand
  // apart from each other.
  let big: Corpus;
  let removeBig: () => void;
  before(async () => {
    ({ corpus: big, remove: removeBig } = await loadTestCorpus(testSources(8_000)));
  });
  after(() => removeBig());

  it("finds a live name by its rare word when the query's common word fills the pool with loaded names", () => {
    const found = (q: string): string[] => big.names.search(q, 5).map((m) => big.entities.ids.at(m.entity) as string);
    const ix = big.entities.indexOf(C.ukSubsidiary) ?? assert.fail('demo subsidiary');
    // Four words apart: farther than the all-words search's neighbouring word pairs reach.
    big.names.setNames(ix, ['Quillmore Marine Engineering and Harbour Services Limited']);
    const services = big.names.search('Services', 1_000).length;
    assert.ok(services >= 150, `only ${services} loaded names hold "services": the pool is not filled`);
    assert.equal(found('Quillmore Services')[0], C.ukSubsidiary);
  });
});
