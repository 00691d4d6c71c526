// The real sources' bulk files: where each publisher puts them, how to find the current one, and which importer reads it.
import type { SanctionsList } from '../../engine/model/records.js';
import {
  SANCTIONS_LIST_FORMATS,
  SANCTIONS_LIST_URLS,
  sanctionsListVariable,
} from '../../engine/sanctions/list-publications.js';

export const SOURCE_CODES = ['ch', 'psc', 'officers', 'gleif', 'icij', 'ofac', 'un', 'eu', 'uk'] as const;
export type SourceCode = (typeof SOURCE_CODES)[number];

/** One published file of a source. */
export interface PublishedFile {
  /** Names the file in the manifest and in its variable; unique across sources. */
  id: string;
  /** The importer format that reads the file, or the folder its archive unpacks to. */
  format: string;
  /**
   * Where unshell starts: the file itself, or the page that links to the current one (`link`). Null when the
   * publisher has no public address for it: then only a configured one is fetched.
   */
  address: string | null;
  /** The variable that points it elsewhere (a mirror, a local stand-in). */
  variable: string;
  /** On the page at `address`, the link to the current file (the newest, by its name, when several match). */
  link?: RegExp;
  /** The file's name in the source's folder; a linked file keeps the name of its link. */
  name: string;
  /** A zip archive, unpacked into a folder of the file's name without `.zip`, which the importer reads. */
  zip?: boolean;
}

export interface PublishedSource {
  code: SourceCode;
  title: string;
  files: PublishedFile[];
  /** Why a file has no public address, and how to get one. */
  note?: string;
}

const variable = (id: string): string => `UNSHELL_SOURCE_${id.toUpperCase().replaceAll('-', '_')}_URL`;

const CH_DOWNLOADS = 'https://download.companieshouse.gov.uk';
const GLEIF_PUBLISHES = 'https://goldencopy.gleif.org/api/v2/golden-copies/publishes';

const sanctionsSource = (code: SourceCode, list: SanctionsList, title: string): PublishedSource => ({
  code,
  title,
  files: [
    {
      id: code,
      format: SANCTIONS_LIST_FORMATS[list],
      address: SANCTIONS_LIST_URLS[list],
      variable: sanctionsListVariable(list),
      name: `${code}.xml`,
    },
  ],
});

export const SOURCE_CATALOG: readonly PublishedSource[] = [
  {
    code: 'ch',
    title: 'Companies House, Free Company Data Product (BasicCompanyData, monthly)',
    files: [
      {
        id: 'ch',
        format: 'ch-basic-csv',
        address: `${CH_DOWNLOADS}/en_output.html`,
        variable: variable('ch'),
        link: /BasicCompanyDataAsOneFile-\d{4}-\d{2}-\d{2}\.zip/,
        name: 'BasicCompanyDataAsOneFile.zip',
        zip: true,
      },
    ],
  },
  {
    code: 'psc',
    title: 'Companies House, persons with significant control snapshot (daily)',
    files: [
      {
        id: 'psc',
        format: 'ch-psc',
        address: `${CH_DOWNLOADS}/en_pscdata.html`,
        variable: variable('psc'),
        link: /persons-with-significant-control-snapshot-\d{4}-\d{2}-\d{2}\.zip/,
        name: 'persons-with-significant-control-snapshot.zip',
        zip: true,
      },
    ],
  },
  {
    code: 'officers',
    title: 'Companies House, officers bulk file (Product 195 snapshot or 198 update)',
    files: [
      {
        id: 'officers',
        format: 'ch-officers',
        address: null,
        variable: variable('officers'),
        name: 'officers.dat',
      },
    ],
    note:
      'Companies House supplies the officers bulk files on request, not at a public address: set ' +
      `${variable('officers')} to where yours is served`,
  },
  {
    code: 'gleif',
    title: 'GLEIF golden copy: LEI records, relationship records and reporting exceptions',
    files: [
      {
        id: 'gleif-lei2',
        format: 'gleif-json',
        address: `${GLEIF_PUBLISHES}/lei2/latest.json`,
        variable: variable('gleif-lei2'),
        name: 'lei2.json.zip',
        zip: true,
      },
      {
        id: 'gleif-rr',
        format: 'gleif-rr',
        address: `${GLEIF_PUBLISHES}/rr/latest.xml`,
        variable: variable('gleif-rr'),
        name: 'rr.xml.zip',
        zip: true,
      },
      {
        id: 'gleif-repex',
        format: 'gleif-exceptions',
        address: `${GLEIF_PUBLISHES}/repex/latest.xml`,
        variable: variable('gleif-repex'),
        name: 'repex.xml.zip',
        zip: true,
      },
    ],
  },
  {
    code: 'icij',
    title: 'ICIJ Offshore Leaks database (CSV)',
    files: [
      {
        id: 'icij',
        format: 'icij-csv',
        address: 'https://offshoreleaks-data.icij.org/offshoreleaks/csv/full-oldb.LATEST.zip',
        variable: variable('icij'),
        name: 'full-oldb.zip',
        zip: true,
      },
    ],
  },
  sanctionsSource('ofac', 'OFAC', 'OFAC Specially Designated Nationals list (XML)'),
  sanctionsSource('un', 'UN', 'UN Security Council Consolidated List (XML)'),
  sanctionsSource('eu', 'EU', 'EU Consolidated Financial Sanctions File (XML 1.1)'),
  sanctionsSource('uk', 'UK', 'UK Sanctions List (FCDO, XML)'),
];

export const isSourceCode = (code: string): code is SourceCode => (SOURCE_CODES as readonly string[]).includes(code);

export function sourceOf(code: SourceCode): PublishedSource {
  const found = SOURCE_CATALOG.find((s) => s.code === code);
  if (found === undefined) throw new Error(`no source ${code} in the catalog`);
  return found;
}

/** A file's address: its variable's value when set, else the publisher's (null when it has none). */
export const addressOf = (file: PublishedFile, env: NodeJS.ProcessEnv): string | null => {
  const set = env[file.variable];
  return set !== undefined && set !== '' ? set : file.address;
};
