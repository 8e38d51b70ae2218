import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { cleanResumeText, RESUME_READ_LIMITS } from '../../../domain/resumes';

export type PdfTextResult = { ok: true; text: string } | { ok: false; reason: string };
export type PdfReadLimits = { [K in keyof typeof RESUME_READ_LIMITS]: number };

/**
 * The worker's code: plain CommonJS run with `eval`, so the same file works from the sources
 * (tsx, vitest) and from the compiled server. It refuses first what would be costly — streams
 * that inflate past the budget (zlib's maxOutputLength stops each inflate early), more pages
 * than allowed — then reads the text page by page with unpdf (PDF.js), up to maxChars.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { bytes, limits, unpdfPath } = workerData;

function inflatesTooMuch(buf) {
  const text = buf.toString('latin1');
  const marker = /stream\\r?\\n/g;
  let total = 0;
  let m;
  while ((m = marker.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const out = zlib.inflateSync(buf.subarray(start, end), {
        maxOutputLength: Math.max(1, limits.maxInflatedBytes - total + 1),
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
      total += out.length;
    } catch (error) {
      if (error instanceof RangeError) return true;
      // Not deflate (an image, plain text): PDF.js decides.
    }
    if (total > limits.maxInflatedBytes) return true;
    marker.lastIndex = end;
  }
  return false;
}

(async () => {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (inflatesTooMuch(buf)) return { ok: false, reason: 'inflates too much' };
  const { getDocumentProxy } = require(unpdfPath);
  const doc = await getDocumentProxy(new Uint8Array(buf), {
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: true,
  });
  if (doc.numPages > limits.maxPages) return { ok: false, reason: 'too many pages' };
  let text = '';
  for (let i = 1; i <= doc.numPages && text.length < limits.maxChars; i += 1) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text += content.items.map((item) => (typeof item.str === 'string' ? item.str : '')).join(' ') + '\\n';
    page.cleanup();
  }
  await doc.destroy();
  return { ok: true, text: text.slice(0, limits.maxChars) };
})().then(
  (result) => parentPort.postMessage(result),
  (error) => parentPort.postMessage({ ok: false, reason: String((error && error.name) || error) }),
);
`;

let unpdfPath: string | null = null;
/** unpdf's CommonJS build, by absolute path (the worker runs from no file of its own). */
const unpdf = () => {
  unpdfPath ??= createRequire(import.meta.url).resolve('unpdf');
  return unpdfPath;
};

/**
 * The text of a PDF, read in a worker thread whose heap is capped and which is ended after
 * `timeoutMs`: an encrypted, malformed, huge or hostile file answers `{ok: false}` and the
 * server's own thread never waits on it. Whatever goes wrong, nothing partial is answered.
 */
export function readPdfText(
  bytes: Uint8Array,
  limits: PdfReadLimits = RESUME_READ_LIMITS,
): Promise<PdfTextResult> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes, limits, unpdfPath: unpdf() },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    const finish = (result: PdfTextResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timed out' }), limits.timeoutMs);
    worker.on('message', (message: PdfTextResult) => {
      if (message.ok) {
        const text = cleanResumeText(String(message.text)).slice(0, limits.maxChars);
        finish(text ? { ok: true, text } : { ok: false, reason: 'no text' });
      } else {
        finish({ ok: false, reason: String(message.reason) });
      }
    });
    worker.on('error', (error: Error) =>
      finish({ ok: false, reason: error.name || 'worker error' }),
    );
    worker.on('exit', () => finish({ ok: false, reason: 'worker ended' }));
  });
}
