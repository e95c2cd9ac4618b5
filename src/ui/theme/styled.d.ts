import 'styled-components';
import type { AppTheme } from './theme';

/** Teaches styled-components the shape of buildTheme's answer, so `theme.color.x` is checked. */
declare module 'styled-components' {
  export interface DefaultTheme {
    mode: AppTheme['mode'];
    color: AppTheme['color'];
    snackbar: AppTheme['snackbar'];
    font: AppTheme['font'];
    radius: AppTheme['radius'];
    shadow: AppTheme['shadow'];
    layout: AppTheme['layout'];
    zIndex: AppTheme['zIndex'];
  }
}
