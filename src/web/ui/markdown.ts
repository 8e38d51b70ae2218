import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Headings move one level down: the page already has its h1, so the README's "# Title"
 * becomes an h2 under it.
 */
const parser = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(token.depth + 1, 6);
  },
  renderer: {
    // Raw HTML in what users write is shown as text, never parsed: nobody needs it in an
    // answer, a README or a job ad, and parsing `<img onerror>` even in DOMPurify's inert
    // document makes Chromium report a Content-Security-Policy violation.
    html: (token) =>
      'block' in token && token.block
        ? `<p>${escapeHtml(token.text.trim())}</p>\n`
        : escapeHtml(token.text),
  },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Markdown to HTML that is safe to inject: marked renders (GitHub flavour) with raw HTML
 * escaped, and DOMPurify still removes scripts, event handlers and javascript: links. The README is written by template
 * authors and edited by candidates, so it is never trusted.
 */
export function renderMarkdown(source: string): string {
  const html = parser.parse(source, { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
