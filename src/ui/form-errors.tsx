import { ErrorList } from './form-parts';

/** The errors of a refused change that name no field: an alert list above the form's buttons, nothing when there are none. */
export function FormErrors({ errors, label }: { errors: readonly string[]; label?: string }) {
  if (errors.length === 0) return null;
  return (
    <ErrorList role="alert" aria-label={label}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ErrorList>
  );
}
