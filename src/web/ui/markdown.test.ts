import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

// DOMPurify's own work (headings kept, javascript: links dropped) is checked in Chromium by the
// workspace journey: under happy-dom it behaves differently.
describe('renderMarkdown', () => {
  it('shows raw HTML as text instead of parsing it', () => {
    const html = renderMarkdown(
      '<img src=x onerror=alert(1)>\n\nInline <b onclick="x()">tag</b> and **bold** [x](javascript:alert(2))',
    );
    expect(html).not.toMatch(/<img|<b\b/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b onclick=');
    expect(html).toContain('<strong>bold</strong>');
  });
});
