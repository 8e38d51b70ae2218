import type { Options } from 'autocannon';
import type { LoadResult } from './lib/load';
import { load, warmUp } from './lib/load';
import {
  type Child,
  connections,
  duration,
  messageBody,
  messagesPath,
} from './lib/messaging-bench';

// --- 1. sending under load -------------------------------------------------------------

export interface SendDetails {
  conversations: number;
  real: LoadResult;
  bare: LoadResult;
}

/**
 * POST /api/conversations/:id/messages at `connections` connections, each its own
 * conversation as its own sender (a connection keeps one request in flight, as one
 * person typing would), beside the bare insert of the same row on the same database.
 */
export async function sendLoad({ appUrl, bareUrl, ready }: Child): Promise<SendDetails> {
  const json = { 'content-type': 'application/json' };
  const realHeaders = (i: number) => ({ ...json, cookie: ready.send[i]!.cookie, origin: appUrl });
  const options = (
    baseUrl: string,
    root: '/api' | '/bare',
    headers: (i: number) => Record<string, string>,
  ): Options & { connections: number; duration: number } => {
    let assigned = 0;
    const path = (i: number) => messagesPath(root, ready.send[i]!.conversationId);
    return {
      url: `${baseUrl}${path(0)}`,
      method: 'POST',
      headers: headers(0),
      body: messageBody(),
      connections,
      duration,
      // One conversation per connection; each request a fresh clientId.
      setupClient: (client) => {
        const i = assigned++ % ready.send.length;
        client.setRequests([
          {
            method: 'POST',
            path: path(i),
            headers: headers(i),
            setupRequest: (request) => ({ ...request, body: messageBody() }),
          },
        ]);
      },
    };
  };
  if (ready.send.length < connections) {
    console.warn(`only ${ready.send.length} conversations for ${connections} connections`);
  }
  await warmUp(`${appUrl}${messagesPath('/api', ready.send[0]!.conversationId)}`, () => ({
    method: 'POST',
    headers: realHeaders(0),
    body: messageBody(),
  }));
  await warmUp(`${bareUrl}${messagesPath('/bare', ready.send[0]!.conversationId)}`, () => ({
    method: 'POST',
    headers: json,
    body: messageBody(),
  }));
  return {
    conversations: ready.send.length,
    real: await load(
      'POST /api/conversations/:id/messages (real)',
      options(appUrl, '/api', realHeaders),
    ),
    bare: await load(
      'POST /bare/conversations/:id/messages (bare)',
      options(bareUrl, '/bare', () => json),
    ),
  };
}
