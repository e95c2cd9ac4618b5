import type { Address } from '../../domain/schemas/orders';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { AddressView } from '../../ui/address-view/AddressView';
import { PrintOnly, ScreenOnly, SectionTitle } from './order-detail.styles';

interface OrderAddressesProps {
  shipTo: Partial<Address> | undefined;
  billTo: Partial<Address> | undefined;
  contact: Partial<Address> | undefined;
}

/** Deliver To, Invoice To and Contact as tabs on screen; all three one after another on paper. */
export function OrderAddresses({ shipTo, billTo, contact }: OrderAddressesProps) {
  const tabs = [
    { value: 'deliver', label: 'Deliver To', address: shipTo },
    { value: 'invoice', label: 'Invoice To', address: billTo },
    { value: 'contact', label: 'Contact', address: contact },
  ];
  return (
    <>
      <ScreenOnly>
        <Tabs defaultValue="deliver">
          <TabList aria-label="Addresses">
            {tabs.map((t) => (
              <Tab key={t.value} value={t.value}>
                {t.label}
              </Tab>
            ))}
          </TabList>
          {tabs.map((t) => (
            <TabPanel key={t.value} value={t.value}>
              <AddressView address={t.address} />
            </TabPanel>
          ))}
        </Tabs>
      </ScreenOnly>
      <PrintOnly>
        {tabs.map((t) => (
          <div key={t.value}>
            <SectionTitle>{t.label}</SectionTitle>
            <AddressView address={t.address} />
          </div>
        ))}
      </PrintOnly>
    </>
  );
}
