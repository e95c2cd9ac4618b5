import { useState } from 'react';
import { PROPERTY_NAMES } from '../../domain/constants';
import { formatMessage } from '../../domain/messages';
import { useCounterparts } from '../../local/hooks/use-counterparts';
import { saveCatalogueAccountCode, saveInvoiceAccountCode, savePoAsnAccountCode } from '../../local/mutations/buyer-settings';
import { buyerSellerPropsKey, otherOrgPropertyKey, scopeId } from '../../local/db/store-keys';
import { AccountPicker } from './account-picker';
import { AccountCodeForm } from './account-code-form';
import { AccountCodes, SectionTitle } from './preferences.styles';

/**
 * Buyers: the codes they give one supplier: Catalogue Account Code (buyer-seller
 * props), PO & ASN Account Code (SUPPLIER_CODE) and Invoice Account Code (SUPPLIER_CODE_AP).
 */
export function AccountNoPanel({ buyerId, ownOrgId }: { buyerId: string; ownOrgId: string }) {
  const { accounts } = useCounterparts(ownOrgId, 1);
  const [sellerId, setSellerId] = useState('');
  const supplier = accounts?.find((a) => a.uniqueKey === sellerId);
  const scope = scopeId('org', buyerId);
  const saved = formatMessage.accountCodeUpdated(supplier?.name ?? sellerId);
  return (
    <>
      <AccountPicker label="Supplier" accounts={accounts} value={sellerId} onChange={setSellerId} />
      {supplier && (
        <AccountCodes aria-label={`Account codes for ${supplier.name}`}>
          <SectionTitle>{supplier.name}</SectionTitle>
          <AccountCodeForm
            key={`catalogue-${sellerId}`}
            label="Catalogue Account Code"
            row={{ table: 'buyerSellerProps', scope, key: buyerSellerPropsKey(buyerId, sellerId) }}
            field="supplierCode"
            save={(code) => saveCatalogueAccountCode(buyerId, sellerId, code)}
            savedMessage={saved}
          />
          <AccountCodeForm
            key={`po-${sellerId}`}
            label="PO & ASN Account Code"
            row={{ table: 'otherOrgProperties', scope, key: otherOrgPropertyKey(sellerId, PROPERTY_NAMES.supplierCode) }}
            field="value"
            save={(code) => savePoAsnAccountCode(buyerId, sellerId, code)}
            savedMessage={saved}
          />
          <AccountCodeForm
            key={`invoice-${sellerId}`}
            label="Invoice Account Code"
            row={{ table: 'otherOrgProperties', scope, key: otherOrgPropertyKey(sellerId, PROPERTY_NAMES.supplierCodeAp) }}
            field="value"
            save={(code) => saveInvoiceAccountCode(buyerId, sellerId, code)}
            savedMessage={saved}
          />
        </AccountCodes>
      )}
    </>
  );
}
