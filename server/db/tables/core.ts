import type { Generated } from 'kysely';

/** Organisations: the spec's accounts, plus the support organisation (type 0). */
export interface OrgsTable {
  org_no: Generated<number>;
  unique_key: string;
  name: string;
  trading_name: string | null;
  /** 0 support, 1 supplier, 2 university. */
  type: number;
  country_no: number;
  address2: string | null;
  state: string | null;
  post_code: string | null;
  email: string | null;
  industry_no: number;
  membership_status: string;
  busy: number;
  alert: number;
  rev: number;
  deleted: number;
}

export interface UsersTable {
  user_no: Generated<number>;
  org_no: number;
  first_name: string;
  last_name: string;
  email: string;
  /** The email, lower-cased: the spec uses the email as the username. */
  username: string;
  /** REGULAR, ADMIN, or SUPPORT for support staff. */
  type: string;
  password_hash: string | null;
  policy_state: string;
  created_at: string;
  rev: number;
  deleted: number;
}

interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not give working cookies. */
  id: string;
  user_no: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

interface RevCounterTable {
  id: number;
  value: number;
}

/** One row per (change, organisation scope that can see it); the changes feed reads it. */
interface ChangeLogTable {
  rev: number;
  scope_kind: string;
  org_key: string;
  entity: string;
  entity_key: string;
  op: string;
}

interface IdempotencyKeysTable {
  key: string;
  user_no: number;
  method: string;
  path: string;
  status: number;
  body: string;
  created_at: string;
}

/** The audit trail the history drawers show. */
interface HistoryTable {
  id: Generated<number>;
  org_key: string;
  entity: string;
  entity_key: string;
  type: string;
  date: string;
  action: string;
  description: string;
  user: string;
}

export interface CoreTables {
  orgs: OrgsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rev_counter: RevCounterTable;
  change_log: ChangeLogTable;
  idempotency_keys: IdempotencyKeysTable;
  history: HistoryTable;
}
