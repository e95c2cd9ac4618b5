import type { Remote } from 'comlink';
import type { MirrorArgs, MirrorKind, MirrorResult } from '../../sync/mirror-registry';
import type { SyncWorkerApi } from '../../sync/worker-api';

/** The running engine (in the sync worker), for hooks that ask it to mirror a page. Null before startSync. */
let engine: Remote<SyncWorkerApi> | null = null;

export const syncEngine = () => engine;

export function setSyncEngine(next: Remote<SyncWorkerApi> | null): void {
  engine = next;
}

/** The engine's `mirror` with its type parameter: comlink's Remote type keeps a method's parameters but not its generics. */
type TypedMirror = <K extends MirrorKind>(kind: K, ...args: MirrorArgs<K>) => Promise<MirrorResult<K>>;

/**
 * Asks the running engine to mirror one kind of the registry (src/sync/mirror-registry.ts)
 * by name; undefined before startSync, so a screen shows what the store holds.
 */
export function mirror<K extends MirrorKind>(kind: K, ...args: MirrorArgs<K>): Promise<MirrorResult<K>> | undefined {
  return (engine as { mirror: TypedMirror } | null)?.mirror(kind, ...args);
}
