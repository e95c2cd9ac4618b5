/**
 * The demo organisations and their people. Keys are fixed so links, tests and
 * screenshots stay stable across runs.
 */
export const DEMO_PASSWORD = 'Demo-portal-2026!';

/**
 * The demo's cXML credentials: every demo organisation is known by NetworkID and its key
 * (as the portal's own cXML names it), and every university's system sends this shared secret.
 */
export const DEMO_CXML_DOMAIN = 'NetworkID';
export const DEMO_CXML_SECRET = 'Demo-cxml-secret-2026';

export interface DemoOrg {
  key: string;
  name: string;
  type: 0 | 1 | 2;
  suburb: string;
  state: string;
  postCode: string;
  email: string;
}

export const SUPPORT_ORG: DemoOrg = {
  key: 'SUPPORT00001',
  name: 'Portal Support',
  type: 0,
  suburb: 'Sydney',
  state: 'NSW',
  postCode: '2000',
  email: 'support@demo.test',
};

export const UNIVERSITIES: DemoOrg[] = [
  { key: 'UNIWESTMERE1', name: 'University of Westmere', type: 2, suburb: 'Parkville', state: 'VIC', postCode: '3052', email: 'accounts@uni.demo.test' },
  { key: 'UNINORTHGATE', name: 'Northgate University', type: 2, suburb: 'St Lucia', state: 'QLD', postCode: '4067', email: 'ap@northgate.demo.test' },
  { key: 'UNILAKESIDE1', name: 'Lakeside Institute of Technology', type: 2, suburb: 'Bentley', state: 'WA', postCode: '6102', email: 'finance@lakeside.demo.test' },
];

export const SUPPLIERS: DemoOrg[] = [
  { key: 'SUPACMESCI01', name: 'Acme Scientific', type: 1, suburb: 'Alexandria', state: 'NSW', postCode: '2015', email: 'orders@acme.demo.test' },
  { key: 'SUPBIOLAB001', name: 'BioLab Supplies', type: 1, suburb: 'Clayton', state: 'VIC', postCode: '3168', email: 'sales@biolab.demo.test' },
  { key: 'SUPPACCHEM01', name: 'Pacific Chemicals', type: 1, suburb: 'Eagle Farm', state: 'QLD', postCode: '4009', email: 'orders@pacchem.demo.test' },
  { key: 'SUPMERIDIAN1', name: 'Meridian Lab Equipment', type: 1, suburb: 'Osborne Park', state: 'WA', postCode: '6017', email: 'sales@meridian.demo.test' },
  { key: 'SUPSTHCROSS1', name: 'Southern Cross Consumables', type: 1, suburb: 'Mile End', state: 'SA', postCode: '5031', email: 'orders@southerncross.demo.test' },
  { key: 'SUPKESTREL01', name: 'Kestrel Safety Products', type: 1, suburb: 'Hobart', state: 'TAS', postCode: '7000', email: 'sales@kestrel.demo.test' },
];

export interface DemoUser {
  orgKey: string;
  firstName: string;
  lastName: string;
  email: string;
  type: 'REGULAR' | 'ADMIN' | 'SUPPORT';
  policyState: 'TERMS_OF_USE' | 'ACTIVE';
}

/** The four sign-ins the README lists come first. */
export const DEMO_USERS: DemoUser[] = [
  { orgKey: SUPPORT_ORG.key, firstName: 'Sam', lastName: 'Support', email: 'support@demo.test', type: 'SUPPORT', policyState: 'ACTIVE' },
  { orgKey: 'UNIWESTMERE1', firstName: 'Beatrice', lastName: 'Buyer', email: 'buyer@uni.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'SUPACMESCI01', firstName: 'Simon', lastName: 'Supplier', email: 'supplier@acme.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'UNIWESTMERE1', firstName: 'Nora', lastName: 'Newman', email: 'newbuyer@uni.demo.test', type: 'REGULAR', policyState: 'TERMS_OF_USE' },
  { orgKey: 'UNIWESTMERE1', firstName: 'Priya', lastName: 'Raman', email: 'p.raman@uni.demo.test', type: 'REGULAR', policyState: 'ACTIVE' },
  { orgKey: 'UNINORTHGATE', firstName: 'Liam', lastName: "O'Connor", email: 'buyer@northgate.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'UNILAKESIDE1', firstName: 'Mei', lastName: 'Chen', email: 'buyer@lakeside.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'SUPACMESCI01', firstName: 'Wendy', lastName: 'Warehouse', email: 'warehouse@acme.demo.test', type: 'REGULAR', policyState: 'ACTIVE' },
  { orgKey: 'SUPBIOLAB001', firstName: 'Oliver', lastName: 'Grant', email: 'admin@biolab.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'SUPPACCHEM01', firstName: 'Hannah', lastName: 'Ito', email: 'admin@pacchem.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'SUPMERIDIAN1', firstName: 'Raj', lastName: 'Patel', email: 'admin@meridian.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'SUPSTHCROSS1', firstName: 'Chloe', lastName: 'Martin', email: 'admin@southerncross.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
  { orgKey: 'SUPKESTREL01', firstName: 'Tom', lastName: 'Becker', email: 'admin@kestrel.demo.test', type: 'ADMIN', policyState: 'ACTIVE' },
];

export const DEMO_SIGN_INS = [
  { username: 'support@demo.test', role: 'SUPPORT user' },
  { username: 'buyer@uni.demo.test', role: 'ADMIN of University of Westmere (buyer)' },
  { username: 'supplier@acme.demo.test', role: 'ADMIN of Acme Scientific (supplier)' },
  { username: 'newbuyer@uni.demo.test', role: 'REGULAR buyer who must accept the terms of use' },
];
