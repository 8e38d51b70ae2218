import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A reply as a mail program writes it (fixtures/), with addresses filled in. */
export function fixture(name: string, fill: Record<string, string> = {}) {
  const raw = readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.eml`), 'latin1');
  const values: Record<string, string> = {
    FROM: 'casey@example.test',
    TO: 'reply+abc@replies.test',
    MESSAGE_ID: `${name}-${Math.random().toString(36).slice(2)}@mail.example.test`,
    IN_REPLY_TO: 'outbox-id@replies.test',
    ...fill,
  };
  return Buffer.from(
    raw.replace(/\{\{([A-Z_]+)\}\}/g, (_, key: string) => values[key] ?? ''),
    'latin1',
  );
}
