import { templateBodyErrors } from '../../../src/domain/rules/extraction-template';
import {
  type ExtractionTemplate,
  extractionTemplateBodySchema,
  type ExtractionTemplateView,
} from '../../../src/domain/schemas/extraction-templates';
import type { Db } from '../../db/database';
import { SHIPPED_TEMPLATES } from './shipped-templates';

interface StoredRow {
  id: number;
  name: string;
  body: string;
  updated_at: string;
  supplier_key: string;
}

function storedRows(db: Db, supplierKey?: string) {
  let q = db
    .selectFrom('extraction_templates')
    .innerJoin('orgs', 'orgs.org_no', 'extraction_templates.org_no')
    .select(['extraction_templates.id', 'extraction_templates.name', 'extraction_templates.body', 'extraction_templates.updated_at', 'orgs.unique_key as supplier_key'])
    .where('orgs.deleted', '=', 0);
  if (supplierKey !== undefined) q = q.where('orgs.unique_key', '=', supplierKey);
  return q.orderBy('extraction_templates.name').orderBy('extraction_templates.id').execute() as Promise<StoredRow[]>;
}

/** A stored body read as a template; null if a later, stricter rule no longer accepts it. */
function templateOf(row: StoredRow): ExtractionTemplate | null {
  let raw: unknown;
  try {
    raw = JSON.parse(row.body);
  } catch {
    return null;
  }
  const parsed = extractionTemplateBodySchema.safeParse(raw);
  if (!parsed.success || templateBodyErrors(parsed.data).length) return null;
  return { ...parsed.data, name: row.name, supplierKey: row.supplier_key };
}

const overrides = (stored: readonly { name: string; supplier_key: string }[], t: ExtractionTemplate) =>
  stored.some((s) => s.supplier_key === t.supplierKey && s.name === t.name);

/**
 * The templates the intake tries on a plain PDF, in order: those of the supplier the
 * intake already suspects (by sender source) first, then every other supplier's;
 * support's own before the shipped ones, which a saved template of the same name replaces.
 */
export async function loadExtractionTemplates(db: Db, opts: { preferSupplierKey?: string | null } = {}): Promise<ExtractionTemplate[]> {
  const rows = await storedRows(db);
  const saved = rows.map(templateOf).filter((t): t is ExtractionTemplate => t !== null);
  const all = [...saved, ...SHIPPED_TEMPLATES.filter((t) => !overrides(rows, t))];
  const preferred = opts.preferSupplierKey;
  return preferred ? [...all.filter((t) => t.supplierKey === preferred), ...all.filter((t) => t.supplierKey !== preferred)] : all;
}

/** A template body as support edits it: the JSON without the name and supplier, which have their own fields. */
export function templateJson(t: ExtractionTemplate): string {
  const { name: _name, supplierKey: _supplier, ...body } = t;
  return JSON.stringify(body, null, 2);
}

/** One supplier's templates for the account drawer: support's saved ones, and the shipped ones not replaced. */
export async function supplierTemplateViews(db: Db, supplierKey: string): Promise<ExtractionTemplateView[]> {
  const rows = await storedRows(db, supplierKey);
  const saved = rows.map((r) => ({ id: r.id, name: r.name, supplierKey, template: r.body, shipped: false, updatedAt: r.updated_at }));
  const shipped = SHIPPED_TEMPLATES.filter((t) => t.supplierKey === supplierKey && !overrides(rows, t)).map((t) => ({
    id: null,
    name: t.name,
    supplierKey,
    template: templateJson(t),
    shipped: true,
    updatedAt: null,
  }));
  return [...saved, ...shipped];
}
