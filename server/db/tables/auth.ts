import type { Generated } from 'kysely';

/** Human-check solutions already spent: a solved challenge signs in once. */
interface AltchaUsedTable {
  /** SHA-256 of the challenge signature. */
  id: string;
  expires_at: string;
}

/** Recent events per throttle key (server/auth/throttle.ts) within a window of 15 minutes. */
interface LoginFailuresTable {
  key: string;
  failures: number;
  window_start: string;
}

/** Password recovery codes, stored hashed; a newer request voids the older ones. */
interface RecoveryCodesTable {
  id: Generated<number>;
  user_no: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used: number;
}

export interface AuthTables {
  altcha_used: AltchaUsedTable;
  login_failures: LoginFailuresTable;
  recovery_codes: RecoveryCodesTable;
}
