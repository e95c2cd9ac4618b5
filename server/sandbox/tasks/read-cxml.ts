import { readCxml, type ReadCxmlResult } from '../../edi/inbound/read-cxml';

export interface ReadCxmlInput {
  /** The posted document, as received. */
  bytes: Uint8Array;
}

/** An inbound cXML document parsed and validated against the shipped DTD (server/edi/inbound/read-cxml.ts). */
export async function readCxmlTask(input: ReadCxmlInput): Promise<ReadCxmlResult> {
  return readCxml(input.bytes);
}
