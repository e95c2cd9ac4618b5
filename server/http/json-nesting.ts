/** How deep a JSON body may nest: far beyond any schema of the API, far below a stack overflow. */
export const MAX_JSON_NESTING = 64;

/**
 * The deepest bracket nesting of a JSON text, in one linear pass that skips strings:
 * checked before parsing, so no deep input reaches a recursive parser, validator or
 * JSON.stringify.
 */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* backslash */) i++;
      else if (c === 34 /* quote */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123 /* [ { */) deepest = Math.max(deepest, ++depth);
    else if (c === 93 || c === 125 /* ] } */) depth--;
  }
  return deepest;
}
