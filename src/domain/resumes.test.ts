import { describe, expect, it } from 'vitest';
import { JOB_TEXTS, MAX_RESUME_BYTES } from './jobs';
import { isPdf, RESUME_REFUSAL_TEXTS, resumeRefusal } from './resumes';

const pdfBytes = new TextEncoder().encode('%PDF-1.4\n%%EOF');
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the résumé rule', () => {
  it('knows a PDF by its first bytes, not its name', () => {
    expect(isPdf(pdfBytes)).toBe(true);
    expect(isPdf(pngBytes)).toBe(false);
    expect(isPdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it('accepts a PDF up to the cap and refuses one byte more', () => {
    expect(resumeRefusal({ size: MAX_RESUME_BYTES, name: 'cv.pdf', head: pdfBytes })).toBeNull();
    expect(resumeRefusal({ size: MAX_RESUME_BYTES + 1, name: 'cv.pdf', head: pdfBytes })).toBe(
      'too-large',
    );
  });

  it('checks the bytes when it has them, whatever the name says', () => {
    expect(resumeRefusal({ size: 8, name: 'cv.pdf', head: pngBytes })).toBe('not-pdf');
    expect(resumeRefusal({ size: 15, name: 'cv.png', head: pdfBytes })).toBeNull();
  });

  it('goes by the name or type in the browser, before the bytes are read', () => {
    expect(resumeRefusal({ size: 10, name: 'CV.PDF', type: '' })).toBeNull();
    expect(resumeRefusal({ size: 10, name: 'cv', type: 'application/pdf' })).toBeNull();
    expect(resumeRefusal({ size: 10, name: 'cv.docx', type: 'application/msword' })).toBe(
      'not-pdf',
    );
  });

  it('names the size first when both are wrong', () => {
    expect(resumeRefusal({ size: MAX_RESUME_BYTES + 1, name: 'cv.docx' })).toBe('too-large');
  });

  it('shows the jobs texts', () => {
    expect(RESUME_REFUSAL_TEXTS['too-large']).toBe(JOB_TEXTS.resumeTooLarge);
    expect(RESUME_REFUSAL_TEXTS['not-pdf']).toBe(JOB_TEXTS.resumePdf);
  });
});
