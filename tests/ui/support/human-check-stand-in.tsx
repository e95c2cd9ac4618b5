/**
 * The ALTCHA web component needs a real browser; component tests solve the check
 * with a click instead. Used through vi.mock of src/features/auth/human-check.
 */
export function HumanCheck({ onChange }: { onChange: (payload: string | null) => void }) {
  return (
    <button type="button" onClick={() => onChange('solved-captcha')}>
      Verify you are human
    </button>
  );
}
