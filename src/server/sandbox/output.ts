/**
 * Collects a stream's text up to a byte cap, then only counts what it drops. `onKept` hears
 * each kept part as it comes (a pad's run streams it): only what is kept, so the cap holds.
 */
export class CappedOutput {
  private chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;

  constructor(
    readonly capBytes: number,
    private readonly onKept?: (chunk: Buffer) => void,
  ) {}

  push(chunk: Buffer): void {
    const room = this.capBytes - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
    this.dropped += chunk.length - part.length;
    this.onKept?.(part);
  }

  get total(): number {
    return this.kept + this.dropped;
  }

  get truncated(): boolean {
    return this.dropped > 0;
  }

  /** What text() ends with when the stream was cut (empty when it was not). */
  truncationNote(): string {
    return this.truncated ? `\n[output truncated: ${this.dropped} more bytes not kept]` : '';
  }

  /** The kept text (a split UTF-8 character at the cut is dropped), with a note when cut. */
  text(): string {
    const body = Buffer.concat(this.chunks)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
    return `${body}${this.truncationNote()}`;
  }
}
