import { useStorageUse } from '../../local/storage-use/use-storage-use';
import { Muted } from './sync-status.styles';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> "1.5 KB"; whole numbers below 10 keep one decimal. */
function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * How much of the browser's quota the offline data uses, and whether the browser
 * agreed to keep it (persistent storage). Nothing where the browser does not say.
 */
export function StorageUse({ changedWhen }: { changedWhen: unknown }) {
  const use = useStorageUse(changedWhen);
  if (!use || use.quota <= 0) return null;
  const kept = use.persisted ? 'The browser keeps this data.' : 'The browser may clear this data when disk space runs low.';
  return (
    <Muted title={`Offline data saved in this browser. ${kept}`} data-testid="storage-use">
      {formatBytes(use.usage)} of {formatBytes(use.quota)} used
    </Muted>
  );
}
