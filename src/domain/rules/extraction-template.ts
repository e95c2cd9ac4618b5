import { RE2JS } from 're2js';
import { fieldErrors } from '../messages';
import {
  type ExtractionTemplateBody,
  extractionTemplateBodySchema,
  TEMPLATE_LINE_FIELDS,
  type TemplateLineField,
} from '../schemas/extraction-templates';

/** A template reads nothing without these: the invoice's number, date and total. */
const REQUIRED_TEMPLATE_FIELDS = ['documentId', 'dateCreated', 'totalValue'] as const;
/** A line without these columns cannot be matched to an order line or add up. */
const REQUIRED_LINE_GROUPS: readonly TemplateLineField[] = ['description', 'qtyShipped', 'unitPrice', 'grossLineTotal'];

/**
 * Compiles a pattern as templates run it: RE2 (linear time, so no pattern can backtrack
 * catastrophically), multi-line (^ and $ at each line). Throws on a pattern RE2 refuses,
 * such as back-references and look-arounds.
 */
export function compileTemplatePattern(source: string): RE2JS {
  return RE2JS.compile(source, RE2JS.MULTILINE);
}

function compileOr(path: string, source: string, errors: string[]): RE2JS | null {
  try {
    return compileTemplatePattern(source);
  } catch (err) {
    errors.push(fieldErrors.templatePattern(path, (err as Error).message));
    return null;
  }
}

/** Every problem of a template body: shape, patterns that do not compile, groups a field or line needs. */
export function templateBodyErrors(body: ExtractionTemplateBody): string[] {
  const errors: string[] = [];
  body.keywords.forEach((k, i) => compileOr(`keywords[${i}]`, k, errors));
  body.excludeKeywords.forEach((k, i) => compileOr(`excludeKeywords[${i}]`, k, errors));
  for (const field of REQUIRED_TEMPLATE_FIELDS) if (!body.fields[field]) errors.push(fieldErrors.templateRequiredField(field));
  for (const [field, source] of Object.entries(body.fields)) {
    const re = compileOr(`fields.${field}`, source, errors);
    if (re && re.groupCount() < 1) errors.push(fieldErrors.templateFieldGroup(field));
  }
  if (body.lines) {
    compileOr('lines.start', body.lines.start, errors);
    compileOr('lines.end', body.lines.end, errors);
    body.lines.skip.forEach((k, i) => compileOr(`lines.skip[${i}]`, k, errors));
    const line = compileOr('lines.line', body.lines.line, errors);
    if (line) {
      const names = Object.keys(line.namedGroups());
      const unknown = names.filter((n) => !(TEMPLATE_LINE_FIELDS as readonly string[]).includes(n));
      for (const n of unknown) errors.push(fieldErrors.templateLineGroupUnknown(n));
      const missing = REQUIRED_LINE_GROUPS.filter((n) => !names.includes(n));
      if (missing.length) errors.push(fieldErrors.templateLineGroups(missing.join(', ')));
    }
  }
  return errors;
}

/** The template support typed (JSON), checked whole: the body when usable, else every error found. */
export function parseTemplateJson(text: string): { body: ExtractionTemplateBody | null; errors: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { body: null, errors: [fieldErrors.templateNotJson((err as Error).message)] };
  }
  const parsed = extractionTemplateBodySchema.safeParse(raw);
  if (!parsed.success) {
    return { body: null, errors: parsed.error.issues.map((i) => fieldErrors.templateInvalid(i.path.join('.') || 'body', i.message)) };
  }
  const errors = templateBodyErrors(parsed.data);
  return { body: errors.length ? null : parsed.data, errors };
}
