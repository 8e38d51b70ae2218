import { RESUME_READ_LIMITS } from '../src/domain/resumes';
import { readPdfText } from '../src/server/features/resumes/pdf-text';
import { textPdf } from '../src/server/features/resumes/test-pdfs';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'resumes';

const runs = Number(process.env.BENCH_RESUMES_RUNS ?? 10);

/**
 * Résumé search: the time to read the text of a 10-page PDF résumé in its worker thread
 * (worker start, PDF.js, every page), one at a time as the server does; and the worker's
 * time limit for comparison.
 */
export async function run(_server: RunningServer): Promise<{ metrics: Metric[] }> {
  const line = 'Senior engineer: Kubernetes, PostgreSQL, TypeScript, incident response. ';
  const pdf = textPdf(
    Array.from({ length: 10 }, (_, i) => `Page ${i + 1}\n${`${line}\n`.repeat(45)}`),
  );
  const times: number[] = [];
  let chars = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const result = await readPdfText(pdf);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`the 10-page résumé was not read: ${result.reason}`);
    chars = result.text.length;
  }
  times.sort((a, b) => a - b);
  const p50 = Math.round(times[Math.floor(times.length / 2)]!);
  const max = Math.round(times.at(-1)!);
  printTable([
    ['PDF', 'KB', 'chars', 'p50 ms', 'max ms'],
    [
      '10 pages',
      String(Math.round(pdf.byteLength / 1024)),
      String(chars),
      String(p50),
      String(max),
    ],
  ]);
  return {
    metrics: [
      metric(stage, '10-page résumé read p50', p50, 'ms', {
        limit: RESUME_READ_LIMITS.timeoutMs,
        kind: 'max',
      }),
      metric(stage, '10-page résumé read max', max, 'ms'),
    ],
  };
}
