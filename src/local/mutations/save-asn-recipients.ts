import { PROPERTY_NAMES } from '../../domain/constants';
import { scopeId } from '../../sync/scope';
import { localDatabase } from '../db/current-database';
import { addProperty, editProperty } from './org-collections';

/**
 * List of ASN Recipients: the ASN_CONTACT_EMAIL_LIST property, added the first time
 * and edited after that.
 */
export async function saveAsnRecipients(sellerId: string, emails: string) {
  const name = PROPERTY_NAMES.asnContactEmailList;
  const existing = await localDatabase()
    .properties.where('[scope+property]')
    .equals([scopeId('org', sellerId), name])
    .first();
  return existing ? editProperty(sellerId, existing.key, name, emails) : addProperty(sellerId, name, emails);
}
