import { useParams } from '@tanstack/react-router';
import { formatMessage, messages } from '../../domain/messages';
import { can } from '../../domain/roles';
import { useProduct } from '../../local/hooks/use-products';
import { useActiveSession } from '../../local/session/use-session';
import { scopeId } from '../../local/db/store-keys';
import { Notice, Page, PageTitle } from '../../ui/page';
import { useChosenSupplier } from './chosen-supplier';
import { ProductDetails } from './product-details';
import { useCataloguePerspective } from './use-catalogue-perspective';
import { useIncludeProduct } from './use-include-product';

/**
 * /app/product/{productCode}/seller/{sellerId}[/buyer/{buyerId}]: the drawer's content as a
 * page. A buyer who opens the supplier's form of the link sees the product as its own
 * buyer view: the supplier's scope is not the buyer's to read.
 */
export function ProductScreen() {
  const params = useParams({ strict: false }) as { productId?: string; sellerId?: string; buyerId?: string };
  const perspective = useCataloguePerspective();
  const productCode = params.productId ?? '';
  const sellerId = params.sellerId ?? '';
  const buyerId = params.buyerId ?? (perspective?.side === 'buyer' ? perspective.orgId : null);
  return (
    <Page>
      <PageTitle>{formatMessage.productDrawerTitle(productCode)}</PageTitle>
      {buyerId ? (
        <BuyerProduct productCode={productCode} sellerId={sellerId} buyerId={buyerId} />
      ) : (
        <SellerProduct productCode={productCode} sellerId={sellerId} />
      )}
    </Page>
  );
}

function SellerProduct({ productCode, sellerId }: { productCode: string; sellerId: string }) {
  const { companyName } = useActiveSession();
  const { item, found, failed } = useProduct(scopeId('seller', sellerId), sellerId, productCode, true);
  if (!item) return <ProductMissing found={found} failed={failed} />;
  return <ProductDetails item={item} supplierName={companyName} onToggleIncluded={null} />;
}

function BuyerProduct({ productCode, sellerId, buyerId }: { productCode: string; sellerId: string; buyerId: string }) {
  const [supplier] = useChosenSupplier(buyerId);
  const toggle = useIncludeProduct(buyerId, sellerId);
  const { viewer } = useActiveSession();
  const { item, found, failed } = useProduct(scopeId('buyer', buyerId), sellerId, productCode, true);
  if (!item) return <ProductMissing found={found} failed={failed} />;
  const supplierName = supplier?.uniqueKey === sellerId ? supplier.name : sellerId;
  return (
    <ProductDetails
      item={item}
      supplierName={supplierName}
      onToggleIncluded={(included) => toggle(productCode, included)}
      mayInclude={can(viewer, 'includeProducts')}
    />
  );
}

/** Before the product shows: loading, unknown, or not held here and not to be fetched now. */
function ProductMissing({ found, failed }: { found: boolean; failed: boolean }) {
  if (!found) return <Notice>Unknown product</Notice>;
  if (failed) return <Notice role="alert">{messages.productNotLoaded}</Notice>;
  return <Notice role="status">Loading…</Notice>;
}
