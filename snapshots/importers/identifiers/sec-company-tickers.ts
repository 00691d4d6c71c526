// SEC EDGAR company_tickers.json: CIK, ticker and title → companies `sec:<CIK10>` with their tickers.
import { readFile } from 'node:fs/promises';
import { ImportError, defineImporter, type Located } from '../importer.js';
import { provenance } from '../common/provenance.js';

export const secCompanyTickers = defineImporter({
  format: 'sec-tickers',
  description: 'SEC EDGAR company_tickers.json: CIK, ticker and name of every listed filer',
  source: 'sec',
  input: 'file',
  async *read(file, { retrievedAt }): AsyncGenerator<Located> {
    // The whole list is one JSON object of about 10,000 entries (under 1 MB), so it is parsed at once.
    let doc: unknown;
    try {
      doc = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      throw new ImportError(file, `not readable JSON: ${(e as Error).message}`);
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
      throw new ImportError(file, 'not company_tickers.json: expected an object keyed by rank');
    for (const [rank, raw] of Object.entries(doc as Record<string, unknown>)) {
      const at = `${file}#${rank}`;
      const row = (raw ?? {}) as { cik_str?: unknown; ticker?: unknown; title?: unknown };
      // cik_str is an integer without the leading zeros EDGAR's URLs and the `sec` scheme need.
      const cik = typeof row.cik_str === 'number' || typeof row.cik_str === 'string' ? String(row.cik_str) : '';
      if (!/^\d{1,10}$/.test(cik)) {
        yield { at, field: 'cik_str', problem: `not a CIK: "${cik}"` };
        continue;
      }
      const title = typeof row.title === 'string' ? row.title.trim() : '';
      if (title === '') {
        yield { at, field: 'title', problem: 'no company name' };
        continue;
      }
      const cik10 = cik.padStart(10, '0');
      const ticker = typeof row.ticker === 'string' ? row.ticker.trim() : '';
      // One CIK may list several share classes; each row repeats the company and the build merges them.
      yield {
        at,
        record: {
          record: 'entity',
          id: `sec:${cik10}`,
          type: 'company',
          name: title,
          identifiers: [
            { scheme: 'sec', value: cik10 },
            ...(ticker === '' ? [] : [{ scheme: 'ticker', value: ticker }]),
          ],
          description: ticker === '' ? null : `SEC filer, listed as ${ticker}`,
          provenance: [
            provenance(
              'sec',
              cik10,
              `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${cik10}`,
              retrievedAt,
            ),
          ],
        },
      };
    }
  },
});
