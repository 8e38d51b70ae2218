/**
 * AI-assisted review (issue 34): our own overhead beside the model's time. The app runs in its
 * own process (bench/lib/ai-review-server.ts) with AI_BASE_URL pointing at an OpenAiTestServer
 * in this process, which answers at once and records when each request arrived and when its
 * answer was written out. A reviewer asks for BENCH_AI_REVIEWS (30) reviews of one submission
 * (four files changed or added, the starter rubric, every feature on, a failing test run), one
 * at a time. Per review:
 *
 *   total    = from sending POST /ai-review to the review's finishedAt (the row written done)
 *   model    = the sum, over the model requests the review made, of arrival → answer written
 *   overhead = total − model: loading the submission, building the prompt, the client, the
 *              stream's parsing, checking citations, storing the result and the audit rows
 *
 * Also the server's CPU time per review (with the reviewer's polls every 50 ms), which a
 * busy machine does not inflate the way it inflates the wall-clock figures.
 *
 * Budget (DESIGN.md §6): overhead p50 ≤ 100 ms. finishedAt is the server's wall clock, which
 * is this machine's; it is compared with Date.now() here, both in milliseconds.
 */
import { readFileSync } from 'node:fs';
import { OpenAiTestServer } from '../src/server/features/ai-review/openai-test-server';
import { modelAnswer } from './lib/ai-review-material';
import type { AiReviewServerReady } from './lib/ai-review-server';
import { startBenchChild } from './lib/child';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'ai-review';

const reviews = Math.max(1, Number(process.env.BENCH_AI_REVIEWS ?? 30) || 30);

/** The process's CPU time so far (user + system), in ms; null off Linux. */
function cpuMs(pid: number): number | null {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the command's ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface ReviewRow {
  status: string;
  finishedAt: string | null;
  errorCode: string | null;
  result: { unverifiedCitations: number } | null;
}

export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const model = await new OpenAiTestServer().start();
  try {
    const child = await startBenchChild<AiReviewServerReady>({
      script: 'bench/lib/ai-review-server.ts',
      name: 'ai-review',
      isReady: (line) => Boolean(line.reviewerCookie),
      env: { AI_BASE_URL: model.baseUrl, AI_TIMEOUT_SECONDS: '30' },
    });
    try {
      return await measure(child.appUrl, child.ready, model);
    } finally {
      await child.stop();
    }
  } finally {
    await model.close();
  }
}

async function measure(base: string, ready: AiReviewServerReady, model: OpenAiTestServer) {
  const path = `/api/assessments/${ready.assessmentId}/ai-review`;
  const send = (method: string) =>
    fetch(`${base}${path}`, { method, headers: { cookie: ready.reviewerCookie, origin: base } });
  const answer = modelAnswer();
  const rows: { total: number; model: number; overhead: number }[] = [];
  // The first review warms the process up (module loading, JIT); it is not counted.
  let cpuStart: number | null = null;
  for (let i = 0; i <= reviews; i++) {
    if (i === 1) cpuStart = cpuMs(ready.pid);
    model.queue({ content: answer, usage: { prompt_tokens: 4000, completion_tokens: 900 } });
    const firstRequest = model.requests.length;
    const sentAt = Date.now();
    const sentPerf = performance.now();
    const asked = await send('POST');
    if (asked.status !== 202)
      throw new Error(`POST ${path}: ${asked.status} ${await asked.text()}`);
    let review: ReviewRow;
    for (;;) {
      const res = await send('GET');
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      review = ((await res.json()) as { review: ReviewRow }).review;
      if (review.status === 'done' || review.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (review.status !== 'done') throw new Error(`review ${i} failed: ${review.errorCode}`);
    if (review.result?.unverifiedCitations !== 0)
      throw new Error(`review ${i} dropped citations: the bench's answer no longer matches`);
    const calls = model.requests.slice(firstRequest);
    if (calls.length !== 1) throw new Error(`review ${i} made ${calls.length} model requests`);
    const modelMs = calls.reduce(
      (sum, r) => sum + ((r.answeredAt ?? r.receivedAt) - r.receivedAt),
      0,
    );
    if (calls[0]!.receivedAt < sentPerf) throw new Error('clock mismatch');
    const total = Date.parse(review.finishedAt ?? '') - sentAt;
    if (i > 0) rows.push({ total, model: modelMs, overhead: total - modelMs });
  }
  const cpuEnd = cpuMs(ready.pid);
  const cpuPerReview = cpuStart === null || cpuEnd === null ? null : (cpuEnd - cpuStart) / reviews;
  const sorted = (key: 'total' | 'model' | 'overhead') =>
    rows.map((r) => r[key]).sort((a, b) => a - b);
  const overhead = sorted('overhead');
  const total = sorted('total');
  const modelTimes = sorted('model');
  const round = (n: number) => Number(n.toFixed(1));
  console.log(
    `\n${reviews} reviews, one at a time (after one warm-up); server CPU per review (polls included): ${cpuPerReview?.toFixed(1) ?? 'n/a'} ms`,
  );
  printTable([
    ['', 'p50 ms', 'p95 ms'],
    [
      'request → done',
      round(percentile(total, 50)).toString(),
      round(percentile(total, 95)).toString(),
    ],
    [
      'model server',
      round(percentile(modelTimes, 50)).toString(),
      round(percentile(modelTimes, 95)).toString(),
    ],
    [
      'our overhead',
      round(percentile(overhead, 50)).toString(),
      round(percentile(overhead, 95)).toString(),
    ],
  ]);
  const metrics = [
    metric(stage, 'overhead beside the model p50', round(percentile(overhead, 50)), 'ms', {
      limit: 100,
      kind: 'max',
    }),
    metric(stage, 'overhead beside the model p95', round(percentile(overhead, 95)), 'ms'),
    metric(stage, 'request to review done p50', round(percentile(total, 50)), 'ms'),
    metric(
      stage,
      'server CPU per review (its polls included)',
      cpuPerReview === null ? null : round(cpuPerReview),
      'ms',
    ),
    metric(stage, 'model server time p50', round(percentile(modelTimes, 50)), 'ms'),
  ];
  return {
    metrics,
    details: {
      reviews,
      promptChars: model.requests.at(-1)?.raw.length ?? 0,
      answerChars: answer.length,
      rows,
    },
  };
}
