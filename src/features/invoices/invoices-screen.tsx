import { Page, PageTitle } from '../../ui/page';
import { BuyerRequired } from './buyer-required';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceList } from './invoice-list';
import { useInvoiceFilter } from './use-invoice-filter';

export function InvoicesScreen() {
  const [filter, setFilter] = useInvoiceFilter();
  return (
    <Page>
      <PageTitle>Invoices</PageTitle>
      <BuyerRequired>
        {(buyer) => (
          <>
            <InvoiceFilters value={filter} onChange={setFilter} />
            <InvoiceList buyer={buyer} filter={filter} height="calc(100dvh - 260px)" />
          </>
        )}
      </BuyerRequired>
    </Page>
  );
}
