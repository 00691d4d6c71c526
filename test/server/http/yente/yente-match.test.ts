// POST /api/public/yente/match/{dataset}: yente's own test queries (tests/test_match.py) against the yente test
// fixture (Zakharov and Zala Aero), answered in yente's shapes and scored by the one scorer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../../../snapshots/importers/import-source.js';
import { opensanctionsFtm } from '../../../../snapshots/importers/opensanctions/opensanctions-ftm.js';
import { ukFcdoXml } from '../../../../snapshots/importers/uk/uk-fcdo-xml.js';
import { investigationsSource } from '../../../../snapshots/demo/demo-corpus.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { postJson, startTestServer, type TestServer } from '../../../helpers/snapshot.js';
import { assertMatchResponseShape } from '../../../helpers/yente-shapes.js';

const ZALA = ['opensanctions', 'yente-fixture-zala', 'entities.ftm.json'];
const UK = ['uk', 'UK_Sanctions_List_extract_5_designations.xml'];
const ZAKHAROV = 'os:NK-aU5ybkbRFJucf8YMwsJvDw';

const QUERY_ZAKHAROV = {
  schema: 'Person',
  properties: { name: ['Alexander Vyacheslavovich ZAKHAROV'], birthDate: ['1965'], country: 'Russia' },
};
const MANY_NAMES = {
  schema: 'Person',
  properties: {
    name: [
      'Alexander Vyacheslavovich ZAKHAROV',
      'Aleksandr Vyacheslavovich Zakharov',
      'Александр Вячеславович Захаров',
      'Александр ЗАХАРОВ',
      'Захаров Александр Вячеславович',
      'Zakharov Aleksandr Vyacheslavovich',
      'Aleksandr Vjačeslavovič Zacharov',
    ],
  },
};

interface Result {
  id: string;
  score: number;
  match: boolean;
  explanations: Record<string, { score: number; detail: string }>;
}
interface Matches {
  results: Result[];
  total: { value: number };
  query: { id: string | null; schema: string; properties: Record<string, string[]> };
}
interface MatchBody {
  responses: Record<string, Matches>;
  detail?: string;
}

describe('yente match API', { skip: skipUnlessShared(...ZALA) || skipUnlessShared(...UK) }, () => {
  let server: TestServer;
  let url: string;
  before(async () => {
    const retrievedAt = '2026-05-01';
    server = await startTestServer([
      investigationsSource(),
      importSource(opensanctionsFtm, sharedData(...ZALA) ?? '', { retrievedAt }),
      importSource(ukFcdoXml, sharedData(...UK) ?? '', { retrievedAt }),
    ]);
    url = `${server.base}/api/public/yente/match`;
  });
  after(() => server.stop());
  const match = (body: unknown, query = '', dataset = 'default') =>
    postJson<MatchBody>(`${url}/${dataset}${query}`, body);

  it('answers each query of a batch under its key, in the shape of yente, with countries cleaned to codes', async () => {
    const r = await match({ queries: { vv: QUERY_ZAKHAROV, xx: QUERY_ZAKHAROV, zz: QUERY_ZAKHAROV } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assertMatchResponseShape(r.body, ['vv', 'xx', 'zz']);
    const vv = r.body.responses['vv']!;
    assert.equal(vv.query.schema, 'Person');
    assert.equal(vv.query.properties['country']?.[0], 'ru');
    assert.ok(vv.total.value > 0);
    assert.equal(vv.results[0]?.id, ZAKHAROV);
    assert.equal(vv.results[0]?.match, true);
    // The birth year agrees with the record's date: the scorer says so.
    assert.equal(vv.results[0]?.explanations['birth_date']?.score, 0.5);
    // Each query is one credit.
    assert.equal(r.headers.get('x-credits-cost'), '3');
  });

  it('finds the person by any of many names and scripts, and keeps the caller id on the echoed query', async () => {
    const r = await match({ queries: { no1: { ...MANY_NAMES, id: 'zakharov' } } });
    assert.equal(r.status, 200);
    const res = r.body.responses['no1']!;
    assert.equal(res.query.id, 'zakharov');
    assert.equal(res.results[0]?.id, ZAKHAROV);
  });

  it('bridges a name written without spaces', async () => {
    const q = { schema: 'Person', properties: { name: ['alexandervyacheslavovichzakharov', 'foo bar'] } };
    const r = await match({ queries: { a: q } });
    assert.equal(r.body.responses['a']?.results[0]?.id, ZAKHAROV);
  });

  it('lowers the score of a birth date that contradicts the record', async () => {
    const name = { name: ['Alexander Vyacheslavovich ZAKHAROV'] };
    const r = await match(
      {
        queries: {
          agrees: { schema: 'Person', properties: { ...name, birthDate: ['1965-09-21'] } },
          contradicts: { schema: 'Person', properties: { ...name, birthDate: ['1971-02-03'] } },
        },
      },
      '?cutoff=0',
    );
    const agrees = r.body.responses['agrees']!.results[0]!;
    const contradicts = r.body.responses['contradicts']!.results.find((x) => x.id === ZAKHAROV)!;
    assert.equal(agrees.match, true);
    assert.equal(contradicts.match, false);
    assert.equal(contradicts.explanations['birth_date']?.score, 0);
    assert.ok(contradicts.score < agrees.score);
  });

  it('decides by an identifier that agrees and vetoes by one that conflicts', async () => {
    const r = await match({
      queries: {
        inn: { schema: 'Company', properties: { name: ['Some other name'], innCode: ['9715478507'] } },
        registration: { schema: 'Company', properties: { name: ['Unrelated'], registrationNumber: ['1121831007759'] } },
        conflict: { schema: 'Company', properties: { name: ['ZALA AERO JSC'], innCode: ['1111111111'] } },
      },
    });
    assert.equal(r.body.responses['inn']?.results[0]?.id, 'os:NK-cPks3aTbes8k4aCerfBAzN');
    assert.equal(r.body.responses['inn']?.results[0]?.explanations['identifier']?.score, 1);
    assert.equal(r.body.responses['registration']?.results[0]?.id, 'os:NK-cWSvGMvufNH5KwEV88FwTA');
    assert.ok(!r.body.responses['conflict']?.results.some((x) => x.id === 'os:NK-cPks3aTbes8k4aCerfBAzN'));
  });

  it('matches a vessel by its IMO number, and refuses a sister ship with another', async () => {
    const r = await match({
      queries: {
        same: { schema: 'Vessel', properties: { name: ['PETREL 8'], imoNumber: ['IMO 9562233'] } },
        renamed: { schema: 'Vessel', properties: { name: ['Unknown tanker'], imoNumber: ['9562233'] } },
        sister: { schema: 'Vessel', properties: { name: ['Petrel 8'], imoNumber: ['IMO 9562234'] } },
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const petrel = r.body.responses['same']!.results[0]!;
    assert.equal(petrel.id, 'uk:DPR0075');
    assert.equal(r.body.responses['renamed']?.results[0]?.id, 'uk:DPR0075');
    assert.ok(!r.body.responses['sister']?.results.some((x) => x.id === 'uk:DPR0075'));
  });

  it('scopes by dataset: exclude_dataset and include_dataset, as yente does', async () => {
    const q = { queries: { vv: QUERY_ZAKHAROV } };
    assert.equal((await match(q, '?exclude_dataset=opensanctions')).body.responses['vv']?.results.length, 0);
    assert.equal((await match(q, '?include_dataset=demo&include_dataset=uk')).body.responses['vv']?.results.length, 0);
    assert.ok(
      (await match(q, '?include_dataset=demo&include_dataset=opensanctions')).body.responses['vv']!.results.length > 0,
    );
    assert.equal((await match(q, '', 'uk')).body.responses['vv']?.results.length, 0);
    assert.equal((await match(q, '?topics=crime.cyber')).body.responses['vv']?.results.length, 0);
    assert.ok((await match(q, '?topics=sanction')).body.responses['vv']!.results.length > 0);
    assert.equal(
      (await match(q, `?exclude_entity_ids=${ZAKHAROV}`)).body.responses['vv']?.results[0]?.id === ZAKHAROV,
      false,
    );
    assert.equal((await match(q, '?exclude_schema=Person')).body.responses['vv']?.results.length, 0);
  });

  it('refuses what yente refuses, with its error body and the status the rest of the API gives', async () => {
    const refused: Array<[unknown, string, number, RegExp]> = [
      [{ queries: { fail: { properties: { name: 'Banana' } } } }, '', 400, /queries\.fail\.schema/],
      [
        { queries: { fail: { schema: 'xxx', properties: { name: 'Banana' } }, ok: QUERY_ZAKHAROV } },
        '',
        400,
        /"xxx" is not a schema/,
      ],
      [
        { queries: { q: { schema: 'Person', properties: { birthdate: ['1965'] } } } },
        '',
        400,
        /did you mean "birthDate"/,
      ],
      [
        { queries: { q: { schema: 'Person', properties: { name: ['X'], country: ['Narnia'] } } } },
        '',
        400,
        /"Narnia" is not a country/,
      ],
      [
        { queries: { q: { schema: 'Person', properties: { name: ['X'], birthDate: ['last year'] } } } },
        '',
        400,
        /is not a date/,
      ],
      [
        { queries: { q: { schema: 'Thing', properties: { name: ['Zala'] } } } },
        '',
        400,
        /not a schema that can be matched/,
      ],
      [{ queries: {} }, '', 400, /No queries provided/],
      [{ queries: { vv: QUERY_ZAKHAROV } }, '?algorithm=neural-net', 400, /Invalid algorithm: neural-net/],
      [
        { queries: { vv: QUERY_ZAKHAROV }, config: { nm_number_mismatch: 0.4 } },
        '',
        400,
        /Invalid configuration parameter/,
      ],
      [{ queries: { vv: QUERY_ZAKHAROV } }, '?limit=0', 400, /limit/],
      [{ queries: { vv: QUERY_ZAKHAROV } }, '?changed_since=yesterday', 400, /changed_since/],
      ['{"queries": ', '', 400, /not valid JSON/],
    ];
    for (const [body, query, status, detail] of refused) {
      const r = await match(body, query);
      assert.equal(r.status, status, JSON.stringify(body));
      assert.match(r.body.detail ?? '', detail);
      assert.equal(r.headers.get('x-credits-cost'), '1');
    }
    const unknown = await match({ queries: { vv: QUERY_ZAKHAROV } }, '', 'nope');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.detail ?? '', /nope/);
  });

  it('takes the algorithm yente calls best, and refuses a batch over the caller limit with 413', async () => {
    const best = await match({ queries: { vv: QUERY_ZAKHAROV } }, '?algorithm=best');
    assert.equal(best.status, 200);
    const queries = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`q${i}`, QUERY_ZAKHAROV]));
    const tooMany = await match({ queries });
    assert.equal(tooMany.status, 413);
    assert.match(tooMany.body.detail ?? '', /limit is 25/);
  });
});
