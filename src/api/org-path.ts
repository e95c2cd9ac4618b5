import type { OrgPathKind } from '../domain/roles';
import { apiUrl, type Query } from './endpoint';

/** `/api/{seller|buyer|org}/{orgId}{rest}`: the prefix of every organisation-scoped call. */
export function orgUrl(kind: OrgPathKind, orgId: string, rest = '', query?: Query): string {
  return apiUrl(`/${kind}/${encodeURIComponent(orgId)}${rest}`, query);
}

export const seg = (value: string | number) => `/${encodeURIComponent(String(value))}`;
