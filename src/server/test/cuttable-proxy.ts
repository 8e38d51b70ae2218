import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy to PostgreSQL that the test can cut and restore, as if the server stopped. */
export async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      const listener = createServer((client) => {
        const pg = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, pg]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(pg).pipe(client);
      });
      server = listener;
      listener.listen(port, '127.0.0.1', () => {
        port = (listener.address() as { port: number }).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      await new Promise<void>((resolve) => {
        if (!server?.listening) return resolve();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
  };
}
