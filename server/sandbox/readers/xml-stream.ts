import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';

export interface XmlHandlers {
  /** An element starts; `name` without its namespace prefix. */
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds a stream of XML through a SAX parser as it arrives, so no document is ever held
 * whole. saxes expands only XML's five predefined entities: a DTD's own entities (and so
 * entity bombs or external entities) are errors, never expanded.
 */
export async function streamXml(stream: Readable, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  if (handlers.text) parser.on('text', handlers.text);
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(chunk);
      if (failure) throw failure;
    }
    parser.close();
    if (failure) throw failure;
  } finally {
    stream.destroy();
  }
}

/** An attribute by its local name (`r:id` and `id` alike when `prefixed`). */
export function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  if (!prefixed) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (local(key) === name) return value;
  return undefined;
}
