import { z } from 'zod';

/**
 * A predicate compiled from a zod schema: true only when the schema accepts the value
 * and its output would be the value itself (nothing stripped, defaulted or rewritten).
 *
 * Why: zod builds a new copy of every array and object it checks; over a fill chunk of
 * 2,000 product tuples that copy, and comparing it back to the answer, cost more than
 * parsing the JSON. The guard walks the value once and allocates nothing. It is made
 * from the domain schema itself, not written beside it, so a field renamed or retyped
 * in the schema changes the guard too.
 *
 * Conservative: a kind of schema it does not know (unions, transforms, defaults, lazy),
 * or an array or object with checks of its own, answers false, and the caller checks
 * with the schema (fastChecked below), which then also gives zod's errors.
 */
export type Guard = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const never: Guard = () => false;

/** Checks on a primitive (min, int, trim...): zod decides, and the value must come out unchanged. */
const primitiveWithChecks =
  (schema: z.ZodType, typeOk: Guard): Guard =>
  (v) => {
    if (!typeOk(v)) return false;
    const parsed = schema.safeParse(v);
    return parsed.success && parsed.data === v;
  };

const PRIMITIVES: Record<string, Guard> = {
  string: (v) => typeof v === 'string',
  // zod's number refuses NaN and the infinities.
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

function objectGuard(shape: Record<string, z.ZodType>, catchall: z.ZodType | undefined): Guard {
  // An unknown key is stripped by z.object and refused by z.strictObject: either way the output is not the input.
  if (catchall && defOf(catchall).type !== 'never') return never;
  const fields = Object.entries(shape).map(([key, schema]) => [key, compileGuard(schema), defOf(schema).type === 'optional'] as const);
  const known = new Set(Object.keys(shape));
  return (v) => {
    if (!isRecord(v)) return false;
    for (const key in v) if (!known.has(key)) return false;
    for (const [key, guard, optional] of fields) {
      const value = v[key];
      if (value === undefined ? !optional : !guard(value)) return false;
    }
    return true;
  };
}

export function compileGuard(schema: z.ZodType): Guard {
  const def = defOf(schema);
  const primitive = PRIMITIVES[def.type];
  if (primitive) return def.checks?.length ? primitiveWithChecks(schema, primitive) : primitive;
  if (def.checks?.length) return never;
  switch (def.type) {
    case 'nullable': {
      const inner = compileGuard(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = compileGuard(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case 'literal': {
      const values = new Set(def.values);
      return (v) => values.has(v);
    }
    case 'array': {
      const element = compileGuard(def.element!);
      return (v) => Array.isArray(v) && v.every(element);
    }
    case 'tuple': {
      if (def.rest) return never;
      const items = def.items!.map(compileGuard);
      return (v) => Array.isArray(v) && v.length === items.length && items.every((item, i) => item(v[i]));
    }
    case 'record': {
      if (defOf(def.keyType!).type !== 'string' || defOf(def.keyType!).checks?.length) return never;
      const value = compileGuard(def.valueType!);
      return (v) => isRecord(v) && Object.values(v).every(value);
    }
    case 'object':
      return objectGuard(def.shape!, def.catchall);
    default:
      return never;
  }
}

/**
 * The schema's check with the guard in front: a value the guard vouches for passes as
 * it is (the same object, so nothing is copied or compared back); anything else is
 * parsed by the schema, with its output and its errors.
 */
export function fastChecked<S extends z.ZodType>(schema: S, guard: Guard = compileGuard(schema)): z.ZodType<z.output<S>> {
  return z.unknown().transform((value, ctx) => {
    if (guard(value)) return value as z.output<S>;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', input: value });
    return z.NEVER;
  });
}
