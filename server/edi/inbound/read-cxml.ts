import type { XmlElement } from 'libxml2-wasm';
import { DtdValidator, ParseOption, XmlDocument, XmlDtd, XmlLibError } from 'libxml2-wasm';
// libxml2-wasm's own struct readers: see treeAt. The version is pinned in package.json.
import { xmlNodeGetContent, XmlNamedNodeStruct, XmlNodeStruct, XmlNsStruct, XmlTreeCommonStruct } from 'libxml2-wasm/lib/libxml2.mjs';
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

/** The text of a document libxml2 has read, in the encoding its declaration names (libxml2 knows no other than these): searched for undeclared entities. */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  const declared = /^(?:\uFEFF)?<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(new TextDecoder().decode(bytes.subarray(0, 200)))?.[1]?.toLowerCase();
  // ISO-8859-1 byte for byte: a WHATWG decoder would read it as windows-1252.
  if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'us-ascii' || declared === 'ascii') return Buffer.from(bytes).toString('latin1');
  return new TextDecoder(declared?.startsWith('utf-16') ? declared : 'utf-8').decode(bytes);
}

/** libxml2's node types (xmlElementType) that the tree keeps: comments and processing instructions are dropped. */
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * The element at a libxml2 node pointer and everything under it, as plain data. Read from
 * libxml2's structs directly: libxml2-wasm's node classes cost four times the parse and
 * validation together on a 20-line order, and parsing the text again (saxes) twice as
 * much as this walk. The text is libxml2's own reading (its encoding, references, CDATA,
 * line ends and attribute-value normalisation). Element names are local names and
 * attributes keep their prefix (xml:lang); namespace declarations are not attributes.
 */
function treeAt(node: number): XmlTree {
  const attrs: Record<string, string> = {};
  for (let attr = XmlNodeStruct.properties(node); attr; attr = XmlTreeCommonStruct.next(attr)) {
    const ns = XmlNamedNodeStruct.namespace(attr);
    const name = XmlTreeCommonStruct.name_(attr);
    attrs[ns ? `${XmlNsStruct.prefix(ns)}:${name}` : name] = xmlNodeGetContent(attr);
  }
  const children: XmlTree[] = [];
  let text = '';
  for (let child = XmlTreeCommonStruct.children(node); child; child = XmlTreeCommonStruct.next(child)) {
    const type = XmlTreeCommonStruct.type(child);
    if (type === ELEMENT_NODE) children.push(treeAt(child));
    else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) text += xmlNodeGetContent(child);
  }
  return { name: XmlTreeCommonStruct.name_(node), attrs, children, text };
}

/** libxml2-wasm keeps an element's pointer to itself; treeAt reads from there. */
function pointerOf(element: XmlElement): number {
  return (element as unknown as { _nodePtr: number })._nodePtr;
}

/**
 * A reference to an entity no DTD here declares (none is loaded, so only XML's five are):
 * libxml2 only warns of one when the document names an external DTD, keeping it in text as
 * a reference node and dropping it from an attribute's value. The document, well formed by
 * then, is searched for one outside CDATA sections, comments and processing instructions.
 */
const REFERENCE = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)([^;]*);/g;

function undeclaredEntity(bytes: Uint8Array): string | null {
  // No '&' byte (in UTF-16 too), no reference: most orders are not decoded at all.
  if (!bytes.includes(0x26)) return null;
  for (const m of decode(bytes).matchAll(REFERENCE)) if (m[1] !== undefined) return `Entity '${m[1]}' is not declared`;
  return null;
}

function detailsOf(error: unknown): string[] {
  if (error instanceof XmlLibError) {
    return [...new Set(error.details.map((d) => `line ${d.line}: ${d.message.trim()}`))].slice(0, MAX_ERRORS);
  }
  return [error instanceof Error ? error.message : String(error)];
}

/** The shipped DTD the document is valid against, or the refusal. */
function validate(doc: XmlDocument, systemId: string | null): DtdChoice | ReadCxmlResult {
  const root = doc.root;
  if (root.name !== 'cXML') return refuse(400, `Not a cXML document: the root element is ${root.name}`);
  const dtd = chooseDtd(systemId);
  if (!dtd) return refuse(406, `The DTD ${systemId ?? ''} is not one this endpoint validates against`);
  try {
    validatorFor(dtd).validate(doc);
  } catch (error) {
    return refuse(406, `Invalid against ${dtd.version}/${dtd.file}`, detailsOf(error));
  }
  return dtd;
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
    const validated = validate(doc, doctype.systemId);
    if ('ok' in validated) return validated;
    const undeclared = undeclaredEntity(bytes);
    if (undeclared) return refuse(400, 'Not well-formed XML', [undeclared]);
    return { ok: true, root: treeAt(pointerOf(doc.root)), dtd: validated };
  } finally {
    doc.dispose();
  }
}
