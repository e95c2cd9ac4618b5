/**
 * Whether a schema's output kept every field of what it parsed: the same keys at
 * every level (schemas here only drop unknown keys, they never rename or add). Counts
 * keys without building arrays, so it costs a small part of writing the value out.
 */
export function sameShape(input: unknown, output: unknown): boolean {
  if (input === output) return true;
  if (typeof input !== 'object' || typeof output !== 'object' || input === null || output === null) return false;
  if (Array.isArray(input)) {
    if (!Array.isArray(output) || input.length !== output.length) return false;
    for (let i = 0; i < input.length; i++) if (!sameShape(input[i], output[i])) return false;
    return true;
  }
  const a = input as Record<string, unknown>;
  const b = output as Record<string, unknown>;
  let keys = 0;
  for (const key in a) {
    keys++;
    if (!(key in b) || !sameShape(a[key], b[key])) return false;
  }
  for (const _key in b) keys--;
  return keys === 0;
}
