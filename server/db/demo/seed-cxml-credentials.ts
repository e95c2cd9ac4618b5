import type { Db } from '../database';
import { saveCredential } from '../../edi/inbound/credentials';
import { hashPassword } from '../../auth/password';
import { DEMO_CXML_DOMAIN, DEMO_CXML_SECRET, SUPPLIERS, UNIVERSITIES } from './orgs';

/** cXML credentials of the demo organisations: the universities' systems post their orders with them, the suppliers' their invoices. */
export async function seedCxmlCredentials(db: Db): Promise<void> {
  const secretHash = await hashPassword(DEMO_CXML_SECRET);
  await db.transaction().execute(async (trx) => {
    for (const org of [...UNIVERSITIES, ...SUPPLIERS]) {
      await saveCredential(trx, org.key, [{ domain: DEMO_CXML_DOMAIN, identity: org.key }], secretHash);
    }
  });
}
