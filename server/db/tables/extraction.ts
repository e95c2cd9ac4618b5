import type { Generated } from 'kysely';

/** A supplier's PDF extraction template as support saved it: `body` is the template's JSON. */
interface ExtractionTemplatesTable {
  id: Generated<number>;
  org_no: number;
  name: string;
  body: string;
  updated_at: string;
  updated_by: string;
}

export interface ExtractionTables {
  extraction_templates: ExtractionTemplatesTable;
}
