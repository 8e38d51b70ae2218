import { type LoadResult, load, warmUp } from './lib/load';
import {
  type Child,
  messagesPath,
  READ_CONNECTIONS,
  READ_SECONDS,
  SEQUENTIAL_READS,
  type Spread,
  spread,
} from './lib/messaging-bench';

// --- 3. opening a long conversation, a big inbox ---------------------------------------

export interface SizePair {
  label: string;
  bigSize: number;
  smallSize: number;
  sequential: { big: Spread; small: Spread };
  loaded: { big: LoadResult; small: LoadResult };
}

/** GET `url` once, checked; its answer's JSON. */
async function getJson(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/**
 * The same route for a big and a small case: SEQUENTIAL_READS requests each, one at a
 * time and alternating (so drift hits both alike), then autocannon on each.
 */
async function compareSizes(
  label: string,
  sizes: { big: number; small: number },
  big: { url: string; cookie: string },
  small: { url: string; cookie: string },
): Promise<SizePair> {
  await warmUp(big.url, () => ({ headers: { cookie: big.cookie } }));
  await warmUp(small.url, () => ({ headers: { cookie: small.cookie } }));
  const times = { big: [] as number[], small: [] as number[] };
  const once = async (target: { url: string; cookie: string }, into: number[]) => {
    const t0 = performance.now();
    const response = await fetch(target.url, { headers: { cookie: target.cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target.url} answered ${response.status}`);
    into.push(performance.now() - t0);
  };
  console.log(`\n${label}: ${SEQUENTIAL_READS} sequential requests each ...`);
  for (let i = 0; i < SEQUENTIAL_READS; i++) {
    await once(big, times.big);
    await once(small, times.small);
  }
  const sequential = { big: spread(times.big), small: spread(times.small) };
  console.log(
    `  ${sizes.big}: p50 ${sequential.big.p50} ms, p95 ${sequential.big.p95} ms; ` +
      `${sizes.small}: p50 ${sequential.small.p50} ms, p95 ${sequential.small.p95} ms`,
  );
  const under = (target: { url: string; cookie: string }, size: number) =>
    load(`${label} (${size})`, {
      url: target.url,
      headers: { cookie: target.cookie },
      connections: READ_CONNECTIONS,
      duration: READ_SECONDS,
    });
  return {
    label,
    bigSize: sizes.big,
    smallSize: sizes.small,
    sequential,
    loaded: { big: await under(big, sizes.big), small: await under(small, sizes.small) },
  };
}

export async function reading({ appUrl, ready }: Child) {
  const { read, inbox } = ready;
  const messagesUrl = (id: string) => `${appUrl}${messagesPath('/api', id)}`;
  // Both answer what the screen shows: the newest page, and the first inbox page.
  const bigPage = await getJson(messagesUrl(read.bigId), read.cookie);
  const smallPage = await getJson(messagesUrl(read.smallId), read.cookie);
  if ((bigPage.items as unknown[]).length !== 50 || bigPage.hasMore !== true) {
    throw new Error('the long conversation did not answer a full page with more to come');
  }
  if ((smallPage.items as unknown[]).length !== read.smallMessages || smallPage.hasMore) {
    throw new Error(`the short conversation did not answer its ${read.smallMessages} messages`);
  }
  const inboxUrl = `${appUrl}/api/conversations`;
  const bigInbox = await getJson(inboxUrl, inbox.bigCookie);
  const smallInbox = await getJson(inboxUrl, inbox.smallCookie);
  if (!bigInbox.nextCursor || (smallInbox.items as unknown[]).length !== inbox.smallConversations) {
    throw new Error('the inboxes do not hold what was seeded');
  }
  const conversation = await compareSizes(
    'GET /api/conversations/:id/messages (newest page)',
    { big: read.bigMessages, small: read.smallMessages },
    { url: messagesUrl(read.bigId), cookie: read.cookie },
    { url: messagesUrl(read.smallId), cookie: read.cookie },
  );
  const inboxPair = await compareSizes(
    'GET /api/conversations (inbox, first page)',
    { big: inbox.bigConversations, small: inbox.smallConversations },
    { url: inboxUrl, cookie: inbox.bigCookie },
    { url: inboxUrl, cookie: inbox.smallCookie },
  );
  return { conversation, inbox: inboxPair };
}
