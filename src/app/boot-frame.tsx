import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { DEFAULT_PALETTE } from '../domain/theme-palette';
import { SessionLoading } from '../features/auth/session-loading';
import { GlobalStyle } from '../ui/theme/global-style';
import { buildTheme } from '../ui/theme/theme';

export interface BootFrame {
  html: string;
  /** styled-components' <style> tags of the markup. */
  styles: string;
}

/**
 * The loading screen as markup and styles, rendered once at build time (vite.config.ts
 * writes it into index.html's #root). The browser paints it from the HTML alone, so the
 * first paint, and the sign-in page's largest text (the frame's tagline), do not wait for
 * the scripts; React then renders over it. In the default palette: a saved palette is
 * only known to the scripts.
 */
export function renderBootFrame(): BootFrame {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={buildTheme(DEFAULT_PALETTE)}>
          <GlobalStyle />
          <SessionLoading />
        </ThemeProvider>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
