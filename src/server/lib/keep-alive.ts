import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node's default of 5 s is
 * shorter than what clients assume (browsers, load balancers, HTTP agents keep
 * theirs for about a minute): a client reusing a connection just as the server
 * closes it gets ECONNRESET. The server now outlasts its clients, as a server
 * behind a load balancer should.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: Server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the header timeout to exceed the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
