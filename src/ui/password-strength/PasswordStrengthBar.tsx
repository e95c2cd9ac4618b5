import { useMemo } from 'react';
import { useTheme } from 'styled-components';
import { Label, Meter, Segment, Segments } from './password-strength.styles';
import { usePasswordPolicy } from './use-password-policy';

interface PasswordStrengthBarProps {
  password: string;
  /** Words the password should not lean on, e.g. the username. */
  userInputs?: string[];
}

const SEGMENTS = [1, 2, 3, 4] as const;

/** The strength bar of the spec: Weak (score 0-1), Fair (2), Good (3), Strong (4). */
export function PasswordStrengthBar({ password, userInputs = [] }: PasswordStrengthBarProps) {
  const theme = useTheme();
  const policy = usePasswordPolicy();
  const inputsKey = userInputs.join('\n');

  const strength = useMemo(() => {
    if (!policy || !password) return null;
    const score = policy.passwordScore(password, inputsKey ? inputsKey.split('\n') : []);
    return { score, label: policy.strengthLabel(score) };
  }, [policy, password, inputsKey]);

  // Weak fills one segment whether the score is 0 or 1, so the bar never looks empty once typed.
  const filled = strength ? Math.max(strength.score, 1) : 0;
  const colour = strength ? theme.color.strength[strength.score] : null;

  return (
    <Meter
      role="meter"
      aria-label="Password strength"
      aria-valuemin={0}
      aria-valuemax={4}
      aria-valuenow={strength?.score ?? 0}
      aria-valuetext={strength?.label ?? 'Not rated'}
    >
      <Segments>
        {SEGMENTS.map((n) => (
          <Segment key={n} $colour={n <= filled ? colour : null} />
        ))}
      </Segments>
      <Label $colour={colour}>{strength?.label ?? ''}</Label>
    </Meter>
  );
}
