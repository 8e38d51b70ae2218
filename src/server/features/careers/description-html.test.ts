import { describe, expect, it } from 'vitest';
import { descriptionHtml } from './careers.pages';

describe('the job description as the careers page writes it', () => {
  it('makes a heading of its own line only: the text under it stays a paragraph', () => {
    expect(descriptionHtml('## About the role\nYou will build **APIs**.\n- Node\n- SQL')).toBe(
      '<h2>About the role</h2>\n<p>You will build APIs.<br />• Node<br />• SQL</p>',
    );
  });

  it('keeps blocks apart and escapes what the recruiter wrote', () => {
    expect(descriptionHtml('Intro <b>bold</b>\r\n\r\n# Perks\r\n\r\nRemote')).toBe(
      '<p>Intro &lt;b&gt;bold&lt;/b&gt;</p>\n<h2>Perks</h2>\n<p>Remote</p>',
    );
  });
});
