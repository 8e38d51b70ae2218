import { StringDecoder } from 'node:string_decoder';

/** How long output waits to be sent with what follows it, and how much makes a piece at once. */
export const OUTPUT_BATCH = { intervalMs: 100, bytes: 4096 } as const;
/** NOTIFY carries 8000 bytes at most: a piece of output, JSON-escaped, stays under this. */
const MAX_PIECE_JSON_BYTES = 6000;

/** A piece of a run's output: its text and where it starts in the run's streamed text. */
export interface OutputPiece {
  offset: number;
  text: string;
}

/**
 * Gathers a run's output as the sandbox hears it into pieces, at most one per interval or per
 * 4 KB, so a noisy program cannot flood the bus and the sockets (the sandbox's output cap
 * bounds the whole). Pieces go out in order, one after another; a UTF-8 character split
 * between chunks is held until it is whole.
 */
export class OutputBatcher {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private pendingBytes = 0;
  private offset = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly send: (piece: OutputPiece) => Promise<void>) {}

  push(chunk: Buffer) {
    this.pending += this.decoder.write(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= OUTPUT_BATCH.bytes) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), OUTPUT_BATCH.intervalMs);
  }

  /** Sends what is held, and waits for every piece to be sent. */
  async end() {
    this.pending += this.decoder.end();
    this.flush();
    await this.sending;
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const text = this.pending;
    this.pending = '';
    this.pendingBytes = 0;
    for (const piece of splitForBus(text)) {
      const sent = { offset: this.offset, text: piece };
      this.offset += piece.length;
      this.sending = this.sending.then(() => this.send(sent)).catch(() => {});
    }
  }
}

/** The text in pieces each of which, JSON-escaped, fits a NOTIFY payload (never a split surrogate pair). */
export function splitForBus(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    let end = rest.length;
    while (
      end > 1 &&
      Buffer.byteLength(JSON.stringify(rest.slice(0, end))) > MAX_PIECE_JSON_BYTES
    ) {
      end = Math.ceil(end / 2);
    }
    const code = rest.charCodeAt(end - 1);
    if (end < rest.length && end > 1 && code >= 0xd800 && code <= 0xdbff) end -= 1;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return pieces;
}
