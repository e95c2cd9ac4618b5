import type { Policy, Profile } from '../../../src/domain/schemas/session';

/** An organisation's ADMIN by default (every tool of its screens); pass `{ userType: 'REGULAR' }` for the daily-work view. */
export function policyOf(orgType: Policy['orgType'], overrides: Partial<Policy> = {}): Policy {
  return {
    orgType,
    orgId: orgType === 'SUPPORT' ? 'support-org' : orgType === 'SUPPLIER' ? 'seller-1' : 'buyer-1',
    userType: orgType === 'SUPPORT' ? 'SUPPORT' : 'ADMIN',
    state: 'ACTIVE',
    ...overrides,
  };
}

export function profileOf(policy: Policy, orgName: string): Profile {
  return {
    user: { userNo: 7, firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.edu', username: 'jane.doe' },
    policy,
    orgName,
  };
}

export const supportPolicy = policyOf('SUPPORT');
export const supplierPolicy = policyOf('SUPPLIER');
export const buyerPolicy = policyOf('UNIVERSITY');

/** The calls a signed-in user's start makes. */
export function signedIn(policy: Policy, orgName = 'Acme Supplies') {
  return {
    'GET /api/session': { status: 200, body: { signedIn: true, policy, profile: profileOf(policy, orgName) } },
  };
}

export const signedOut = {
  'GET /api/session': { status: 200, body: { signedIn: false } },
};
