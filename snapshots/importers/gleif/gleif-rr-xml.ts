// GLEIF RR-CDF XML (golden-copy relationship records): accounting-consolidation parents → `parent` relationships.
import { ImportError, defineImporter, type Located } from '../importer.js';
import { isoDate } from '../common/record-dates.js';
import { child, children, textAt } from '../common/xml-node.js';
import { xmlSubtrees } from '../common/xml-subtrees.js';
import { relationshipRecord } from './level2.js';

const ELEMENTS = new Set(['Header', 'RelationshipRecord']);

export const gleifRrXml = defineImporter({
  format: 'gleif-rr',
  description: 'GLEIF RR-CDF XML relationship records: direct and ultimate parents as parent links (parent → child)',
  source: 'gleif',
  input: 'file',
  async *read(file, { retrievedAt }): AsyncGenerator<Located> {
    let asOf: string | null = null;
    for await (const node of xmlSubtrees(file, ELEMENTS)) {
      const line = node.line;
      if (node.name === 'Header') {
        asOf = isoDate(textAt(node, 'ContentDate')) ?? retrievedAt;
        continue;
      }
      if (asOf === null) throw new ImportError(file, 'not an RR-CDF file: RelationshipRecord before any Header', line);
      const rel = child(node, 'Relationship');
      const child_ = textAt(rel, 'StartNode/NodeID');
      const type = textAt(rel, 'RelationshipType');
      const mapped = relationshipRecord(
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
      if (mapped !== null)
        yield 'record' in mapped
          ? { at: `${file}:${line}`, record: mapped.record }
          : { at: `${file}:${line}`, ...mapped };
    }
    if (asOf === null) throw new ImportError(file, 'not an RR-CDF file: no Header');
  },
});
