/** Status marks on the 24px grid of icons.tsx: a warning triangle and a check. They inherit the text colour. */
const frame = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const WarningIcon = () => (
  <svg {...frame}>
    <path d="M12 3.5 2.5 20h19L12 3.5z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </svg>
);

export const CheckIcon = () => (
  <svg {...frame}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
