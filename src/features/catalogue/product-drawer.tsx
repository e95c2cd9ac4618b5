import { Link } from '@tanstack/react-router';
import { formatMessage } from '../../domain/messages';
import { useProduct } from '../../local/hooks/use-products';
import { Drawer } from '../../ui/drawer/Drawer';
import { Muted } from './catalogue.styles';
import { ProductDetails } from './product-details';

interface ProductDrawerProps {
  scope: string;
  sellerId: string;
  /** Null in the supplier's own view. */
  buyerId: string | null;
  supplierName: string;
  productCode: string | null;
  onClose: () => void;
  onToggleIncluded: ((productCode: string, included: boolean) => void) | null;
  mayInclude?: boolean;
}

/** The product drawer: what the table row holds, with a link to the same content as a page. */
export function ProductDrawer({ scope, sellerId, buyerId, supplierName, productCode, onClose, onToggleIncluded, mayInclude }: ProductDrawerProps) {
  return (
    <Drawer open={productCode !== null} onOpenChange={(open) => !open && onClose()} title={formatMessage.productDrawerTitle(productCode ?? '')}>
      {productCode !== null && (
        <DrawerContent
          scope={scope}
          sellerId={sellerId}
          buyerId={buyerId}
          supplierName={supplierName}
          productCode={productCode}
          onToggleIncluded={onToggleIncluded}
          mayInclude={mayInclude}
        />
      )}
    </Drawer>
  );
}

function DrawerContent({ scope, sellerId, buyerId, supplierName, productCode, onToggleIncluded, mayInclude }: Omit<ProductDrawerProps, 'onClose'> & { productCode: string }) {
  const { item } = useProduct(scope, sellerId, productCode, false);
  if (item === undefined) return <Muted role="status">Loading…</Muted>;
  if (item === null) return <Muted role="status">This product is not on this device.</Muted>;
  const openInPage = buyerId ? (
    <Link to="/app/product/$productId/seller/$sellerId/buyer/$buyerId" params={{ productId: productCode, sellerId, buyerId }}>
      Open in page
    </Link>
  ) : (
    <Link to="/app/product/$productId/seller/$sellerId/$" params={{ productId: productCode, sellerId, _splat: '' }}>
      Open in page
    </Link>
  );
  return (
    <ProductDetails
      item={item}
      supplierName={supplierName}
      onToggleIncluded={onToggleIncluded ? (included) => onToggleIncluded(productCode, included) : null}
      mayInclude={mayInclude}
      openInPage={openInPage}
    />
  );
}
