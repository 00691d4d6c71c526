// The sanctions lists refreshed from a publisher (a local server publishing the UK list's real extract in its
// format, with one designation added, then lifted): a listing reaches what the listed person owns, a delisting reverses it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { B } from '../../snapshots/demo/investigations/all.js';
import { runCli } from '../helpers/cli.js';
import { sharedData, skipUnlessShared } from '../helpers/shared-data.js';
import { buildTestSnapshot, getJson, investigationsOnly, serveOn, tempDir } from '../helpers/snapshot.js';

const UK = ['uk', 'UK_Sanctions_List_extract_5_designations.xml'];

/** A designation in the list's own format, for the demo's politically exposed person. */
const DESIGNATION = `  <Designation>
    <LastUpdated>25/11/2026</LastUpdated>
    <DateDesignated>25/11/2026</DateDesignated>
    <UniqueID>RUS9901</UniqueID>
    <Names>
      <Name>
        <Name1>Radu</Name1>
        <Name2>Ilarion</Name2>
        <Name6>STEJARESCU</Name6>
        <NameType>Primary Name</NameType>
      </Name>
    </Names>
    <RegimeName>The Russia (Sanctions) (EU Exit) Regulations 2019</RegimeName>
    <IndividualEntityShip>Individual</IndividualEntityShip>
    <DesignationSource>UK</DesignationSource>
    <SanctionsImposed>Asset freeze</SanctionsImposed>
    <IndividualDetails>
      <Individual>
        <DOBs>
          <DOB>03/10/1974</DOB>
        </DOBs>
        <Nationalities>
          <Nationality>Romania</Nationality>
        </Nationalities>
      </Individual>
    </IndividualDetails>
  </Designation>
`;

interface Sanctions {
  sanctioned: boolean;
  via_ownership: Array<{ owner: { id: string }; list: string; verdict: string }>;
}

describe('refreshing the sanctions lists', { skip: skipUnlessShared(...UK) }, () => {
  const extract = readFileSync(sharedData(...UK) ?? '', 'utf8');
  const withDesignation = extract.replace('</Designations>', `${DESIGNATION}</Designations>`);
  let published = withDesignation;
  let publisher: Server;
  let url = '';
  const t = tempDir('sanctions-refresh');
  const snapshot = path.join(t.dir, 'snapshot');
  const data = path.join(t.dir, 'data');
  const env = (): Record<string, string> => ({ UNSHELL_SANCTIONS_UK_URL: url });

  before(async () => {
    publisher = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(published);
    });
    await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}/UK-Sanctions-List.xml`;
    await buildTestSnapshot(snapshot, investigationsOnly());
  });
  after(async () => {
    await new Promise((resolve) => publisher.close(resolve));
    t.remove();
  });

  const exposure = async (base: string): Promise<{ sanctions: Sanctions; risk: string }> => ({
    sanctions: (await getJson<Sanctions>(`${base}/api/public/sanctions/${B.pepCompany}`)).body,
    risk: (await getJson<{ entity: { risk: string } }>(`${base}/api/public/entity/${B.pepCompany}`)).body.entity.risk,
  });

  it("a server's scheduled refresh lists the person, and what the person owns is exposed at once", async () => {
    const server = await serveOn(snapshot, data, { env: { ...env(), UNSHELL_SANCTIONS_REFRESH_HOURS: '24' } });
    try {
      const before = await exposure(server.base);
      assert.equal(before.sanctions.via_ownership.length, 0);
      let now = before;
      for (let i = 0; i < 200 && now.sanctions.via_ownership.length === 0; i++) {
        await delay(50);
        now = await exposure(server.base);
      }
      const via = now.sanctions.via_ownership.find((v) => v.list === 'UK');
      assert.ok(via !== undefined, 'the listed person reaches the company through its holding');
      assert.equal(via.verdict, 'certain');
      assert.equal(now.risk, 'HIGH');
      const person = await getJson<Sanctions>(`${server.base}/api/public/sanctions/${B.pep}`);
      assert.equal(person.body.sanctioned, true, 'the new list record joined the person by name and birth date');

      // The journal is the server's while it runs: the command says so rather than waiting on it.
      const beside = await runCli(
        ['refresh', 'sanctions', '--lists', 'UK', '--snapshot', snapshot, '--data-dir', data],
        env(),
      );
      assert.equal(beside.code, 1);
      assert.match(beside.stderr, /a running server holds the journal/);
    } finally {
      await server.stop();
    }
  });

  it('a refresh after the designation is lifted delists it, and the exposure goes with it', async () => {
    published = extract;
    const r = await runCli(
      ['refresh', 'sanctions', '--lists', 'UK', '--snapshot', snapshot, '--data-dir', data],
      env(),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^UK: 0 listed, 1 delisted, \d+ entities changed/);
    const server = await serveOn(snapshot, data);
    try {
      const after = await exposure(server.base);
      assert.equal(after.sanctions.via_ownership.length, 0);
      assert.notEqual(after.risk, 'HIGH');
    } finally {
      await server.stop();
    }
  });

  it('a publication that cannot be read changes nothing, and says why', async () => {
    published = '<Designations><Designation>';
    const r = await runCli(
      ['refresh', 'sanctions', '--lists', 'UK', '--snapshot', snapshot, '--data-dir', data],
      env(),
    );
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^UK: not applied: /);
  });
});
