import { deflateSync } from 'node:zlib';

/**
 * Small PDFs made in code for the tests and the bench (no fixture files): text pages, and the
 * hostile kinds résumé reading must refuse.
 */
const enc = (s: string) => Buffer.from(s, 'latin1');
const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

function assemble(objects: Buffer[], trailerExtra = ''): Uint8Array {
  const parts: Buffer[] = [enc('%PDF-1.4\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([enc(`${i + 1} 0 obj\n`), body, enc('\nendobj\n')]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ].join('\n');
  parts.push(
    enc(
      `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${at}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** A PDF with one page per entry, each line of it written in Helvetica. */
export function textPdf(pages: string[]): Uint8Array {
  // 1 catalog, 2 pages, 3 font, then page + content per page.
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  const objects: Buffer[] = [
    enc('<< /Type /Catalog /Pages 2 0 R >>'),
    enc(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`),
    enc('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  for (const [i, text] of pages.entries()) {
    const lines = text.split('\n');
    const ops = lines
      .map((line, n) => `BT /F1 11 Tf 50 ${780 - n * 14} Td (${pdfString(line)}) Tj ET`)
      .join('\n');
    const stream = deflateSync(enc(ops));
    objects.push(
      enc(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + i * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      ),
      Buffer.concat([
        enc(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
        stream,
        enc('\nendstream'),
      ]),
    );
  }
  return assemble(objects);
}

/** Starts like a PDF, is not one. */
export const malformedPdf = () => enc('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R\n%%EOF');

/** Encrypted with a password nobody gave (the Standard handler's checks fail). */
export function encryptedPdf(): Uint8Array {
  const base = Buffer.from(textPdf(['Secret words'])).toString('latin1');
  const o = 'x'.repeat(32);
  return new Uint8Array(
    enc(
      base.replace(
        '/Root 1 0 R ',
        `/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O (${o}) /U (${o}) /P -4 >> /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] `,
      ),
    ),
  );
}

/** A document that claims (and has) `count` empty pages. */
export function manyPagesPdf(count: number): Uint8Array {
  const kids = Array.from({ length: count }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objects: Buffer[] = [
    enc('<< /Type /Catalog /Pages 2 0 R >>'),
    enc(`<< /Type /Pages /Kids [${kids}] /Count ${count} >>`),
  ];
  for (let i = 0; i < count; i += 1) {
    objects.push(enc('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>'));
  }
  return assemble(objects);
}

/** A small file whose one content stream inflates to `inflatedMb` megabytes. */
export function bombPdf(inflatedMb: number): Uint8Array {
  const stream = deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 });
  const objects: Buffer[] = [
    enc('<< /Type /Catalog /Pages 2 0 R >>'),
    enc('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    enc('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
    Buffer.concat([
      enc(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      enc('\nendstream'),
    ]),
  ];
  return assemble(objects);
}
