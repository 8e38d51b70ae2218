import { startBenchChild } from './lib/child';
import { failed, ratio } from './lib/load';
import {
  connections,
  duration,
  EVENT_P95_BUDGET_MS,
  FANOUT_SENDERS,
  listeners,
  MAX_SIZE_RATIO,
  MIN_THROUGHPUT_RATIO,
  SEND_P99_BUDGET_MS,
} from './lib/messaging-bench';
import type { MessagingServerReady } from './lib/messaging-server';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';
import { type FanoutDetails, fanout } from './messaging-fanout';
import { reading, type SizePair } from './messaging-reads';
import { type SendDetails, sendLoad } from './messaging-send';

export type { Spread } from './lib/messaging-bench';
export type { FanoutDetails } from './messaging-fanout';
export type { SizePair } from './messaging-reads';
export type { SendDetails } from './messaging-send';

export const stage = 'messaging';

// --- the stage -------------------------------------------------------------------------

export interface MessagingDetails {
  connections: number;
  durationSeconds: number;
  seedSeconds: number;
  send: SendDetails;
  fanout: FanoutDetails;
  openConversation: SizePair;
  inbox: SizePair;
  serialMs: MessagingServerReady['serialMs'];
  statements: MessagingServerReady['statements'];
  plans: MessagingServerReady['plans'];
}

/**
 * Messaging on the embedded database, in a server of its own (real app + bare route on
 * one PGlite): sending under load against the bare insert, live delivery to 500 open
 * sockets, and opening a long conversation / a big inbox against a short / small one.
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: MessagingDetails }> {
  const child = await startBenchChild<MessagingServerReady>({
    script: 'bench/lib/messaging-server.ts',
    name: 'messaging',
    isReady: (line) => Boolean(line.send && line.fanout && line.read),
    env: {
      SEND_CONVERSATIONS: String(connections),
      FANOUT_LISTENERS: String(listeners),
      FANOUT_SENDERS: String(FANOUT_SENDERS),
    },
    timeoutMs: 300_000,
  });
  let details: MessagingDetails;
  try {
    const { ready } = child;
    console.log(
      `messaging server: app ${child.appUrl}, bare ${child.bareUrl}; seeded in ${ready.seedSeconds} s`,
    );
    printTable([
      ['one call at a time, in the server', 'mean ms', 'SQL statements'],
      ...Object.entries(ready.serialMs).map(([part, ms]) => [
        part,
        ms.toFixed(2),
        String(ready.statements[part as keyof typeof ready.statements]),
      ]),
    ]);
    console.log('');
    printTable([
      ['read statement (EXPLAIN ANALYZE)', 'rows scanned', 'sorts', 'plan'],
      ...Object.entries(ready.plans).map(([part, plan]) => [
        part,
        String(plan.rowsScanned),
        plan.sorts ? 'yes' : 'no',
        plan.nodes,
      ]),
    ]);
    const send = await sendLoad(child);
    const fan = await fanout(child);
    const reads = await reading(child);
    details = {
      connections,
      durationSeconds: duration,
      seedSeconds: ready.seedSeconds,
      send,
      fanout: fan,
      openConversation: reads.conversation,
      inbox: reads.inbox,
      serialMs: ready.serialMs,
      statements: ready.statements,
      plans: ready.plans,
    };
  } finally {
    await child.stop();
  }

  const { send, fanout: fan, openConversation, inbox } = details;
  console.log('');
  printTable([
    ['route', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx+err', 'B/resp'],
    ...[
      send.real,
      send.bare,
      openConversation.loaded.big,
      openConversation.loaded.small,
      inbox.loaded.big,
      inbox.loaded.small,
    ].map((r) => [
      r.label,
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      r.requestsPerSecond.toFixed(1),
      String(failed(r)),
      String(r.bytesPerResponse),
    ]),
  ]);
  console.log('');
  printTable([
    ['live fan-out (ms from POST issued)', 'count', 'p50', 'p95', 'p99', 'max'],
    ...(
      [
        ['socket upgrade to ready', fan.socketOpenMs],
        ['POST answered', fan.postMs],
        ['event in each tab', fan.eventMs],
        ['event + refetch (?after=seq)', fan.eventAndRefetchMs],
      ] as const
    ).map(([label, s]) => [
      label,
      String(s.count),
      String(s.p50),
      String(s.p95),
      String(s.p99),
      String(s.max),
    ]),
  ]);

  const m = (name: string, value: number | null, unit: string, budget?: Metric['budget']) =>
    metric(stage, name, value, unit, budget);
  const sizeMetrics = (name: string, pair: SizePair) => [
    m(`${name} p50 (${pair.bigSize})`, pair.sequential.big.p50, 'ms'),
    m(`${name} p50 (${pair.smallSize})`, pair.sequential.small.p50, 'ms'),
    m(
      `${name} p50 ratio ${pair.bigSize}/${pair.smallSize}`,
      ratio(pair.sequential.big.p50, pair.sequential.small.p50),
      '',
      { limit: MAX_SIZE_RATIO, kind: 'max' },
    ),
    m(
      `${name} p95 ratio ${pair.bigSize}/${pair.smallSize}`,
      ratio(pair.sequential.big.p95, pair.sequential.small.p95),
      '',
    ),
    m(`${name} throughput (${pair.bigSize})`, pair.loaded.big.requestsPerSecond, 'req/s'),
    m(`${name} throughput (${pair.smallSize})`, pair.loaded.small.requestsPerSecond, 'req/s'),
    m(
      `${name} under load mean latency ${pair.bigSize}/${pair.smallSize}`,
      ratio(pair.loaded.big.latencyMs.average, pair.loaded.small.latencyMs.average),
      '',
      { limit: MAX_SIZE_RATIO, kind: 'max' },
    ),
  ];
  const metrics = [
    m('send p50 (real)', send.real.latencyMs.p50, 'ms'),
    m('send p99 (real)', send.real.latencyMs.p99, 'ms', { limit: SEND_P99_BUDGET_MS, kind: 'max' }),
    m('send throughput (real)', send.real.requestsPerSecond, 'req/s'),
    m('send p50 (bare)', send.bare.latencyMs.p50, 'ms'),
    m('send p99 (bare)', send.bare.latencyMs.p99, 'ms'),
    m('send throughput (bare)', send.bare.requestsPerSecond, 'req/s'),
    m(
      'send throughput real/bare',
      ratio(send.real.requestsPerSecond, send.bare.requestsPerSecond),
      '',
      { limit: MIN_THROUGHPUT_RATIO, kind: 'min' },
    ),
    m('send non-2xx + errors (real)', failed(send.real), '', { limit: 0, kind: 'max' }),
    m('send non-2xx + errors (bare)', failed(send.bare), '', { limit: 0, kind: 'max' }),
    m('fan-out sockets open', fan.socketsOpen, ''),
    m('fan-out tab deliveries', fan.eventMs.count, ''),
    m('fan-out event p50', fan.eventMs.p50, 'ms'),
    m('fan-out event p95', fan.eventMs.p95, 'ms', { limit: EVENT_P95_BUDGET_MS, kind: 'max' }),
    m('fan-out event p99', fan.eventMs.p99, 'ms'),
    m('fan-out events missed', fan.eventsMissed, '', { limit: 0, kind: 'max' }),
    m('fan-out send failures', fan.sendFailures, '', { limit: 0, kind: 'max' }),
    m('fan-out event + refetch p50', fan.eventAndRefetchMs.p50, 'ms'),
    m('fan-out event + refetch p95', fan.eventAndRefetchMs.p95, 'ms'),
    m('fan-out event + refetch p99', fan.eventAndRefetchMs.p99, 'ms'),
    ...sizeMetrics('open conversation', openConversation),
    ...sizeMetrics('inbox', inbox),
    ...Object.entries(details.serialMs).map(([part, ms]) => m(`serial: ${part}`, ms, 'ms')),
    ...Object.entries(details.plans).map(([part, plan]) =>
      m(`plan rows scanned: ${part}`, plan.rowsScanned, ''),
    ),
    ...Object.entries(details.statements).map(([part, n]) => m(`SQL statements: ${part}`, n, '')),
  ];
  return { metrics, details };
}
