import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

// Headings and layout are checked in the browser journeys (happy-dom's DOMPurify drops some tags).
describe('renderMarkdown', () => {
  it('shows raw HTML as text instead of parsing it, and drops javascript: links', () => {
    const html = renderMarkdown(
      '<img src=x onerror=alert(1)>\n\nInline <b onclick="x()">tag</b> and **bold** [x](javascript:alert(2))',
    );
    expect(html).not.toMatch(/<img|<b\b/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b onclick=');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/href="javascript:/);
  });
});
