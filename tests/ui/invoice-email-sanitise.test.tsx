import { describe, expect, it } from 'vitest';
import { EMAIL_FRAME_CSP, emailFrameDocument, sanitizeEmailHtml } from '../../src/features/invoices/sanitize-email-html';

const HOST = 'tracker.demo.invalid';

describe("an email's HTML body", () => {
  it('loses script, event handlers and javascript: links', () => {
    const clean = sanitizeEmailHtml(
      `<p onclick="steal()">Hello</p><script>parent.document.body.dataset.x = 1</script><a href="javascript:steal()">online</a><img src=x onerror="steal()">`,
    );
    expect(clean).toContain('Hello');
    expect(clean).toContain('online');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|steal/i);
  });

  it('loses everything that would ask a remote host for something', () => {
    const clean = sanitizeEmailHtml(
      [
        `<img src="https://${HOST}/open.gif" srcset="https://${HOST}/2x.gif 2x">`,
        `<p style="color: red; background-image: url('https://${HOST}/bg.png')">styled</p>`,
        `<table background="https://${HOST}/t.png"><tr><td>cell</td></tr></table>`,
        `<style>@import url(https://${HOST}/s.css);</style>`,
        `<link rel="stylesheet" href="https://${HOST}/s.css">`,
        `<a href="https://${HOST}/click">a link</a>`,
        `<iframe src="https://${HOST}/"></iframe><object data="https://${HOST}/o"></object>`,
        `<form action="https://${HOST}/f"><input name="q"></form>`,
      ].join(''),
    );
    expect(clean).not.toContain(HOST);
    expect(clean).toContain('styled');
    expect(clean).toContain('color: red');
    expect(clean).toContain('cell');
    expect(clean).toContain('a link');
  });

  it('keeps images written into the email itself', () => {
    const inline = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeEmailHtml(`<img src="${inline}" alt="logo">`)).toContain(inline);
  });

  it('is framed with a policy that allows no request at all and no script', () => {
    const doc = emailFrameDocument('<p>Body</p>', { text: '#000', background: '#fff' });
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${EMAIL_FRAME_CSP}">`);
    expect(EMAIL_FRAME_CSP).toContain("default-src 'none'");
    expect(EMAIL_FRAME_CSP).not.toMatch(/script-src|https?:/);
    expect(doc).toContain('<body><p>Body</p></body>');
  });
});
