import type { OrgPathKind, RenderFor } from '../domain/roles';
import type { Policy } from '../domain/schemas/session';

/**
 * A scope is one organisation seen through one path kind: `seller:SUPACMESCI01`,
 * `buyer:UNIWESTMERE1`, `org:SUPACMESCI01`. Every mirrored row is keyed by its scope
 * first, so rows of different organisations never mix and a support user switching
 * the assumed organisation reads only that organisation's rows.
 */
export type ScopeId = `${OrgPathKind}:${string}`;

export interface Scope {
  kind: OrgPathKind;
  orgKey: string;
}

export const scopeId = (kind: OrgPathKind, orgKey: string): ScopeId => `${kind}:${orgKey}`;

export function parseScope(id: string): Scope {
  const at = id.indexOf(':');
  const kind = id.slice(0, at);
  if (kind !== 'seller' && kind !== 'buyer' && kind !== 'org') throw new Error(`Not a scope: ${id}`);
  return { kind, orgKey: id.slice(at + 1) };
}

/**
 * The scopes one session mirrors: the organisation being viewed (the assumed one of
 * a support user) as seller or buyer, its org-level data, and the user's own org.
 */
export function scopesFor(policy: Pick<Policy, 'orgType' | 'orgId' | 'userType'>, renderFor: RenderFor | null): ScopeId[] {
  const viewed = policy.userType === 'SUPPORT' ? renderFor : { orgType: policy.orgType, orgId: policy.orgId };
  const scopes = new Set<ScopeId>([scopeId('org', policy.orgId)]);
  if (viewed && viewed.orgType === 'SUPPLIER') scopes.add(scopeId('seller', viewed.orgId));
  if (viewed && viewed.orgType === 'UNIVERSITY') scopes.add(scopeId('buyer', viewed.orgId));
  if (viewed && viewed.orgType !== 'SUPPORT') scopes.add(scopeId('org', viewed.orgId));
  return [...scopes];
}
