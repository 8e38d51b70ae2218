/**
 * The submission the `ai-review` bench stage reviews (bench/ai-review.ts and its child server
 * bench/lib/ai-review-server.ts both read it): the JavaScript cart starter with the cart
 * changed, two modules and a test file added, a failing test run, and the model's answer to
 * it, whose quotes are real lines of these files (so every citation is checked and kept).
 */
import { STARTER_RUBRIC } from '../../src/domain/ai-review';

function discounts(): string {
  const lines = [
    '/** Discount rules for the Corner Shop: codes, bundles and a loyalty tier. */',
    "export const CODES = new Map([['SPRING10', 10], ['WELCOME5', 5], ['STAFF20', 20]]);",
    '',
    '/** The percentage a code gives, or 0 for an unknown or expired code. */',
    'export function codePercent(code, today = new Date()) {',
    "  if (typeof code !== 'string') return 0;",
    '  const percent = CODES.get(code.trim().toUpperCase());',
    '  if (percent === undefined) return 0;',
    "  if (code.toUpperCase().startsWith('SPRING') && today.getUTCMonth() > 5) return 0;",
    '  return percent;',
    '}',
    '',
  ];
  for (let i = 0; i < 12; i++) {
    lines.push(
      `/** Bundle ${i}: buy ${i + 2} of a kind, get ${5 + i}% off that line. */`,
      `export function bundle${i}(line) {`,
      `  if (line.quantity < ${i + 2}) return 0;`,
      `  return Math.round((line.item.priceCents * line.quantity * ${5 + i}) / 100);`,
      '}',
      '',
    );
  }
  return lines.join('\n');
}

const TAX = [
  '/** VAT per category, in basis points (1/100 of a percent), so sums stay integers. */',
  'const RATES = { food: 700, books: 0, default: 1900 };',
  '',
  'export function taxCents(line) {',
  '  const rate = RATES[line.item.category] ?? RATES.default;',
  '  return Math.round((line.item.priceCents * line.quantity * rate) / 10_000);',
  '}',
  '',
  'export function totalTaxCents(lines) {',
  '  let sum = 0;',
  '  for (const line of lines) sum += taxCents(line);',
  '  return sum;',
  '}',
  '',
].join('\n');

const CART_EXTRA = [
  '',
  "import { codePercent } from './discounts.js';",
  "import { totalTaxCents } from './tax.js';",
  '',
  '/** The total with a discount code and tax: what the checkout charges. */',
  'export function checkoutCents(cart, code) {',
  '  const subtotal = cart.subtotalCents();',
  '  const discount = Math.round((subtotal * codePercent(code)) / 100);',
  '  // Reviewer note: tax is charged on the discounted price, as the ticket asks.',
  '  return subtotal - discount + totalTaxCents([...cart.lines.values()]);',
  '}',
  '',
].join('\n');

function checkoutTests(): string {
  const lines = [
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { Cart, checkoutCents } from './cart.js';",
    '',
  ];
  for (let i = 0; i < 10; i++) {
    lines.push(
      `test('checkout ${i}: ${i + 1} items with SPRING10', () => {`,
      '  const cart = new Cart();',
      `  cart.add({ sku: 'A${i}', name: 'Apple', priceCents: ${100 + i}, category: 'food' }, ${i + 1});`,
      `  assert.equal(checkoutCents(cart, 'spring10') > 0, true);`,
      '});',
      '',
    );
  }
  lines.push(
    "test('an expired code gives nothing', () => {",
    '  const cart = new Cart();',
    "  cart.add({ sku: 'B', name: 'Book', priceCents: 1000, category: 'books' });",
    "  assert.equal(checkoutCents(cart, 'SPRING10'), 1000);",
    '});',
    '',
  );
  return lines.join('\n');
}

/** Files the candidate added (the cart itself is the starter's, with CART_EXTRA appended). */
export const ADDED_FILES: { path: string; content: string }[] = [
  { path: 'discounts.js', content: discounts() },
  { path: 'tax.js', content: TAX },
  { path: 'checkout.test.js', content: checkoutTests() },
];
export { CART_EXTRA };

/** The last test run: one failure, named as in checkout.test.js. */
export const TEST_RUN = {
  passed: 14,
  failed: 1,
  skipped: 0,
  failures: [
    {
      name: 'an expired code gives nothing',
      message: 'Expected values to be strictly equal: 1000 !== 900',
    },
  ],
};

const lineOf = (content: string, text: string) => content.split('\n').indexOf(text) + 1;
const quote = (path: string, text: string) => {
  const file = ADDED_FILES.find((f) => f.path === path)!;
  const line = lineOf(file.content, text);
  return { file: path, startLine: line, endLine: line, quote: text.trim() };
};

/** A complete answer to the review: every criterion, notes, a feedback draft, three questions. */
export function modelAnswer(): string {
  const evidence = {
    correctness: [
      quote('discounts.js', '  const percent = CODES.get(code.trim().toUpperCase());'),
      quote(
        'discounts.js',
        "  if (code.toUpperCase().startsWith('SPRING') && today.getUTCMonth() > 5) return 0;",
      ),
    ],
    tests: [quote('checkout.test.js', "test('an expired code gives nothing', () => {")],
    readability: [
      quote(
        'tax.js',
        '/** VAT per category, in basis points (1/100 of a percent), so sums stay integers. */',
      ),
    ],
    security: [quote('discounts.js', "  if (typeof code !== 'string') return 0;")],
  } as Record<string, ReturnType<typeof quote>[]>;
  return JSON.stringify({
    criteria: STARTER_RUBRIC.map((c, i) => ({
      id: c.id,
      level: (i + 2) % 4,
      reasons: `The ${c.title.toLowerCase()} of the solution: ${'the code handles the main cases and names its rules; '.repeat(3)}`,
      evidence: evidence[c.id] ?? [],
    })),
    notes: [
      {
        file: 'discounts.js',
        line: 9,
        category: 'correctness',
        note: 'The expiry ignores the year.',
      },
      { file: 'tax.js', line: 5, category: 'correctness', note: 'Unknown categories pay 19%.' },
      { file: 'checkout.test.js', line: 7, category: 'tests', note: 'Asserts only > 0.' },
      { file: 'discounts.js', line: 2, category: 'readability', note: 'Codes could live in data.' },
    ],
    feedbackDraft: `${'Your checkout computes discounts and tax in integer cents, which avoids rounding errors. '.repeat(4)}The expiry check for seasonal codes ignores the year, and one test still fails.`,
    questions: [
      'How would you make the SPRING code expire at a date rather than a month?',
      'Why is tax charged after the discount, and where is that rule written?',
      'Which test would you add first for an unknown product category?',
    ],
  });
}
