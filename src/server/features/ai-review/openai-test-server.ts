import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: a body for the model's message, or an HTTP failure, or silence. */
export type Scripted =
  | {
      content: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
      /** Streamed: the first piece is sent, the rest once this settles (a model mid-answer). */
      hold?: Promise<void>;
    }
  | { status: number; retryAfterMs?: number }
  | { hang: true };

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  raw: string;
  /** When the request arrived and when its answer was written out (performance.now()). */
  receivedAt: number;
  answeredAt: number | null;
}

/**
 * An OpenAI-compatible server for tests: /v1/models and /v1/chat/completions (whole or
 * streamed as server-sent events), answering from a script and recording every request.
 */
export class OpenAiTestServer {
  readonly requests: RecordedRequest[] = [];
  private script: Scripted[] = [];
  private server: Server | null = null;
  models = [
    { id: 'qwen-test', details: { family: 'qwen2', parameter_size: '7B' }, context_length: 32_768 },
  ];

  get baseUrl() {
    const address = this.server?.address() as AddressInfo | null | undefined;
    const port = address?.port ?? 0;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** The answers the next chat requests get, in order (an empty script answers "{}"). */
  queue(...answers: Scripted[]) {
    this.script.push(...answers);
  }

  async start() {
    this.server = createServer((req, res) => {
      const receivedAt = performance.now();
      void this.handle(req, receivedAt, res).then(
        (reply) => reply(res),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((ok) => this.server?.close(() => ok()) ?? ok());
  }

  private async handle(req: IncomingMessage, receivedAt: number, response: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const recorded: RecordedRequest = {
      path: req.url ?? '',
      body,
      raw,
      receivedAt,
      answeredAt: null,
    };
    this.requests.push(recorded);
    // The model's share of a review's time (bench/ai-review.ts subtracts it).
    response.once('finish', () => {
      recorded.answeredAt = performance.now();
    });
    if (req.url === '/v1/models') {
      return (res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            object: 'list',
            data: this.models.map((m) => ({
              object: 'model',
              created: 0,
              owned_by: 'test',
              ...m,
            })),
          }),
        );
    }
    const next = this.script.shift() ?? { content: '{}' };
    if ('hang' in next) return (_res: ServerResponse) => {};
    if ('status' in next) {
      return (res: ServerResponse) =>
        res
          .writeHead(next.status, {
            'content-type': 'application/json',
            ...(next.retryAfterMs !== undefined
              ? { 'retry-after-ms': String(next.retryAfterMs) }
              : {}),
          })
          .end(JSON.stringify({ error: { message: `scripted ${next.status}` } }));
    }
    const usage = next.usage ?? { prompt_tokens: 100, completion_tokens: 50 };
    const model = String(body.model);
    if (body.stream) {
      return async (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const pieces = next.content.match(/[\s\S]{1,40}/g) ?? [''];
        for (const [i, piece] of pieces.entries()) {
          if (i === 1 && next.hold) await next.hold;
          res.write(
            `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
          );
        }
        res.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      };
    }
    return (res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: next.content },
              finish_reason: 'stop',
            },
          ],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
  }
}
