import { hashPassword } from '../../auth/password';
import type { Db } from '../database';
import { DEMO_PASSWORD, DEMO_USERS, SUPPLIERS, SUPPORT_ORG, UNIVERSITIES } from './orgs';

export async function seedOrgsAndUsers(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  for (const org of [SUPPORT_ORG, ...UNIVERSITIES, ...SUPPLIERS]) {
    await db
      .insertInto('orgs')
      .values({
        unique_key: org.key,
        name: org.name,
        trading_name: org.name,
        type: org.type,
        country_no: 1,
        address2: org.suburb,
        state: org.state,
        post_code: org.postCode,
        email: org.email,
        industry_no: 1,
        membership_status: 'A',
        busy: 0,
        alert: 0,
        rev: 0,
        deleted: 0,
      })
      .execute();
  }
  const orgNos = new Map(
    (await db.selectFrom('orgs').select(['org_no', 'unique_key']).execute()).map((o) => [o.unique_key, o.org_no]),
  );
  for (const u of DEMO_USERS) {
    await db
      .insertInto('users')
      .values({
        org_no: orgNos.get(u.orgKey)!,
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        username: u.email.toLowerCase(),
        type: u.type,
        password_hash: passwordHash,
        policy_state: u.policyState,
        created_at: now,
        rev: 0,
        deleted: 0,
      })
      .execute();
  }
}
