import { createGlobalStyle } from 'styled-components';

/**
 * Printing an order gives one clean document: the shell (top bar, side menu), toolbars
 * and dialogs go, and the app's fixed-height frame lets the order run over pages
 * instead of clipping it to one screen.
 */
export const OrderPrintStyle = createGlobalStyle`
  @media print {
    html, body, #root {
      height: auto !important;
      overflow: visible !important;
      background: #ffffff !important;
      color: #000000 !important;
    }

    body header, body nav, [role='dialog'], [role='alertdialog'] {
      display: none !important;
    }

    main {
      display: block !important;
      overflow: visible !important;
    }

    #root > div, main > * {
      display: block !important;
      max-width: none !important;
      padding: 0 !important;
    }
  }
`;
