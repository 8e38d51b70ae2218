import { describe, expect, it } from 'vitest';
import {
  matchRegions,
  percentOf,
  type SourceFile,
  sharedCount,
  submissionHashes,
  tokenize,
} from './similarity';

const original = `
export function totalPrice(items, discount) {
  let total = 0;
  for (const item of items) {
    if (item.quantity > 0) {
      total += item.price * item.quantity;
    }
  }
  return discount ? total * (1 - discount) : total;
}

export function validatePassword(password) {
  if (password.length < 12) return 'too short';
  if (!/[0-9]/.test(password)) return 'needs a digit';
  if (password.toLowerCase() === password) return 'needs a capital';
  return null;
}

export function slugify(title) {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
`;

// The same code: variables renamed, functions reordered, comments and spacing changed.
const disguised = `
// my own slug helper
export function makeSlug(heading) {
  return heading.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^-|-$/g, '');
}

export function checkPwd(pw) {
  if (pw.length < 14) return 'short';   /* stricter */
  if (!/[0-9]/.test(pw)) return 'digit';
  if (pw.toLowerCase() === pw) return 'capital';
  return null;
}

export function sumCart(lines, off) {
  let sum = 0;
  for (const line of lines) {
    if (line.quantity > 0) {
      sum += line.price * line.quantity;
    }
  }
  return off ? sum * (1 - off) : sum;
}
`;

const unrelated = `
import { readFile } from 'node:fs/promises';

class Cache {
  constructor(limit) { this.limit = limit; this.map = new Map(); }
  get(key) {
    const hit = this.map.get(key);
    if (hit !== undefined) { this.map.delete(key); this.map.set(key, hit); }
    return hit;
  }
  set(key, value) {
    this.map.set(key, value);
    while (this.map.size > this.limit) this.map.delete(this.map.keys().next().value);
  }
}

async function loadConfig(path) {
  const text = await readFile(path, 'utf8');
  try { return JSON.parse(text); } catch (e) { throw new Error('bad config: ' + e.message); }
}
export { Cache, loadConfig };
`;

const starter = `
// TODO: implement the helpers below
export function totalPrice(items, discount) {
  throw new Error('not implemented');
}
`;

const files = (content: string, path = 'src/cart.js'): SourceFile[] => [{ path, content }];
const share = (a: string, b: string, given = '') => {
  const ha = submissionHashes(files(a), files(given));
  const hb = submissionHashes(files(b), files(given));
  return percentOf(sharedCount(ha, hb), ha.length);
};

describe('similarity', () => {
  it('normalises identifiers, numbers and strings and drops comments', () => {
    expect(tokenize('let a = 1; // x\nconst b = "y"').map((t) => t.text)).toEqual([
      'let',
      'V',
      '=',
      'N',
      ';',
      'const',
      'V',
      '=',
      'S',
    ]);
    expect(tokenize('a\n/* x\n y */\nb').map((t) => t.line)).toEqual([1, 4]);
  });

  it('renamed variables and reordered functions still match', () => {
    expect(share(disguised, original)).toBeGreaterThanOrEqual(80);
    expect(share(original, disguised)).toBeGreaterThanOrEqual(80);
    expect(share(original, original)).toBe(100);
  });

  it('unrelated code does not match', () => {
    expect(share(unrelated, original)).toBeLessThanOrEqual(10);
    expect(share(original, unrelated)).toBeLessThanOrEqual(10);
  });

  it("ignores the starter project's own text", () => {
    expect(submissionHashes(files(starter), files(starter))).toEqual([]);
    // Two different solutions that both kept the starter: only the starter was in common.
    const one = `${starter}\n${unrelated}`;
    const two = `${starter}\n${original}`;
    expect(share(one, two, '')).toBeGreaterThan(share(one, two, starter));
    expect(share(one, two, starter)).toBeLessThanOrEqual(10);
  });

  it('finds the matching regions on both sides, line ranges per file', () => {
    const regions = matchRegions(files(disguised, 'a.js'), files(original, 'b.js'), []);
    expect(regions.a.length).toBeGreaterThan(0);
    expect(regions.a.every((r) => r.path === 'a.js' && r.startLine <= r.endLine)).toBe(true);
    // The cart loop (original lines 4-7) is matched on the right.
    expect(regions.b.some((r) => r.startLine <= 5 && r.endLine >= 6)).toBe(true);
    const noise = matchRegions(files(unrelated), files(original), []).a;
    const lines = noise.reduce((n, r) => n + r.endLine - r.startLine + 1, 0);
    expect(lines / unrelated.split('\n').length).toBeLessThan(0.2);
  });
});
