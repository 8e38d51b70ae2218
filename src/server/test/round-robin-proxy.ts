import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';

/**
 * A small round-robin proxy over web servers on loopback, HTTP and WebSocket
 * upgrades alike (tests and benches). A request can be pinned to one backend
 * with the proxy's own `x-backend: <name>` header.
 */
export function roundRobinProxy(port: number, backends: Record<string, number>) {
  const names = Object.keys(backends);
  let next = 0;
  const pick = (pinned: string | string[] | undefined) => {
    if (typeof pinned === 'string' && pinned in backends) return backends[pinned] as number;
    next = (next + 1) % names.length;
    return backends[names[next] as string] as number;
  };
  const server = createHttpServer((req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: pick(req.headers['x-backend']),
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(pick(req.headers['x-backend']), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  // Longer than the client keeps idle connections: no reset races on a reused one.
  server.keepAliveTimeout = 65_000;
  return new Promise<Server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
