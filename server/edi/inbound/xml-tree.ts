/**
 * A parsed XML element as plain data: what the sandbox hands back across the worker
 * boundary (structured-clonable), and what the request readers walk. Mixed content is
 * kept as the element's concatenated text; comments and processing instructions are dropped.
 */
export interface XmlTree {
  name: string;
  attrs: Record<string, string>;
  children: XmlTree[];
  text: string;
}

export function childOf(el: XmlTree | null | undefined, name: string): XmlTree | null {
  return el?.children.find((c) => c.name === name) ?? null;
}

export function childrenOf(el: XmlTree | null | undefined, name: string): XmlTree[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** The element at a path of child names (`Header/From/Credential`), or null. */
export function at(el: XmlTree | null | undefined, path: string): XmlTree | null {
  if (!path.includes('/')) return childOf(el, path);
  let cur: XmlTree | null = el ?? null;
  for (const name of path.split('/')) cur = childOf(cur, name);
  return cur;
}

/** The trimmed text of the element at a path, or '' when there is none. */
export function textAt(el: XmlTree | null | undefined, path: string): string {
  return (at(el, path)?.text ?? '').trim();
}

export function attrOf(el: XmlTree | null | undefined, name: string): string {
  return el?.attrs[name] ?? '';
}
