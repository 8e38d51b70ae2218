/**
 * A one-page résumé as a real PDF (1.4, the standard Helvetica fonts, WinAnsi text), so the
 * demo's résumés open in a viewer and résumé search reads their text like any upload's.
 * Written by hand because it is a few objects: no PDF library is worth a dependency here.
 */
export interface ResumeText {
  name: string;
  headline: string;
  sections: { title: string; lines: string[] }[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
/** Characters per line at 10 pt Helvetica across the text width (about 5 pt a character). */
const WRAP_AT = 92;

/** WinAnsi's characters beyond Latin-1 that résumés use (dashes, quotes, bullet, euro). */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** A PDF string literal's text: backslash, parentheses escaped; outside WinAnsi becomes '?'. */
function pdfString(text: string): string {
  const latin1 = [...text]
    .map((ch) => {
      if (WIN_ANSI[ch] !== undefined) return String.fromCharCode(WIN_ANSI[ch]);
      return ch.charCodeAt(0) <= 0xff ? ch : '?';
    })
    .join('');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function wrap(line: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/\s+/)) {
    if (current && current.length + 1 + word.length > WRAP_AT) {
      out.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) out.push(current);
  return out;
}

function contentStream(resume: ResumeText): string {
  const ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN - 10;
  const text = (font: string, size: number, value: string, lead: number) => {
    ops.push(`BT /${font} ${size} Tf ${MARGIN} ${y} Td ${pdfString(value)} Tj ET`);
    y -= lead;
  };
  text('F1', 22, resume.name, 26);
  text('F2', 12, resume.headline, 28);
  for (const section of resume.sections) {
    text('F1', 13, section.title, 18);
    for (const line of section.lines) {
      for (const part of wrap(line)) text('F2', 10, part, 14);
    }
    y -= 10;
  }
  return ops.join('\n');
}

export function resumePdf(resume: ResumeText): Uint8Array {
  const stream = contentStream(resume);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
