import { describe, expect, it } from 'vitest';
import { goOutputText } from './drivers/go';

describe("go test's JSON as text (a pad's run)", () => {
  it('passes on the output events’ text as each line comes, lines and characters split between chunks kept whole', () => {
    const heard: string[] = [];
    const feed = goOutputText((text) => heard.push(text.toString('utf8')));
    const json = [
      { Action: 'run', Test: 'TestPrints' },
      { Action: 'output', Test: 'TestPrints', Output: '=== RUN   TestPrints\n' },
      { Action: 'output', Test: 'TestPrints', Output: 'Café €5\n' },
      { Action: 'pass', Test: 'TestPrints', Elapsed: 0 },
    ]
      .map((event) => `${JSON.stringify(event)}\n`)
      .join('');
    const bytes = Buffer.from(`not json\n${json}`);
    const euro = bytes.indexOf(Buffer.from('€'));
    // The second output line arrives in three chunks, its € split between two of them.
    feed(bytes.subarray(0, euro - 10));
    expect(heard).toEqual(['=== RUN   TestPrints\n']);
    feed(bytes.subarray(euro - 10, euro + 1));
    feed(bytes.subarray(euro + 1));
    expect(heard).toEqual(['=== RUN   TestPrints\n', 'Café €5\n']);
  });
});
