/**
 * Plain error texts (a refused change's `errors`) sorted to the form fields they
 * name: an error belongs to the field whose label it starts with, as the rules word
 * them ('Taxable Code is required'); a form with a single field takes them all. The
 * rest are the form's own.
 */
export function errorsByField<F extends string>(
  errors: readonly string[],
  labels: Record<F, string>,
): { fields: Partial<Record<F, string>>; form: string[] } {
  const entries = Object.entries(labels) as Array<[F, string]>;
  const fields: Partial<Record<F, string>> = {};
  const form: string[] = [];
  // Longest labels first, so 'Non Taxable Code' is not taken for 'Taxable Code'.
  const byLength = [...entries].sort((a, b) => b[1].length - a[1].length);
  for (const error of errors) {
    const match = entries.length === 1 ? entries[0] : byLength.find(([, label]) => error.startsWith(label));
    if (!match) form.push(error);
    else fields[match[0]] = fields[match[0]] ? `${fields[match[0]]} ${error}` : error;
  }
  return { fields, form };
}
