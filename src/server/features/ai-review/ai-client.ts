import { sql } from 'drizzle-orm';
import OpenAI from 'openai';
import { AI_FAILURE_TEXTS, type AiFailure, type AiModel } from '../../../domain/ai-review';
import { type Coded, coded } from '../../../domain/error-codes';
import { codedText } from '../../../domain/error-texts';
import type { Db } from '../../db/client';
import { aiUsage } from '../../db/schema';
import type { Env } from '../../env';

/** The code with its parameters, as the API sends them (error-codes.ts). */
const aiCoded = (code: AiFailure, until?: string): Coded =>
  code === 'ai-budget-used' ? coded(code, { until: until ?? '' }) : coded(code, {});

/** Why a call failed: a code the browser translates, and its English as the message. */
export class AiError extends Error {
  constructor(
    readonly code: AiFailure,
    /** When the daily budget reopens (ai-budget-used). */
    readonly until?: string,
  ) {
    super(codedText(aiCoded(code, until)));
  }
}

export interface ChatRequest {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  /** Called with the characters received so far while the answer streams. */
  onProgress?: (chars: number) => void;
  stream?: boolean;
}

export interface ChatAnswer {
  text: string;
  tokensIn: number;
  tokensOut: number;
  durationMs: number;
}

/** At most `limit` calls at once in this process; the rest wait in order. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);
const nextUtcMidnight = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

/** A rough count for endpoints that report no usage (about four characters a token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * The one way out to the model: the `openai` client pointed at the operator's endpoint, with
 * a whole-answer timeout, one retry on 429/5xx (the client's own backoff), a per-server gate
 * and the daily token budget counted in the database (so restarts and other servers agree).
 */
export class AiClient {
  private readonly client: OpenAI | null;
  private readonly gate: Gate;
  lastError: string | null = null;

  constructor(
    private readonly env: Pick<
      Env,
      | 'AI_BASE_URL'
      | 'AI_API_KEY'
      | 'AI_MODELS'
      | 'AI_TIMEOUT_SECONDS'
      | 'AI_CONCURRENCY'
      | 'AI_DAILY_TOKEN_LIMIT'
      | 'AI_CONTEXT_TOKENS'
    >,
    private readonly db: Db,
  ) {
    this.gate = new Gate(env.AI_CONCURRENCY);
    this.client = env.AI_BASE_URL
      ? new OpenAI({
          baseURL: env.AI_BASE_URL,
          // Local servers (Ollama, llama.cpp) need no key; the client insists on one.
          apiKey: env.AI_API_KEY || 'none',
          maxRetries: 1,
          // Connect and first byte; the whole answer is bounded by the signal below.
          timeout: Math.min(30, env.AI_TIMEOUT_SECONDS) * 1000,
        })
      : null;
  }

  get configured() {
    return this.client !== null;
  }

  get contextTokens() {
    return this.env.AI_CONTEXT_TOKENS;
  }

  /** Tokens used today (all servers) and when the budget reopens if it is used up. */
  async budget(now = new Date()) {
    const [row] = await this.db
      .select({ tokens: aiUsage.tokens })
      .from(aiUsage)
      .where(sql`${aiUsage.day} = ${utcDay(now)}`);
    const used = Number(row?.tokens ?? 0);
    const limit = this.env.AI_DAILY_TOKEN_LIMIT ?? null;
    return {
      limit,
      used,
      pausedUntil: limit !== null && used >= limit ? nextUtcMidnight(now) : null,
    };
  }

  private async count(tokens: number) {
    if (tokens <= 0) return;
    await this.db
      .insert(aiUsage)
      .values({ day: utcDay(), tokens })
      .onConflictDoUpdate({
        target: aiUsage.day,
        set: { tokens: sql`${aiUsage.tokens} + ${tokens}` },
      });
  }

  private require(): OpenAI {
    if (!this.client) throw new AiError('ai-off');
    return this.client;
  }

  /** The models the endpoint lists, narrowed to AI_MODELS when set. */
  async listModels(): Promise<AiModel[]> {
    const client = this.require();
    try {
      const models: AiModel[] = [];
      for await (const m of client.models.list()) {
        const extra = m as unknown as Record<string, unknown>;
        const details = (extra.details ?? {}) as Record<string, unknown>;
        models.push({
          id: m.id,
          family: typeof details.family === 'string' ? details.family : null,
          size: typeof details.parameter_size === 'string' ? details.parameter_size : null,
          contextTokens:
            typeof extra.context_length === 'number'
              ? extra.context_length
              : typeof extra.max_model_len === 'number'
                ? extra.max_model_len
                : null,
        });
      }
      this.lastError = null;
      const allowed = this.env.AI_MODELS;
      return allowed.length > 0 ? models.filter((m) => allowed.includes(m.id)) : models;
    } catch (error) {
      throw this.failure(error, false);
    }
  }

  /** One chat completion asking for JSON; no tools are ever offered. */
  async chat(request: ChatRequest): Promise<ChatAnswer> {
    const client = this.require();
    const budget = await this.budget();
    if (budget.pausedUntil) throw new AiError('ai-budget-used', budget.pausedUntil);
    return this.gate.run(async () => {
      const started = performance.now();
      const abort = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, this.env.AI_TIMEOUT_SECONDS * 1000);
      try {
        const answer = request.stream
          ? await this.streamed(client, request, abort.signal)
          : await this.whole(client, request, abort.signal);
        const tokensIn =
          answer.tokensIn || estimateTokens(request.messages.map((m) => m.content).join('\n'));
        const tokensOut = answer.tokensOut || estimateTokens(answer.text);
        await this.count(tokensIn + tokensOut);
        this.lastError = null;
        return {
          text: answer.text,
          tokensIn,
          tokensOut,
          durationMs: Math.round(performance.now() - started),
        };
      } catch (error) {
        throw this.failure(error, timedOut);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  private async whole(client: OpenAI, request: ChatRequest, signal: AbortSignal) {
    const completion = await client.chat.completions.create(
      {
        model: request.model,
        messages: request.messages,
        response_format: { type: 'json_object' },
      },
      { signal },
    );
    return {
      text: completion.choices[0]?.message.content ?? '',
      tokensIn: completion.usage?.prompt_tokens ?? 0,
      tokensOut: completion.usage?.completion_tokens ?? 0,
    };
  }

  private async streamed(client: OpenAI, request: ChatRequest, signal: AbortSignal) {
    const stream = await client.chat.completions.create(
      {
        model: request.model,
        messages: request.messages,
        response_format: { type: 'json_object' },
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal },
    );
    let text = '';
    let tokensIn = 0;
    let tokensOut = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      request.onProgress?.(text.length);
      if (chunk.usage) {
        tokensIn = chunk.usage.prompt_tokens;
        tokensOut = chunk.usage.completion_tokens;
      }
    }
    return { text, tokensIn, tokensOut };
  }

  /** Any failure of the endpoint as one of our codes (never a 5xx of our own). */
  private failure(error: unknown, timedOut: boolean): AiError {
    if (error instanceof AiError) return error;
    const code: AiFailure =
      timedOut || error instanceof OpenAI.APIConnectionTimeoutError
        ? 'ai-timeout'
        : error instanceof OpenAI.RateLimitError
          ? 'ai-rate-limited'
          : error instanceof OpenAI.APIError && typeof error.status === 'number'
            ? 'ai-server-error'
            : 'ai-unreachable';
    this.lastError = `${AI_FAILURE_TEXTS[code]} (${error instanceof Error ? error.message : String(error)})`;
    return new AiError(code);
  }
}
