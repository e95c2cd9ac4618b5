import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';
import { altchaChallengeUrl } from '../../local/online/session-calls';

interface HumanCheckProps {
  /**
   * Whether the visitor has started on the form: the widget's script (a third of the
   * page's JavaScript) loads only then, so the page's first load does not carry it.
   */
  wanted: boolean;
  /** The ALTCHA payload once solved; null when it expires, fails or restarts. */
  onChange: (payload: string | null) => void;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * The self-hosted proof-of-work check the login needs. Kept behind this small
 * component because the web component cannot run outside a real browser.
 */
export function HumanCheck({ wanted, onChange }: HumanCheckProps) {
  const widget = useRef<HTMLElement>(null);
  const theme = useTheme();

  useEffect(() => {
    // Defines <altcha-widget>; until then the element is an empty box of its own height.
    if (wanted) void import('altcha');
  }, [wanted]);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [onChange]);

  return (
    <altcha-widget
      ref={widget}
      challenge={altchaChallengeUrl}
      style={{
        // The widget's own height, held before its script defines it, so Login does not move down when it appears.
        display: 'block',
        minHeight: '4.7rem',
        '--altcha-max-width': '100%',
        '--altcha-border-radius': theme.radius.small,
        '--altcha-border-color': theme.color.border,
        '--altcha-color-base': theme.color.surface,
        '--altcha-color-base-content': theme.color.text,
        '--altcha-color-primary': theme.color.primary,
        '--altcha-color-primary-content': theme.color.onPrimary,
      }}
    />
  );
}
