import { useEffect, useMemo, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useThemePalette } from '../local/theme/theme-palette';
import { GlobalStyle } from '../ui/theme/global-style';
import { buildTheme } from '../ui/theme/theme';

/** Applies the user's saved palette to everything below, and to the browser's own chrome. */
export function ThemedApp({ children }: { children: ReactNode }) {
  const palette = useThemePalette();
  const theme = useMemo(() => buildTheme(palette), [palette]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.color.primary);
  }, [theme]);

  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
