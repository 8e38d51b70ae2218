import type { Language } from '../../src/domain/languages';
import { DEFAULT_PROJECT } from '../../src/domain/sample-project';

/**
 * What the demo candidates wrote for the password-policy assessment (ticket AUTH-142 of the
 * default project): the rule in auth.service.ts, tests in auth.test.ts, and their written
 * answers, each in the candidate's own language. Priya's and Lena's rules are alike (the
 * similarity check pairs them); Lena reports the rules in another order than the ticket,
 * which one hidden test catches.
 */

const STUB = `export function validatePassword(password: string): string[] {
  const problems: string[] = [];
  // TODO(AUTH-142): check the password against the policy and push one message per unmet rule.
  void password;
  return problems;
}`;

const original = (path: string) => DEFAULT_PROJECT.files.find((f) => f.path === path)!.content;

/** The default project's auth.service.ts with the stub replaced by `rule`. */
const withRule = (rule: string) => {
  const service = original('auth.service.ts');
  if (!service.includes(STUB)) throw new Error('the sample project changed: update the demo');
  return service.replace(STUB, rule);
};

const TODO_TESTS = `    it.todo('rejects a password shorter than 8 characters');
    it.todo('rejects a password without an upper-case letter');
    it.todo('rejects a password without a lower-case letter');
    it.todo('rejects a password without a number');
    it.todo('lists every missing requirement in the 400 error message');
    it.todo('accepts a password that meets every requirement');`;

/** The default project's auth.test.ts with the placeholder tests replaced by `tests`. */
const withTests = (tests: string) => {
  const file = original('auth.test.ts');
  if (!file.includes(TODO_TESTS)) throw new Error('the sample project changed: update the demo');
  return file.replace(TODO_TESTS, tests);
};

const PRIYA_RULES = `const MIN_LENGTH = 8;
const CHARACTER_RULES: { pattern: RegExp; message: string }[] = [
  { pattern: /[A-Z]/, message: 'one upper-case letter' },
  { pattern: /[a-z]/, message: 'one lower-case letter' },
  { pattern: /[0-9]/, message: 'one number' },
];`;

const PRIYA_SERVICE = withRule(`${PRIYA_RULES}

export function validatePassword(password: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_LENGTH) problems.push('at least ' + MIN_LENGTH + ' characters');
  for (const rule of CHARACTER_RULES) {
    if (!rule.pattern.test(password)) problems.push(rule.message);
  }
  return problems;
}`);

const PRIYA_TESTS = withTests(`    const problemsOf = async (password: string) => {
      try {
        await service.register({ email: 'new@example.com', password });
        return [];
      } catch (error) {
        assert.ok(error instanceof AuthError);
        assert.equal(error.status, 400);
        return error.message;
      }
    };

    it('rejects a password shorter than 8 characters', async () => {
      assert.equal(await problemsOf('Abc1'), 'Password must contain at least 8 characters');
    });
    it('rejects a password without an upper-case letter', async () => {
      assert.equal(await problemsOf('abcdefg1'), 'Password must contain one upper-case letter');
    });
    it('rejects a password without a lower-case letter', async () => {
      assert.equal(await problemsOf('ABCDEFG1'), 'Password must contain one lower-case letter');
    });
    it('rejects a password without a number', async () => {
      assert.equal(await problemsOf('Abcdefgh'), 'Password must contain one number');
    });
    it('lists every missing requirement in the 400 error message', async () => {
      assert.equal(
        await problemsOf('abc'),
        'Password must contain at least 8 characters, one upper-case letter, one number',
      );
    });
    it('accepts a password that meets every requirement', async () => {
      assert.deepEqual(await problemsOf('Secret123'), []);
    });`);

/** Lena's rule: Priya's shape with other names, and the number checked first. */
const LENA_SERVICE = withRule(`const MINIMUM = 8;
const REQUIRED: { test: RegExp; text: string }[] = [
  { test: /[0-9]/, text: 'one number' },
  { test: /[A-Z]/, text: 'one upper-case letter' },
  { test: /[a-z]/, text: 'one lower-case letter' },
];

export function validatePassword(password: string): string[] {
  const problems: string[] = [];
  if (password.length < MINIMUM) problems.push('at least ' + MINIMUM + ' characters');
  for (const requirement of REQUIRED) {
    if (!requirement.test.test(password)) problems.push(requirement.text);
  }
  return problems;
}`);

const LENA_TESTS = withTests(`    it('rejects a password shorter than 8 characters', () => {
      assert.deepEqual(validatePassword('Abc1'), ['at least 8 characters']);
    });
    it('accepts a password that meets every requirement', () => {
      assert.deepEqual(validatePassword('Secret123'), []);
    });`).replace(
  "import { AuthService } from './auth.service';",
  "import { AuthService, validatePassword } from './auth.service';",
);

/** Camille's rule: one check per requirement, written out. */
const CAMILLE_SERVICE = withRule(`export function validatePassword(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('at least 8 characters');
  if (!/[A-Z]/.test(password)) problems.push('one upper-case letter');
  if (!/[a-z]/.test(password)) problems.push('one lower-case letter');
  if (!/\\d/.test(password)) problems.push('one number');
  return problems;
}`);

/** Mateo's rule: a table of checks as functions. */
const MATEO_SERVICE = withRule(`const POLICY: [string, (password: string) => boolean][] = [
  ['at least 8 characters', (p) => p.length >= 8],
  ['one upper-case letter', (p) => p.toLowerCase() !== p],
  ['one lower-case letter', (p) => p.toUpperCase() !== p],
  ['one number', (p) => /[0-9]/.test(p)],
];

export function validatePassword(password: string): string[] {
  return POLICY.filter(([, ok]) => !ok(password)).map(([message]) => message);
}`);

/** Yuki's rule: a regular expression per requirement, the messages kept beside them. */
const YUKI_SERVICE = withRule(`const RULES = [
  { message: 'at least 8 characters', ok: (p: string) => p.length >= 8 },
  { message: 'one upper-case letter', ok: (p: string) => /[A-Z]/.test(p) },
  { message: 'one lower-case letter', ok: (p: string) => /[a-z]/.test(p) },
  { message: 'one number', ok: (p: string) => /[0-9]/.test(p) },
];

export function validatePassword(password: string): string[] {
  return RULES.filter((rule) => !rule.ok(password)).map((rule) => rule.message);
}`);

export interface DemoSubmission {
  email: string;
  language: Language;
  files: { path: string; content: string; paste?: string }[];
  /** The text task's answer and the documentation task's Markdown. */
  answers: { text: string; document: string };
  away?: { after: number; ms: number };
  /** Minutes before now that the candidate opened the assessment. */
  startedMinutesAgo: number;
}

export const DEMO_SUBMISSIONS: DemoSubmission[] = [
  {
    email: 'priya@demo.talentforge.test',
    language: 'en',
    startedMinutesAgo: 100,
    files: [
      { path: 'auth.service.ts', content: PRIYA_SERVICE, paste: PRIYA_RULES },
      { path: 'auth.test.ts', content: PRIYA_TESTS },
    ],
    away: { after: 0.4, ms: 95_000 },
    answers: {
      text: 'I kept the rule as data (a minimum length and a list of character rules), so the error message lists every missing requirement in the order of the ticket and a new rule is one line. The tests go through register(), so they also check the 400 and the exact message the API returns. I did not add a common-password list: the ticket does not ask for it, and it needs a product decision on which list.',
      document:
        '## Password policy\n\nRegistration (`POST /auth/register`) rejects a password unless it has:\n\n- at least 8 characters\n- one upper-case letter\n- one lower-case letter\n- one number\n\nA rejected password gets **400** with every missing requirement, for example:\n\n```json\n{ "error": "Password must contain at least 8 characters, one number" }\n```',
    },
  },
  {
    email: 'lena@demo.talentforge.test',
    language: 'de',
    startedMinutesAgo: 90,
    files: [
      { path: 'auth.service.ts', content: LENA_SERVICE },
      { path: 'auth.test.ts', content: LENA_TESTS },
    ],
    away: { after: 0.6, ms: 240_000 },
    answers: {
      text: 'Ich habe die Regeln als Liste von regulären Ausdrücken mit ihrer Meldung umgesetzt. So bleibt validatePassword kurz, und eine neue Anforderung ist eine Zeile. Für die Tests hatte ich wenig Zeit: Sie prüfen die Länge und ein gültiges Passwort.',
      document:
        '## Passwortrichtlinie\n\nDie Registrierung lehnt Passwörter ab, die nicht mindestens 8 Zeichen, einen Großbuchstaben, einen Kleinbuchstaben und eine Ziffer enthalten. Die Antwort ist **400** mit allen fehlenden Anforderungen.',
    },
  },
  {
    email: 'camille@demo.talentforge.test',
    language: 'fr',
    startedMinutesAgo: 80,
    files: [{ path: 'auth.service.ts', content: CAMILLE_SERVICE }],
    answers: {
      text: "J'ai écrit une vérification par exigence, dans l'ordre du ticket : c'est le plus lisible pour la revue. Je n'ai pas eu le temps de remplacer les tests en attente.",
      document:
        "## Politique de mot de passe\n\nL'inscription refuse un mot de passe de moins de 8 caractères, ou sans majuscule, minuscule ou chiffre. La réponse est **400** et liste chaque exigence manquante.",
    },
  },
  {
    email: 'mateo@demo.talentforge.test',
    language: 'es',
    startedMinutesAgo: 70,
    files: [{ path: 'auth.service.ts', content: MATEO_SERVICE }],
    away: { after: 0.3, ms: 45_000 },
    answers: {
      text: 'Definí la política como una tabla de comprobaciones con su mensaje; validatePassword filtra las que fallan. Así el mensaje de error conserva el orden del ticket.',
      document:
        '## Política de contraseñas\n\nEl registro rechaza contraseñas de menos de 8 caracteres o sin mayúscula, minúscula o número, con un **400** que enumera lo que falta.',
    },
  },
  {
    email: 'yuki@demo.talentforge.test',
    language: 'ja',
    startedMinutesAgo: 60,
    files: [{ path: 'auth.service.ts', content: YUKI_SERVICE }],
    answers: {
      text: '各要件をメッセージと判定関数の組として定義し、満たさないものだけを返すようにしました。チケットの順番どおりにエラーメッセージが並びます。',
      document:
        '## パスワードポリシー\n\n登録時、8 文字未満、または大文字・小文字・数字のいずれかを含まないパスワードは **400** で拒否され、不足している要件がすべて示されます。',
    },
  },
];

/** The template's hidden tests: they run on submission and for reviewers, never for the candidate. */
export const HIDDEN_TESTS = {
  path: 'password-policy.hidden.test.ts',
  content: `import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validatePassword } from './auth.service';

describe('password policy (hidden)', () => {
  it('accepts exactly eight characters', () => {
    assert.deepEqual(validatePassword('Abcdefg1'), []);
  });
  it('reports the requirements in the order of the ticket', () => {
    assert.deepEqual(validatePassword('abc'), [
      'at least 8 characters',
      'one upper-case letter',
      'one number',
    ]);
  });
  it('does not count a space as a character class', () => {
    assert.deepEqual(validatePassword('        '), [
      'one upper-case letter',
      'one lower-case letter',
      'one number',
    ]);
  });
});
`,
};
