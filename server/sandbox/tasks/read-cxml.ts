import { readCxmlRequest, type ReadCxmlRequestResult } from '../../edi/inbound/read-cxml-request';

export interface ReadCxmlInput {
  /** The posted document, as received. */
  bytes: Uint8Array;
}

/** An inbound cXML document parsed, validated against the shipped DTD and its request read (server/edi/inbound/read-cxml-request.ts). */
export async function readCxmlTask(input: ReadCxmlInput): Promise<ReadCxmlRequestResult> {
  return readCxmlRequest(input.bytes);
}
