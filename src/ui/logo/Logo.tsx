import { useTheme } from 'styled-components';
import { mix } from '../theme/colour';

/**
 * The portal's mark: goods going out and coming back between two parties. In dark
 * mode the tile lightens and the arrows darken, so the mark keeps its weight on a
 * dark surface.
 */
export function Logo({ size = 32 }: { size?: number }) {
  const theme = useTheme();
  const dark = theme.mode === 'dark';
  const tile = dark ? mix(theme.color.primary, '#ffffff', 0.75) : theme.color.primary;
  const outgoing = dark ? theme.color.primary : '#ffffff';
  const incoming = dark ? theme.color.secondary : mix(theme.color.secondary, '#ffffff', 0.35);

  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      data-mode={theme.mode}
    >
      <rect width="32" height="32" rx="8" fill={tile} />
      <g fill="none" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round">
        <path d="M8.5 12h14M18.5 8l4 4-4 4" stroke={outgoing} />
        <path d="M23.5 20h-14M13.5 16l-4 4 4 4" stroke={incoming} />
      </g>
    </svg>
  );
}
