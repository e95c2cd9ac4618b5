/**
 * OrderRequests as buyers' procurement systems send them, for the /cxml tests and bench:
 * Coupa (cXML 1.2.014, header ship-to, distribution lines), SAP Ariba (1.2.063, a ship-to
 * on each line, tax details, extrinsics) and Unimarket (1.2.020, header tax and comments).
 */

type BuyerSystem = 'coupa' | 'ariba' | 'unimarket';

export interface OrderDocOptions {
  system?: BuyerSystem;
  payloadId: string;
  orderId: string;
  type?: 'new' | 'update' | 'delete';
  version?: number;
  /** The payloadID of the version an update or delete replaces. */
  replaces?: string;
  from?: { domain: string; identity: string };
  to?: { domain: string; identity: string };
  secret: string | null;
  lines?: Array<{ code: string; quantity: number; price: number; uom?: string; description?: string; comment?: string; tax?: number }>;
}

const VERSION: Record<BuyerSystem, string> = { coupa: '1.2.014', ariba: '1.2.063', unimarket: '1.2.020' };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function address(id: string, name: string, person: string, street: string): string {
  return `<Address isoCountryCode="AU" addressID="${id}"><Name xml:lang="en">${esc(name)}</Name><PostalAddress name="default"><DeliverTo>${esc(person)}</DeliverTo><Street>${esc(street)}</Street><City>Parkville</City><State>VIC</State><PostalCode>3052</PostalCode><Country isoCountryCode="AU">Australia</Country></PostalAddress><Email name="default">lab@uni.demo.test</Email><Phone name="work"><TelephoneNumber><CountryCode isoCountryCode="AU">61</CountryCode><AreaOrCityCode>3</AreaOrCityCode><Number>9035 5511</Number></TelephoneNumber></Phone></Address>`;
}

const DEFAULT_LINES = [
  { code: 'ACM-100131', quantity: 4, price: 12.5, uom: 'BX', description: 'Nitrile gloves, M (100)', comment: 'Urgent: grant deadline', tax: 5 },
  { code: 'NOT-IN-CATALOGUE-9', quantity: 2.5, price: 30, uom: 'LTR', description: 'Ethanol absolute & dry <AR>', tax: 7.5 },
  { code: 'ACM-100210', quantity: 1, price: 99.99, uom: 'H87', description: 'Custom glassware', tax: 0 },
];

export function orderRequestXml(o: OrderDocOptions): string {
  const system = o.system ?? 'coupa';
  const type = o.type ?? 'new';
  const from = o.from ?? { domain: 'NetworkID', identity: 'UNIWESTMERE1' };
  const to = o.to ?? { domain: 'NetworkID', identity: 'SUPACMESCI01' };
  const lines = o.lines ?? DEFAULT_LINES;
  const total = lines.reduce((s, l) => s + l.quantity * l.price, 0);
  const tax = lines.reduce((s, l) => s + (l.tax ?? 0), 0);
  const shipTo = `<ShipTo>${address('S1', 'University of Westmere', 'Priya Raman', 'Bio21 Institute, 30 Flemington Road')}</ShipTo>`;
  const items = lines
    .map((l, i) => {
      const n = i + 1;
      const detail = `<ItemDetail><UnitPrice><Money currency="AUD">${l.price.toFixed(2)}</Money></UnitPrice><Description xml:lang="en">${esc(l.description ?? l.code)}</Description><UnitOfMeasure>${l.uom ?? 'EA'}</UnitOfMeasure><Classification domain="UNSPSC">41000000</Classification>${system === 'ariba' ? `<ManufacturerPartID>MPN-${n}</ManufacturerPartID><Extrinsic name="RequesterEmail">p.raman@uni.demo.test</Extrinsic>` : ''}</ItemDetail>`;
      const itemId = `<ItemID><SupplierPartID>${esc(l.code)}</SupplierPartID>${system === 'coupa' ? `<SupplierPartAuxiliaryID>${1000 + n}</SupplierPartAuxiliaryID>` : ''}</ItemID>`;
      const lineShip = system === 'ariba' ? `<ShipTo>${address(`L${n}`, 'University of Westmere', n === 2 ? 'Store 1' : 'Priya Raman', n === 2 ? 'Medical Sciences, Store 1' : 'Bio21 Institute, 30 Flemington Road')}</ShipTo>` : '';
      const lineTax =
        system === 'coupa'
          ? ''
          : `<Tax><Money currency="AUD">${(l.tax ?? 0).toFixed(2)}</Money><Description xml:lang="en">GST</Description>${system === 'ariba' ? `<TaxDetail purpose="tax" category="gst" percentageRate="10"><TaxAmount><Money currency="AUD">${(l.tax ?? 0).toFixed(2)}</Money></TaxAmount></TaxDetail>` : ''}</Tax>`;
      const distribution =
        system === 'coupa'
          ? `<Distribution><Accounting name="Grant"><Segment id="G-118" description="Grant" type="Project"/></Accounting><Charge><Money currency="AUD">${(l.quantity * l.price).toFixed(2)}</Money></Charge></Distribution>`
          : '';
      const comment = l.comment ? `<Comments xml:lang="en">${esc(l.comment)}</Comments>` : '';
      return `<ItemOut quantity="${l.quantity}" lineNumber="${n}" requestedDeliveryDate="2026-12-01T00:00:00+11:00">${itemId}${detail}${lineShip}${lineTax}${distribution}${comment}</ItemOut>`;
    })
    .join('');
  const headerTax = system === 'unimarket' || system === 'ariba' ? `<Tax><Money currency="AUD">${tax.toFixed(2)}</Money><Description xml:lang="en">GST</Description></Tax>` : '';
  const versionAttr = o.version ? ` orderVersion="${o.version}"` : '';
  const reference = o.replaces ? `<DocumentReference payloadID="${esc(o.replaces)}"/>` : '';
  const headerExtrinsic = system === 'ariba' ? '<Extrinsic name="CostCenter">CC-4411</Extrinsic><Extrinsic name="Requester">Priya Raman</Extrinsic>' : '';
  const secret = o.secret === null ? '' : `<SharedSecret>${esc(o.secret)}</SharedSecret>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${VERSION[system]}/cXML.dtd">
<cXML payloadID="${esc(o.payloadId)}" timestamp="2026-11-20T10:15:00+11:00" xml:lang="en-AU">
<Header><From><Credential domain="${from.domain}"><Identity>${esc(from.identity)}</Identity></Credential></From>
<To><Credential domain="${to.domain}"><Identity>${esc(to.identity)}</Identity></Credential></To>
<Sender><Credential domain="${from.domain}"><Identity>${esc(from.identity)}</Identity>${secret}</Credential><UserAgent>${system} test</UserAgent></Sender></Header>
<Request deploymentMode="production"><OrderRequest>
<OrderRequestHeader orderID="${esc(o.orderId)}" orderDate="2026-11-20T10:15:00+11:00" type="${type}"${versionAttr}>
<Total><Money currency="AUD">${(total + (system === 'coupa' ? 0 : tax)).toFixed(2)}</Money></Total>
${system === 'ariba' ? '' : shipTo}<BillTo>${address('B1', 'University of Westmere', 'Accounts Payable', 'Finance Services, 1 Grattan Street')}</BillTo>${headerTax}
<Contact role="${system === 'coupa' ? 'endUser' : 'buyer'}"><Name xml:lang="en">Priya Raman</Name><Email name="default">p.raman@uni.demo.test</Email></Contact>
${system === 'unimarket' ? '<Comments xml:lang="en">Deliver before 10 am, dock B</Comments>' : ''}${reference}${headerExtrinsic}
</OrderRequestHeader>${items}</OrderRequest></Request></cXML>
`;
}

export function profileRequestXml(payloadId: string, secret: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-20T10:15:00+11:00"><Header><From><Credential domain="NetworkID"><Identity>UNIWESTMERE1</Identity></Credential></From><To><Credential domain="NetworkID"><Identity>SUPACMESCI01</Identity></Credential></To><Sender><Credential domain="NetworkID"><Identity>UNIWESTMERE1</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>test</UserAgent></Sender></Header><Request><ProfileRequest/></Request></cXML>`;
}
