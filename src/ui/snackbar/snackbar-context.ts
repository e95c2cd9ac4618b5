import { createContext } from 'react';

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';

export interface SnackbarMessage {
  variant: SnackbarVariant;
  message: string;
}

export interface SnackbarApi {
  notify(snackbar: SnackbarMessage): void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);
