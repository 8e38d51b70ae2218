import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { resumePdf } from './pdf';

describe('resumePdf', () => {
  it('makes a PDF that a PDF reader opens, with the résumé text in it', async () => {
    const bytes = resumePdf({
      name: 'Lena Fischer',
      headline: 'Senior Frontend Engineer · Berlin',
      sections: [
        {
          title: 'Experience',
          lines: ['Design systems (React, TypeScript) for a bank (2019–2024).'],
        },
        { title: 'Skills', lines: ['Accessibility (WCAG 2.2), Vite, CSS'] },
      ],
    });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await getDocumentProxy(bytes);
    expect(pdf.numPages).toBe(1);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Lena Fischer');
    expect(text).toContain('Design systems (React, TypeScript) for a bank');
    expect(text).toContain('Accessibility');
    expect(text).toContain('2019–2024');
  });
});
