import type { ReactNode } from 'react';

/** Row-action icons on the same 24px line grid as icons.tsx; they inherit the text colour. */
const ActionIcon = ({ children }: { children: ReactNode }) => (
  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

export const EditIcon = () => (
  <ActionIcon>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </ActionIcon>
);

export const DeleteIcon = () => (
  <ActionIcon>
    <path d="M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </ActionIcon>
);

export const AlertIcon = () => (
  <ActionIcon>
    <path d="M12 3l10 18H2L12 3zM12 10v5M12 18v.5" />
  </ActionIcon>
);

export const SwitchUserIcon = () => (
  <ActionIcon>
    <path d="M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 016-6h2M16 14l3 3-3 3M22 17h-7" />
  </ActionIcon>
);

export const PeopleIcon = () => (
  <ActionIcon>
    <path d="M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M16 3.5a4 4 0 010 7M22 21v-1a6 6 0 00-4-5.6" />
  </ActionIcon>
);
