import { use } from 'react';
import { SnackbarContext, type SnackbarApi } from './snackbar-context';

export function useSnackbar(): SnackbarApi {
  const api = use(SnackbarContext);
  if (!api) throw new Error('useSnackbar needs a SnackbarProvider above it');
  return api;
}
