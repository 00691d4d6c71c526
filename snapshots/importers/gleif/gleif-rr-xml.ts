// GLEIF RR-CDF XML (golden-copy relationship records): accounting-consolidation parents → `parent` relationships.
import { child, children, textAt, type XmlNode } from '../common/xml-node.js';
import { defineImporter } from '../importer.js';
import { readGleifXml } from './gleif-xml-records.js';
import { relationshipRecord } from './level2.js';
import type { Mapped } from './mapped-record.js';

const LAYOUT = { file: 'an RR-CDF file', header: 'Header', record: 'RelationshipRecord' };

function relationship(node: XmlNode, asOf: string): Mapped {
  const rel = child(node, 'Relationship');
  const child_ = textAt(rel, 'StartNode/NodeID');
  const type = textAt(rel, 'RelationshipType');
  return relationshipRecord(
    {
      child: child_,
      childType: textAt(rel, 'StartNode/NodeIDType'),
      parent: textAt(rel, 'EndNode/NodeID'),
      parentType: textAt(rel, 'EndNode/NodeIDType'),
      type,
      status: textAt(rel, 'RelationshipStatus') || null,
      periods: children(child(rel, 'RelationshipPeriods'), 'RelationshipPeriod').map((p) => ({
        start: textAt(p, 'StartDate') || null,
        end: textAt(p, 'EndDate') || null,
        type: textAt(p, 'PeriodType') || null,
      })),
      qualifiers: children(child(rel, 'RelationshipQualifiers'), 'RelationshipQualifier').map(
        (q) => `${textAt(q, 'QualifierDimension')}:${textAt(q, 'QualifierCategory')}`,
      ),
      registrationStatus: textAt(node, 'Registration/RegistrationStatus') || null,
      lastUpdate: textAt(node, 'Registration/LastUpdateDate') || null,
      recordId: `${child_}|${type}`,
    },
    asOf,
  );
}

export const gleifRrXml = defineImporter({
  format: 'gleif-rr',
  description: 'GLEIF RR-CDF XML relationship records: direct and ultimate parents as parent links (parent → child)',
  source: 'gleif',
  input: 'file',
  read: (file, { retrievedAt }) =>
    readGleifXml(file, LAYOUT, retrievedAt, (record, asOf) => [relationship(record, asOf)]),
});
