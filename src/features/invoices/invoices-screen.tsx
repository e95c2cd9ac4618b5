import { Page, PageTitle } from '../../ui/page';
import { BuyerRequired } from './buyer-required';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceList } from './invoice-list';
import { ListBar } from './invoice-list.styles';
import { InvoiceUpload } from './invoice-upload';
import { useInvoiceFilter } from './use-invoice-filter';

export function InvoicesScreen() {
  const [filter, setFilter] = useInvoiceFilter();
  return (
    <Page>
      <PageTitle>Invoices</PageTitle>
      <BuyerRequired>
        {(buyer) => (
          <>
            <ListBar>
              <InvoiceFilters value={filter} onChange={setFilter} />
              <InvoiceUpload buyer={buyer} />
            </ListBar>
            <InvoiceList buyer={buyer} filter={filter} height="calc(100dvh - 260px)" />
          </>
        )}
      </BuyerRequired>
    </Page>
  );
}
