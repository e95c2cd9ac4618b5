import { Icon } from './icons';

/**
 * Goods coming in: an arrow down into a tray. A module of its own: icons.tsx loads with
 * the sign-in page (tests/e2e/sign-in-weight.test.ts), this icon only with the shell's menu.
 */
export const ReceiveIcon = () => (
  <Icon>
    <path d="M12 3v10M8 9l4 4 4-4" />
    <path d="M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
  </Icon>
);
