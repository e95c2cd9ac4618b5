import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Attributes that make the browser fetch something by themselves. */
const FETCHING_ATTRIBUTES = new Set(['src', 'srcset', 'background', 'poster', 'action', 'formaction', 'xlink:href', 'data', 'ping', 'lowsrc', 'dynsrc']);

/** Images written into the email itself are the only ones shown: they need no request. */
const INLINE_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp);base64,[a-z0-9+/=\s]+$/i;

/** CSS `url(...)` and `@import` load from anywhere; `image-set()` too. */
const CSS_FETCH = /url\s*\([^)]*\)|image-set\s*\([^)]*\)|@import[^;]*;?/gi;

let purifier: Purifier | null = null;

function emailPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (FETCHING_ATTRIBUTES.has(name)) {
      data.keepAttr = name === 'src' && INLINE_IMAGE.test(data.attrValue);
    } else if (name === 'href') {
      // A followed link would load a remote page into the frame: the address stays readable, not clickable.
      data.keepAttr = false;
    } else if (name === 'style') {
      data.attrValue = data.attrValue.replace(CSS_FETCH, 'none');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * An email's HTML body, as a supplier (or anyone) sent it, made safe to show: no script,
 * no event handler, no form, no frame or embedded object, no style sheet, and nothing
 * that would fetch from a remote host (images other than inline data, CSS urls, links).
 * The sandboxed frame (email-frame.tsx) is the second wall behind this one.
 */
export function sanitizeEmailHtml(html: string): string {
  return emailPurifier().sanitize(html, {
    FORBID_TAGS: ['style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'frameset', 'object', 'embed', 'video', 'audio', 'source', 'track', 'picture', 'svg', 'math'],
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

/** The frame's own policy: nothing may load but inline styles and inline images, whatever slipped through. */
export const EMAIL_FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'";

/** The whole document given to the sandboxed frame's srcdoc. */
export function emailFrameDocument(cleanBody: string, colours: { text: string; background: string }): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${EMAIL_FRAME_CSP}">`,
    `<style>body{margin:12px;font:14px/1.5 system-ui,sans-serif;color:${colours.text};background:${colours.background};overflow-wrap:anywhere}img{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}</style>`,
    `</head><body>${cleanBody}</body></html>`,
  ].join('');
}
