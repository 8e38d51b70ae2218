/**
 * The built-in starter projects an admin picks for a template: the
 * TypeScript auth service, a JavaScript shopping cart (node:test) and a SQL
 * exercise with no automated tests. Assigning copies the template's project.
 */
import type { SampleProject } from './assessments';
import { GO_PROJECT, JAVA_PROJECT, PYTHON_PROJECT } from './language-starter-projects';
import { DEFAULT_PROJECT } from './sample-project';
import type { StarterProjectKey } from './test-runs';

const CART = `/**
 * A shopping cart for the Corner Shop's checkout.
 * Prices are in cents (integers) so that sums never pick up rounding errors.
 */
export class Cart {
  constructor() {
    this.lines = new Map();
  }

  /** Adds quantity (default 1) of an item: { sku, name, priceCents }. */
  add(item, quantity = 1) {
    if (!Number.isInteger(quantity) || quantity <= 0) {
      throw new RangeError('Quantity must be a positive whole number');
    }
    const line = this.lines.get(item.sku);
    if (line) line.quantity += quantity;
    else this.lines.set(item.sku, { item, quantity });
  }

  remove(sku) {
    this.lines.delete(sku);
  }

  get itemCount() {
    let count = 0;
    for (const line of this.lines.values()) count += line.quantity;
    return count;
  }

  subtotalCents() {
    let total = 0;
    for (const { item, quantity } of this.lines.values()) total += item.priceCents * quantity;
    return total;
  }

  /**
   * TODO(SHOP-7): apply a discount code.
   *   - SAVE10 takes 10% off the subtotal (rounded down to whole cents)
   *   - FIVEOFF takes 500 cents off, but never below zero
   *   - any other code throws an Error('Unknown discount code')
   */
  totalCents(discountCode) {
    void discountCode;
    return this.subtotalCents();
  }
}
`;

const CART_TEST = `import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cart } from './cart.js';

const apple = { sku: 'apple', name: 'Apple', priceCents: 45 };
const bread = { sku: 'bread', name: 'Bread', priceCents: 1250 };

describe('Cart', () => {
  it('adds items and counts them', () => {
    const cart = new Cart();
    cart.add(apple, 3);
    cart.add(bread);
    cart.add(apple);
    assert.equal(cart.itemCount, 5);
    assert.equal(cart.subtotalCents(), 4 * 45 + 1250);
  });

  it('refuses a quantity that is not a positive whole number', () => {
    const cart = new Cart();
    assert.throws(() => cart.add(apple, 0), RangeError);
    assert.throws(() => cart.add(apple, 1.5), RangeError);
  });

  it('removes a line', () => {
    const cart = new Cart();
    cart.add(apple);
    cart.remove('apple');
    assert.equal(cart.itemCount, 0);
  });

  describe('discount codes (SHOP-7)', () => {
    it('SAVE10 takes 10% off, rounded down', () => {
      const cart = new Cart();
      cart.add(bread);
      cart.add(apple);
      assert.equal(cart.totalCents('SAVE10'), 1165);
    });

    it('FIVEOFF takes 5.00 off but never goes below zero', () => {
      const cart = new Cart();
      cart.add(bread);
      assert.equal(cart.totalCents('FIVEOFF'), 750);
      const small = new Cart();
      small.add(apple);
      assert.equal(small.totalCents('FIVEOFF'), 0);
    });

    it('refuses an unknown code', () => {
      const cart = new Cart();
      cart.add(apple);
      assert.throws(() => cart.totalCents('FREE'), /Unknown discount code/);
    });
  });
});
`;

const CART_README = `# corner-shop-cart

The shopping cart behind the Corner Shop's checkout. Prices are in cents.

## Running the tests

\`\`\`sh
npm test      # node --test
\`\`\`

**Run Tests** in the workspace runs them on the server and shows the result.

## Current ticket

### SHOP-7: Discount codes at checkout

Implement \`totalCents(discountCode)\` in \`cart.js\`:

- \`SAVE10\` takes 10% off the subtotal, rounded down to whole cents.
- \`FIVEOFF\` takes 500 cents off, but the total never goes below zero.
- Any other code throws \`Error('Unknown discount code')\`.
- Without a code the total is the subtotal.

The tests in \`cart.test.js\` describe the rule; make them pass without changing them.
`;

export const JAVASCRIPT_PROJECT: SampleProject = {
  name: 'corner-shop-cart',
  branch: 'feature/discount-codes',
  runner: 'node',
  starter: 'javascript',
  context:
    'You are joining the small web team of the Corner Shop, a neighbourhood grocery with an online checkout. The cart module is plain JavaScript (ES modules) with tests on the built-in node:test runner.',
  ticket:
    'SHOP-7: Discount codes at checkout. SAVE10 takes 10% off (rounded down to whole cents), FIVEOFF takes 500 cents off but never below zero, any other code is refused. Implement totalCents in cart.js so that the tests in cart.test.js pass.',
  files: [
    { path: 'cart.js', content: CART },
    { path: 'cart.test.js', content: CART_TEST },
    {
      path: 'package.json',
      content:
        '{\n  "name": "corner-shop-cart",\n  "private": true,\n  "type": "module",\n  "scripts": { "test": "node --test" }\n}\n',
    },
    { path: 'README.md', content: CART_README },
  ],
};

const SCHEMA_SQL = `-- The reporting database of a small online bookshop (PostgreSQL).
create table customer (
  id serial primary key,
  name text not null,
  country text not null,
  created_at date not null
);

create table book (
  id serial primary key,
  title text not null,
  price numeric(8, 2) not null
);

create table order_line (
  id serial primary key,
  customer_id integer not null references customer(id),
  book_id integer not null references book(id),
  quantity integer not null check (quantity > 0),
  ordered_at timestamptz not null
);
`;

const QUERIES_SQL = `-- DATA-12: write each query below its question.

-- 1. Revenue per country in 2025, highest first.


-- 2. The five best-selling books by copies sold, with their revenue.


-- 3. Customers who ordered in 2024 but not in 2025.

`;

const SQL_README = `# bookshop-reports

SQL exercises on the bookshop's reporting database (\`schema.sql\`).
Write your answers in \`queries.sql\`; explain any assumption in \`notes.md\`.

This project has **no automated tests**: your recruiter reads your queries.
`;

export const SQL_PROJECT: SampleProject = {
  name: 'bookshop-reports',
  branch: 'analysis/data-12',
  runner: 'none',
  starter: 'sql',
  context:
    'You are joining the data team of a small online bookshop. The team answers questions from the founders with SQL on a PostgreSQL reporting database.',
  ticket:
    'DATA-12: Quarterly questions from the founders. Answer the three questions in queries.sql with one query each, and note any assumption in notes.md.',
  files: [
    { path: 'queries.sql', content: QUERIES_SQL },
    { path: 'schema.sql', content: SCHEMA_SQL },
    { path: 'notes.md', content: '# Notes\n\n' },
    { path: 'README.md', content: SQL_README },
  ],
};

/** Labels and descriptions for the form: STARTER_PROJECT_INFO in test-runs.ts. */
export const STARTER_PROJECTS: Record<StarterProjectKey, SampleProject> = {
  typescript: DEFAULT_PROJECT,
  javascript: JAVASCRIPT_PROJECT,
  python: PYTHON_PROJECT,
  go: GO_PROJECT,
  java: JAVA_PROJECT,
  sql: SQL_PROJECT,
};
