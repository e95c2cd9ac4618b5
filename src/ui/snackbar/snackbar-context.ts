import { createContext } from 'react';

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';

export interface SnackbarMessage {
  variant: SnackbarVariant;
  message: string;
  /** The outcome of one action (e.g. a form's save): a newer snackbar of the same topic replaces the older, so only the last outcome shows. */
  topic?: string;
}

export interface SnackbarApi {
  notify(snackbar: SnackbarMessage): void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);
