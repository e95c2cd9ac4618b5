import type { ReactNode } from 'react';
import { formatMoney } from '../../domain/money';
import {
  categoryTrail,
  flagCodeText,
  flagText,
  hasDiscrepancies,
  lastExportedText,
  leadTimeText,
  measureText,
  taxableText,
  warrantyText,
} from '../../domain/product-display';
import type { ProductWithMeta } from '../../local/hooks/use-products';
import { SimpleTable } from '../../ui/data-table/SimpleTable';
import { SwitchField } from '../../ui/field/SwitchField';
import { Value } from '../../ui/missing-value/MissingValue';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { BarcodeImage } from './barcode-image';
import { DiscrepancyIcon } from './discrepancy-icon';
import { ProductCarousel } from './product-carousel';
import { Actions, BarcodeRow, Crumbs, Facts, Frame, Header, PlainList, ScrollTabs, SectionTitle, TabLabel } from './product-details.styles';
import { productFields } from './product-values';

interface ProductDetailsProps {
  item: ProductWithMeta;
  supplierName: string;
  /** Buyers: the Included switch. */
  onToggleIncluded: ((included: boolean) => void) | null;
  /** False for a buyer's user who may not curate the catalogue: the switch is shown, not changeable. */
  mayInclude?: boolean;
  /** The product page's address ('Open in page'); absent on the page itself. */
  openInPage?: ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Value>{children}</Value>
      </dd>
    </>
  );
}

const money = (n: number | null | undefined) => (n === null || n === undefined ? null : formatMoney(n));

/** The product drawer's content, also the product page's: header, images, Included, and the tabs. */
export function ProductDetails({ item, supplierName, onToggleIncluded, mayInclude = true, openInPage }: ProductDetailsProps) {
  const f = productFields(item);
  const images = f.assets.filter((a) => a.type.toLowerCase().startsWith('image')).map((a) => a.downloadUrl);
  const trail = categoryTrail(f.category);
  const buyer = onToggleIncluded !== null;
  const discrepancies = hasDiscrepancies(f.discrepancies);

  return (
    <article aria-label={`Product ${f.code}`}>
      <Header>
        <Facts>
          <Fact label="Supplier">{supplierName}</Fact>
          <Fact label="Other name">{f.text('otherName')}</Fact>
        </Facts>
        {trail.length > 0 && (
          <nav aria-label="Category">
            <Crumbs>
              {trail.map((level, i) => (
                <li key={i}>{level}</li>
              ))}
            </Crumbs>
          </nav>
        )}
        <Facts>
          <Fact label="Description">{f.text('description')}</Fact>
          <Fact label="Long description">{f.text('longDescription')}</Fact>
        </Facts>
      </Header>
      <ProductCarousel images={images} code={f.code} />
      <Actions>
        {onToggleIncluded && <SwitchField label="Included" checked={f.included} onCheckedChange={onToggleIncluded} disabled={!mayInclude} />}
        {openInPage}
      </Actions>
      <Tabs defaultValue="summary">
        <ScrollTabs>
          <TabList aria-label="Product details">
            <Tab value="summary">Summary</Tab>
            <Tab value="volumetrics">Volumetrics</Tab>
            <Tab value="price">
              <TabLabel>
                Price(excl)
                {discrepancies && (
                  <span role="img" aria-label="Pricing discrepancies">
                    <DiscrepancyIcon />
                  </span>
                )}
              </TabLabel>
            </Tab>
            <Tab value="messages">Messages</Tab>
            <Tab value="barcodes">Barcodes</Tab>
            {f.urls.map((_, i) => (
              <Tab key={i} value={`custom-${i + 1}`}>
                Custom {i + 1}
              </Tab>
            ))}
          </TabList>
        </ScrollTabs>
        <TabPanel value="summary">
          <Facts>
            <Fact label="Lead time">{leadTimeText(f.num('leadTime'))}</Fact>
            <Fact label="Flag code">{flagCodeText(f.text('flagCode'))}</Fact>
            <Fact label="Unavailable from">{f.text('unavailableFromDate')?.slice(0, 10)}</Fact>
            <Fact label="Unavailable to">{f.text('unavailableToDate')?.slice(0, 10)}</Fact>
            <Fact label="Warranty period">{warrantyText(f.num('warrentyPeriod'))}</Fact>
            <Fact label="Taxable">{taxableText(f.text('taxable'))}</Fact>
            <Fact label="UOM">{f.text('unitOfMeasure')}</Fact>
            {buyer && <Fact label="Last exported">{lastExportedText(f.lastExported)}</Fact>}
            <Fact label="Chemical classification">{f.text('chemicalClassifications')?.split(';').map((c) => c.trim()).filter(Boolean).join(', ')}</Fact>
            <Fact label="Management platform id">{f.text('chemManagementPlatformId')}</Fact>
            <Fact label="CAS numbers">{f.text('casNumbers')}</Fact>
            <Fact label="Dangerous goods">{flagText(f.bool('dangerousGoodsFlag'))}</Fact>
            <Fact label="Hazardous">{flagText(f.bool('hazardousMaterialFlag'))}</Fact>
            <Fact label="Radioactive">{flagText(f.bool('radioActiveFlag'))}</Fact>
          </Facts>
        </TabPanel>
        <TabPanel value="volumetrics">
          <Facts>
            {(['weight', 'width', 'height', 'depth', 'length'] as const).map((dim) => (
              <Fact key={dim} label={dim[0]!.toUpperCase() + dim.slice(1)}>
                {measureText(f.num(dim), f.text(`${dim}Unit`))}
              </Fact>
            ))}
          </Facts>
        </TabPanel>
        <TabPanel value="price">
          {buyer && (
            <>
              <SectionTitle>Contract prices</SectionTitle>
              <SimpleTable
                label="Contract prices"
                rows={f.contractPrices}
                rowKey={(c) => `${c.uom}|${c.quantity}|${c.effectiveDate}`}
                columns={[
                  { id: 'uom', header: 'UOM', cell: (c) => c.uom },
                  { id: 'qty', header: 'QTY', align: 'end', cell: (c) => c.quantity },
                  { id: 'price', header: 'Price', align: 'end', cell: (c) => money(c.price) },
                  { id: 'date', header: 'Effective Date', cell: (c) => c.effectiveDate.slice(0, 10) },
                ]}
              />
            </>
          )}
          <SectionTitle>Supplier prices</SectionTitle>
          <SimpleTable
            label="Supplier prices"
            rows={f.prices}
            rowKey={(p) => `${p.uom}|${p.lowerQuantity}|${p.startDate}`}
            columns={[
              { id: 'uom', header: 'UOM', cell: (p) => p.uom },
              { id: 'lower', header: 'L.Qty', align: 'end', cell: (p) => p.lowerQuantity },
              { id: 'upper', header: 'U.Qty', align: 'end', cell: (p) => <Value>{p.upperQuantity}</Value> },
              { id: 'price', header: 'Price', align: 'end', cell: (p) => money(p.price) },
              { id: 'start', header: 'St. Date', cell: (p) => p.startDate.slice(0, 10) },
            ]}
          />
          {buyer && (
            <>
              <SectionTitle>Pricing Discrepancies</SectionTitle>
              <SimpleTable
                label="Pricing Discrepancies"
                rows={f.discrepancies}
                rowKey={(d) => `${d.uom}|${d.quantity}`}
                columns={[
                  { id: 'uom', header: 'UOM', cell: (d) => d.uom },
                  { id: 'qty', header: 'Quantity', align: 'end', cell: (d) => d.quantity },
                  { id: 'seller', header: "Seller's Price", align: 'end', cell: (d) => <Value>{money(d.sellerPrice)}</Value> },
                  { id: 'buyer', header: "Buyer's Price", align: 'end', cell: (d) => money(d.buyerPrice) },
                ]}
              />
            </>
          )}
        </TabPanel>
        <TabPanel value="messages">
          <Facts>
            <Fact label="Message">{f.text('message')}</Fact>
            <Fact label="Comments">{f.text('comments')}</Fact>
          </Facts>
        </TabPanel>
        <TabPanel value="barcodes">
          {f.barcodes.length === 0 ? (
            <Value>{null}</Value>
          ) : (
            <PlainList aria-label="Barcodes">
              {f.barcodes.map((b) => (
                <BarcodeRow key={`${b.type}|${b.code}`}>
                  <BarcodeImage type={b.type} code={b.code} />
                  <Facts>
                    <Fact label="Type">{b.type}</Fact>
                    <Fact label="Code">{b.code}</Fact>
                    <Fact label="UOM">{b.uom}</Fact>
                  </Facts>
                </BarcodeRow>
              ))}
            </PlainList>
          )}
        </TabPanel>
        {f.urls.map((u, i) => (
          <TabPanel key={i} value={`custom-${i + 1}`}>
            <p>
              <Value>{u.notes}</Value>
            </p>
            {/* A supplier's page: no scripts, forms or navigation of ours from inside it. */}
            <Frame title={`Custom ${i + 1}`} src={u.url} sandbox="" referrerPolicy="no-referrer" loading="lazy" />
          </TabPanel>
        ))}
      </Tabs>
    </article>
  );
}
