import { DtdValidator, ParseOption, XmlDocument, XmlDtd, XmlLibError } from 'libxml2-wasm';
import { SaxesParser } from 'saxes';
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

/** The text of a document libxml2 has read: in the encoding its declaration names (libxml2 knows no other than these). */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  const declared = /^(?:\uFEFF)?<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(new TextDecoder().decode(bytes.subarray(0, 200)))?.[1]?.toLowerCase();
  // ISO-8859-1 byte for byte: a WHATWG decoder would read it as windows-1252.
  if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'us-ascii' || declared === 'ascii') return Buffer.from(bytes).toString('latin1');
  return new TextDecoder(declared?.startsWith('utf-16') ? declared : 'utf-8').decode(bytes);
}

/**
 * The document as plain data, read again with saxes once libxml2 has found it well formed
 * and valid: walking libxml2-wasm's node objects cost three times the parse and validation
 * together, and kept V8 re-optimising its node classes on background threads. Element names
 * are local names and attributes keep their prefix (xml:lang), as libxml2 names them;
 * namespace declarations are not attributes.
 */
function treeOf(text: string): XmlTree {
  const parser = new SaxesParser();
  const stack: XmlTree[] = [];
  let root: XmlTree | null = null;
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) attrs[name] = value;
    }
    const el: XmlTree = { name: tag.name.slice(tag.name.indexOf(':') + 1), attrs, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(el);
    else root = el;
    stack.push(el);
  });
  const addText = (text: string) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => stack.pop());
  parser.write(text).close();
  return root!;
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
  let validated: DtdChoice | ReadCxmlResult;
  try {
    validated = validate(doc, doctype.systemId);
  } finally {
    doc.dispose();
  }
  if ('ok' in validated) return validated;
  try {
    return { ok: true, root: treeOf(decode(bytes)), dtd: validated };
  } catch (error) {
    return refuse(400, 'Not well-formed XML', [error instanceof Error ? error.message : String(error)]);
  }
}
