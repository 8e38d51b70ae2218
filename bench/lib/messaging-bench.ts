import { randomUUID } from 'node:crypto';
import type { BenchChild } from './child';
import type { MessagingServerReady } from './messaging-server';

/* The messaging stage's settings and the helpers its parts share (bench/messaging*.ts). */

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const connections = env('BENCH_MESSAGING_CONNECTIONS', 50);
export const duration = env('BENCH_MESSAGING_SECONDS', 10);
/** Open sockets in the fan-out, TABS per listening user. */
export const sockets = env('BENCH_MESSAGING_SOCKETS', 500);
export const TABS = 5;
export const listeners = Math.max(1, Math.ceil(sockets / TABS));
export const FANOUT_SENDERS = 10;
export const fanoutRate = env('BENCH_MESSAGING_FANOUT_RATE', 20);
export const fanoutSeconds = env('BENCH_MESSAGING_FANOUT_SECONDS', 10);
/** How long a tab may take to hear of a message before it counts as missed. */
export const EVENT_TIMEOUT_MS = 5_000;
export const SEQUENTIAL_READS = 300;
export const READ_CONNECTIONS = 10;
export const READ_SECONDS = 5;

/** DESIGN budgets. */
export const SEND_P99_BUDGET_MS = 50;
export const MIN_THROUGHPUT_RATIO = 0.5;
export const EVENT_P95_BUDGET_MS = 100;
/** "As fast as": a long conversation (big inbox) at most this much slower than a short one. */
export const MAX_SIZE_RATIO = 1.5;

export type Child = BenchChild<MessagingServerReady>;

// --- small helpers ---------------------------------------------------------------------

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in ms to 0.1. */
export function spread(values: number[]): Spread {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
  const round = (v: number) => Number(v.toFixed(1));
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Unique per request across the whole run (the sender's clientIds must not repeat). */
const runTag = randomUUID().slice(0, 8);
let clientIds = 0;
export const nextClientId = () => `bench-${runTag}-${(++clientIds).toString(36)}`;
export const messageBody = (clientId = nextClientId()) =>
  JSON.stringify({ clientId, content: `Thanks, I will review it this afternoon. (${clientId})` });

export const messagesPath = (root: '/api' | '/bare', conversationId: string) =>
  `${root}/conversations/${encodeURIComponent(conversationId)}/messages`;
