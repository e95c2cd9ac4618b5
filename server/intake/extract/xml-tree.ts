import { SaxesParser } from 'saxes';

/** One element of a parsed document: its local name and namespace, attributes by local name, own text. */
export interface XmlElement {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Bounds for one document: an invoice is far smaller; past them the file is refused, not half read. */
const XML_LIMITS = { maxBytes: 20 * 1024 * 1024, maxElements: 250_000, maxDepth: 64 } as const;

export class XmlRefused extends Error {}

/**
 * Parses XML into a tree with saxes: entities other than XML's five and character
 * references are never expanded (an undeclared one is an error), a DTD is never
 * fetched, and a document that declares its own (an internal subset, the carrier of
 * entity bombs and external entities) is refused outright.
 */
export function parseXml(bytes: Uint8Array, limits = XML_LIMITS): XmlElement {
  if (bytes.byteLength > limits.maxBytes) throw new XmlRefused(`The XML file is larger than ${limits.maxBytes / 1024 / 1024} MiB.`);
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  const text = new TextDecoder(encoding).decode(bytes);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: XmlElement = { name: '#document', ns: '', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let count = 0;
  let refusal: string | null = null;
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) refusal = 'The XML declares its own entities (a DTD internal subset), which is refused.';
  });
  parser.on('opentag', (tag) => {
    if (++count > limits.maxElements) refusal = `The XML has more than ${limits.maxElements} elements.`;
    if (stack.length > limits.maxDepth) refusal = `The XML nests deeper than ${limits.maxDepth} levels.`;
    const attrs: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes)) attrs[attr.local] = attr.value;
    const element: XmlElement = { name: tag.local, ns: tag.uri, attrs, children: [], text: '' };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  const addText = (t: string) => {
    stack[stack.length - 1]!.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  let failure: string | null = null;
  parser.on('error', (err) => {
    failure ??= err.message;
  });
  // Written in slices so a refusal stops the parse early instead of after the whole file.
  const SLICE = 256 * 1024;
  for (let i = 0; i < text.length && !refusal && !failure; i += SLICE) parser.write(text.slice(i, i + SLICE));
  if (!refusal && !failure) parser.close();
  if (refusal) throw new XmlRefused(refusal);
  if (failure) throw new XmlRefused(`The XML is not well formed (${failure}).`);
  const top = root.children[0];
  if (!top) throw new XmlRefused('The XML has no root element.');
  return top;
}

export function child(el: XmlElement | null | undefined, name: string): XmlElement | null {
  return el?.children.find((c) => c.name === name) ?? null;
}

export function childrenNamed(el: XmlElement | null | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** The element at a path of local names ("LegalMonetaryTotal/PayableAmount"). */
export function at(el: XmlElement | null | undefined, path: string): XmlElement | null {
  let cur: XmlElement | null = el ?? null;
  for (const name of path.split('/')) cur = child(cur, name);
  return cur;
}

/** Every element at a path, the last step matching many. */
export function allAt(el: XmlElement | null | undefined, path: string): XmlElement[] {
  const names = path.split('/');
  const last = names.pop()!;
  const parent = names.length ? at(el, names.join('/')) : (el ?? null);
  return childrenNamed(parent, last);
}

/** Trimmed text at a path, or null when absent or blank. */
export function textAt(el: XmlElement | null | undefined, path: string): string | null {
  const found = path ? at(el, path) : (el ?? null);
  const t = found?.text.trim();
  return t ? t : null;
}
