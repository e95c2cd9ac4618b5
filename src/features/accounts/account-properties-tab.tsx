import { messages } from '../../domain/messages';
import {
  conflictingPropertyNames,
  validateProperty,
  validateReceivingEmail,
  validateSenderSource,
} from '../../domain/rules/properties';
import { useOrgRows, useProperties } from '../../local/hooks/use-org-settings';
import {
  addProperty,
  addReceivingEmail,
  addSenderSource,
  deleteProperty,
  deleteReceivingEmail,
  deleteSenderSource,
  editProperty,
  editReceivingEmail,
  editSenderSource,
} from '../../local/mutations/org-collections';
import type { MirrorRow } from '../../local/db/store-rows';
import { Conflict } from './accounts.styles';
import { EdiExportCards } from './edi-export-cards';
import { ItemSection } from './item-section';

const text = (row: MirrorRow, field: string) => String(row[field] ?? '');
const byText = (field: string) => (a: MirrorRow, b: MirrorRow) => text(a, field).localeCompare(text(b, field));

/** The Properties tab of an account: basic properties, receiving emails, EDI export and sender sources. */
export function AccountPropertiesTab({ orgId, passwordSendable }: { orgId: string; passwordSendable: boolean }) {
  const { properties, loadMore } = useProperties(orgId);
  const conflicts = conflictingPropertyNames(properties ?? []);
  const receivingEmails = useOrgRows('receivingEmails', orgId);
  const senderSources = useOrgRows('senderSources', orgId);

  return (
    <>
      <ItemSection
        title="Basic Properties"
        orgId={orgId}
        collection="property"
        rows={properties?.slice().sort(byText('property'))}
        fields={[
          { name: 'property', label: 'Property Name', errorName: 'Name' },
          { name: 'value', label: 'Property Value', errorName: 'Value' },
        ]}
        valuesOf={(row) => ({ property: text(row, 'property'), value: text(row, 'value') })}
        render={(row) => ({
          primary: text(row, 'property'),
          secondary: conflicts.has(text(row, 'property')) ? <Conflict>{messages.propertyConflict}</Conflict> : <div>{text(row, 'value')}</div>,
        })}
        nameOf={(row) => text(row, 'property')}
        validate={(v) => validateProperty({ property: v.property ?? '', value: v.value ?? '' })}
        add={(v) => addProperty(orgId, v.property!.trim(), v.value!.trim())}
        edit={(row, v) => editProperty(orgId, row.key, v.property!.trim(), v.value!.trim())}
        remove={(row) => deleteProperty(orgId, row.key)}
        onEndVisible={loadMore}
      />
      <ItemSection
        title="Receiving Email"
        orgId={orgId}
        collection="receivingEmail"
        rows={receivingEmails?.slice().sort(byText('code'))}
        fields={[
          { name: 'code', label: 'Code' },
          { name: 'emailAddress', label: 'Email Address or Pattern', errorName: 'Email Address' },
        ]}
        valuesOf={(row) => ({ code: text(row, 'code'), emailAddress: text(row, 'emailAddress') })}
        render={(row) => ({ primary: text(row, 'code'), secondary: <div>{text(row, 'emailAddress')}</div> })}
        nameOf={(row) => text(row, 'code')}
        validate={(v) => validateReceivingEmail({ code: v.code ?? '', emailAddress: v.emailAddress ?? '' })}
        add={(v) => addReceivingEmail(orgId, v.code!.trim(), v.emailAddress!.trim())}
        edit={(row, v) => editReceivingEmail(orgId, row.key, v.code!.trim(), v.emailAddress!.trim())}
        remove={(row) => deleteReceivingEmail(orgId, row.key)}
      />
      <EdiExportCards orgId={orgId} passwordSendable={passwordSendable} />
      <ItemSection
        title="Sender Source"
        orgId={orgId}
        collection="senderSource"
        rows={senderSources?.slice().sort(byText('identifier'))}
        fields={[{ name: 'identifier', label: 'Identifier' }]}
        valuesOf={(row) => ({ identifier: text(row, 'identifier') })}
        render={(row) => ({ primary: text(row, 'identifier') })}
        nameOf={(row) => text(row, 'identifier')}
        validate={(v) => validateSenderSource({ identifier: v.identifier ?? '' })}
        add={(v) => addSenderSource(orgId, v.identifier!.trim())}
        edit={(row, v) => editSenderSource(orgId, row.key, v.identifier!.trim())}
        remove={(row) => deleteSenderSource(orgId, row.key)}
      />
    </>
  );
}
