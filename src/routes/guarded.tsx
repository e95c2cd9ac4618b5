import type { ComponentType } from 'react';
import { RoleGuard } from '../features/shell/role-guard';
import type { Capability } from '../domain/roles';

/** A route component that shows `Screen` only to viewers holding `capability`. */
export function guarded(capability: Capability, Screen: ComponentType) {
  return function GuardedScreen() {
    return (
      <RoleGuard capability={capability}>
        <Screen />
      </RoleGuard>
    );
  };
}
