import { at, attrOf, childOf, childrenOf, textAt, type XmlTree } from './xml-tree';

/** The parties and the request of an inbound cXML document, read from its (DTD-valid) tree. */

export interface CxmlCredential {
  domain: string;
  identity: string;
}

export interface CxmlEnvelope {
  payloadId: string;
  timestamp: string;
  from: CxmlCredential[];
  to: CxmlCredential[];
  sender: CxmlCredential[];
  /** Sender/Credential/SharedSecret: how the sending party proves who it is. */
  sharedSecret: string | null;
  /** The request element's name: OrderRequest, ProfileRequest, InvoiceDetailRequest... */
  requestType: string;
  deploymentMode: string;
}

function credentials(party: XmlTree | null): CxmlCredential[] {
  return childrenOf(party, 'Credential').map((c) => ({ domain: attrOf(c, 'domain').trim(), identity: textAt(c, 'Identity') }));
}

/** The envelope, and the request element its reader (request-readers.ts) reads. */
export function readEnvelope(root: XmlTree): { envelope: CxmlEnvelope; request: XmlTree } | { error: string } {
  const header = childOf(root, 'Header');
  const request = childOf(root, 'Request');
  if (!header || !request) return { error: 'Not a cXML request: the document has no Header and Request' };
  const body = request.children[0];
  if (!body) return { error: 'The Request element holds no request' };
  const secret = childrenOf(childOf(header, 'Sender'), 'Credential')
    .map((c) => childOf(c, 'SharedSecret'))
    .find((s) => s !== null);
  const envelope: CxmlEnvelope = {
    payloadId: attrOf(root, 'payloadID').trim(),
    timestamp: attrOf(root, 'timestamp').trim(),
    from: credentials(childOf(header, 'From')),
    to: credentials(childOf(header, 'To')),
    sender: credentials(childOf(header, 'Sender')),
    sharedSecret: secret ? secret.text : null,
    requestType: body.name,
    deploymentMode: attrOf(request, 'deploymentMode') || 'production',
  };
  return { envelope, request: body };
}

/** The request type of a document for the log, even when it is refused later: '' when it has none. */
export function requestTypeOf(root: XmlTree): string {
  return at(root, 'Request')?.children[0]?.name ?? root.children.find((c) => c.name !== 'Header')?.name ?? '';
}
