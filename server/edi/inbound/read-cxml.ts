import { DtdValidator, ParseOption, XmlCData, XmlDocument, XmlDtd, XmlElement, XmlLibError, XmlText, type XmlTreeNode } from 'libxml2-wasm';
import { chooseDtd, readDtdText, type DtdChoice } from './cxml-dtds';
import type { XmlTree } from './xml-tree';

/**
 * Reads an untrusted cXML document: bytes in, the parsed tree or the refusal out. Runs in
 * the sandbox (server/sandbox/tasks/read-cxml.ts). libxml2 parses with the network and
 * external entities off (XML_PARSE_NONET, XML_PARSE_NO_XXE) and without substituting
 * entities; a DOCTYPE that carries an internal subset (where entities would be declared)
 * is refused before parsing, and the external DTD it names is never loaded: the document
 * is validated against the same DTD shipped with the portal (cxml-dtds.ts).
 */

export type ReadCxmlResult =
  | { ok: true; root: XmlTree; dtd: DtdChoice }
  | { ok: false; status: 400 | 406; message: string; errors: string[] };

/** How many of the DTD's complaints an answer names: the first few are what a partner fixes first. */
const MAX_ERRORS = 10;
/** The prolog (declaration, comments, DOCTYPE) is looked for in the document's first bytes. */
const PROLOG_BYTES = 64 * 1024;

const PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_NOCDATA;

const DOCTYPE = /<!DOCTYPE\s+([^\s>[]+)\s*(?:(SYSTEM)\s+("[^"]*"|'[^']*')|(PUBLIC)\s+("[^"]*"|'[^']*')\s+("[^"]*"|'[^']*'))?\s*(\[|>)/;

const refuse = (status: 400 | 406, message: string, errors: string[] = []): ReadCxmlResult => ({ ok: false, status, message, errors });

const validators = new Map<string, DtdValidator>();

/** One validator per shipped DTD, kept for the worker's life: parsing a DTD costs more than validating an order. */
function validatorFor(choice: DtdChoice): DtdValidator {
  const key = `${choice.version}/${choice.file}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = new DtdValidator(XmlDtd.fromString(readDtdText(choice)));
    validators.set(key, validator);
  }
  return validator;
}

function unquote(text: string | undefined): string | null {
  return text === undefined ? null : text.slice(1, -1);
}

/** The DOCTYPE's system identifier (null when there is none), or a refusal. */
function readDoctype(bytes: Uint8Array): { systemId: string | null } | ReadCxmlResult {
  const prolog = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, PROLOG_BYTES));
  const start = prolog.search(/<[A-Za-z_]/);
  const head = start < 0 ? prolog : prolog.slice(0, start);
  if (/<!ENTITY/i.test(prolog)) return refuse(400, 'Entity declarations are not accepted');
  if (!/<!DOCTYPE/i.test(head)) return { systemId: null };
  const m = DOCTYPE.exec(head);
  if (!m) return refuse(400, 'The DOCTYPE could not be read');
  if (m[7] === '[') return refuse(400, 'A DOCTYPE with an internal subset is not accepted');
  if (m[1] !== 'cXML') return refuse(400, `Not a cXML document: the DOCTYPE names ${m[1]}`);
  return { systemId: unquote(m[3] ?? m[6]) };
}

function toTree(el: XmlElement): XmlTree {
  const attrs: Record<string, string> = {};
  for (const a of el.attrs) attrs[a.prefix ? `${a.prefix}:${a.name}` : a.name] = a.value;
  const children: XmlTree[] = [];
  let text = '';
  for (let node: XmlTreeNode | null = el.firstChild; node; node = node.next) {
    if (node instanceof XmlElement) children.push(toTree(node));
    else if (node instanceof XmlText || node instanceof XmlCData) text += node.content;
  }
  return { name: el.name, attrs, children, text };
}

function detailsOf(error: unknown): string[] {
  if (error instanceof XmlLibError) {
    return [...new Set(error.details.map((d) => `line ${d.line}: ${d.message.trim()}`))].slice(0, MAX_ERRORS);
  }
  return [error instanceof Error ? error.message : String(error)];
}

export function readCxml(bytes: Uint8Array): ReadCxmlResult {
  const doctype = readDoctype(bytes);
  if ('ok' in doctype) return doctype;
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: PARSE_OPTIONS });
  } catch (error) {
    return refuse(400, 'Not well-formed XML', detailsOf(error));
  }
  try {
    const root = doc.root;
    if (root.name !== 'cXML') return refuse(400, `Not a cXML document: the root element is ${root.name}`);
    const dtd = chooseDtd(doctype.systemId);
    if (!dtd) return refuse(406, `The DTD ${doctype.systemId ?? ''} is not one this endpoint validates against`);
    try {
      validatorFor(dtd).validate(doc);
    } catch (error) {
      return refuse(406, `Invalid against ${dtd.version}/${dtd.file}`, detailsOf(error));
    }
    return { ok: true, root: toTree(root), dtd };
  } finally {
    doc.dispose();
  }
}
