import { describe, expect, it } from 'vitest';
import { uniqueById } from './unique-by-id';

describe('uniqueById', () => {
  it('keeps the first of each id, in order', () => {
    const items = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
      { id: 'c', n: 4 },
    ];
    expect(uniqueById(items)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 4 },
    ]);
  });

  it('leaves a list without repeats as it is', () => {
    expect(uniqueById([{ id: 'x' }, { id: 'y' }])).toEqual([{ id: 'x' }, { id: 'y' }]);
    expect(uniqueById([])).toEqual([]);
  });
});
