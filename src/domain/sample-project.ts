/**
 * The default simulated project a template's workspace opens on: a small
 * Express auth service with one open ticket (AUTH-142), and the scripted team
 * chat the workspace shows next to it. The sample code avoids template
 * literals so the file contents below need no escaping beyond the README.
 */
import type { SampleProject } from './assessments';

const TICKET_ID = 'AUTH-142';
const TICKET_TITLE = 'Enforce a password policy at registration';

const TICKET = `${TICKET_ID}: ${TICKET_TITLE}

Right now POST /auth/register accepts any non-empty password, including "a" and "password". The security review flagged this before the public launch, so registration has to enforce a password policy.

Acceptance criteria:
- Registration rejects passwords shorter than 8 characters.
- Registration rejects passwords that do not contain at least one upper-case letter, one lower-case letter and one number.
- A rejected password gets a 400 response with a clear error message that lists every requirement that is missing (for example: "Password must contain at least 8 characters, one number").
- Unit tests in auth.test.ts cover the rule: each missing requirement on its own, several at once, and a valid password.
- Login and the existing tests are unaffected.`;

const CONTEXT = `Welcome to Lumen Ledger, a 40-person startup building bookkeeping software for small businesses. You are joining the Platform team, a small backend team of three that owns the services every other team depends on.

This week you are working on auth-service, a small TypeScript/Express service that handles sign-up and login. It stores users, hashes passwords through an injected hasher and issues JWTs that the other services verify.

Your teammates: Maya Okafor, the tech lead, who wrote most of auth-service and reviews your pull request; Daniel Brooks, the QA engineer, who owns the test plan; and Sofia Lindqvist, the product manager, who wrote the ticket and speaks for the users.

You have the repository checked out on the branch feature/password-policy. Read the README, pick up the ticket and ask in the team chat when something is unclear.`;

const AUTH_SERVICE = `import {
  AuthError,
  type AuthResult,
  type LoginInput,
  type PasswordHasher,
  type PublicUser,
  type RegisterInput,
  type TokenSigner,
  type User,
} from './auth.types';
import { normalizeEmail, toPublicUser, type UserRepository } from './user.model';

const EMAIL_PATTERN = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;

/**
 * Checks a password against the password policy.
 * Returns one message per unmet requirement; an empty list means the password is acceptable.
 *
 * TODO(AUTH-142): implement the password policy (see "Current ticket" in README.md):
 *   - at least 8 characters
 *   - at least one upper-case letter
 *   - at least one lower-case letter
 *   - at least one number
 * and make the 400 error message list what is missing.
 */
export function validatePassword(password: string): string[] {
  const problems: string[] = [];
  // TODO(AUTH-142): check the password against the policy and push one message per unmet rule.
  void password;
  return problems;
}

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenSigner,
  ) {}

  async register(input: RegisterInput): Promise<AuthResult> {
    const email = normalizeEmail(input.email ?? '');
    if (!EMAIL_PATTERN.test(email)) {
      throw new AuthError(400, 'A valid email address is required');
    }

    const password = input.password ?? '';
    if (password.length === 0) {
      throw new AuthError(400, 'A password is required');
    }
    const problems = validatePassword(password);
    if (problems.length > 0) {
      throw new AuthError(400, 'Password must contain ' + problems.join(', '), problems);
    }

    if (await this.users.findByEmail(email)) {
      throw new AuthError(409, 'An account with this email already exists');
    }

    const passwordHash = await this.hasher.hash(password);
    const user = await this.users.create(email, passwordHash);
    return this.issueToken(user);
  }

  async login(input: LoginInput): Promise<AuthResult> {
    const user = await this.users.findByEmail(input.email ?? '');
    // Same answer for an unknown email and a wrong password: do not reveal which accounts exist.
    const valid =
      user !== undefined && (await this.hasher.verify(input.password ?? '', user.passwordHash));
    if (!user || !valid) {
      throw new AuthError(401, 'Invalid email or password');
    }
    return this.issueToken(user);
  }

  async getProfile(userId: string): Promise<PublicUser> {
    const user = await this.users.findById(userId);
    if (!user) {
      throw new AuthError(404, 'User not found');
    }
    return toPublicUser(user);
  }

  private issueToken(user: User): AuthResult {
    const token = this.tokens.sign({ sub: user.id, email: user.email });
    return { user: toPublicUser(user), token };
  }
}
`;

const USER_MODEL = `import { randomUUID } from 'node:crypto';
import type { PublicUser, User } from './auth.types';

/** Storage of users. Production uses Postgres; the exercise and the tests use memory. */
export interface UserRepository {
  findByEmail(email: string): Promise<User | undefined>;
  findById(id: string): Promise<User | undefined>;
  create(email: string, passwordHash: string): Promise<User>;
}

/** Emails are compared case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the API returns it: never the password hash. */
export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, createdAt: user.createdAt };
}

export class InMemoryUserRepository implements UserRepository {
  private readonly byId = new Map<string, User>();

  async findByEmail(email: string): Promise<User | undefined> {
    const wanted = normalizeEmail(email);
    for (const user of this.byId.values()) {
      if (user.email === wanted) {
        return user;
      }
    }
    return undefined;
  }

  async findById(id: string): Promise<User | undefined> {
    return this.byId.get(id);
  }

  async create(email: string, passwordHash: string): Promise<User> {
    const user: User = {
      id: randomUUID(),
      email: normalizeEmail(email),
      passwordHash,
      createdAt: new Date(),
    };
    this.byId.set(user.id, user);
    return user;
  }

  /** Number of stored users (handy in tests). */
  get size(): number {
    return this.byId.size;
  }

  clear(): void {
    this.byId.clear();
  }
}
`;

const AUTH_CONTROLLER = `import type { NextFunction, Request, Response } from 'express';
import type { AuthenticatedRequest } from './auth.middleware';
import type { AuthService } from './auth.service';
import { AuthError } from './auth.types';

/** HTTP layer: reads the request, calls the service, writes the response. */
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  register = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { email, password } = req.body ?? {};
      const result = await this.auth.register({ email, password });
      res.status(201).json(result);
    } catch (err) {
      next(err);
    }
  };

  login = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { email, password } = req.body ?? {};
      const result = await this.auth.login({ email, password });
      res.status(200).json(result);
    } catch (err) {
      next(err);
    }
  };

  me = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { sub } = (req as AuthenticatedRequest).user;
      const user = await this.auth.getProfile(sub);
      res.status(200).json({ user });
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Turns an AuthError into its status and a JSON body { error, details };
 * anything else is logged and answered with a 500.
 */
export function authErrorHandler(
  err: unknown,
  _req: Request,
  res: Response,
  _next: NextFunction,
): void {
  if (err instanceof AuthError) {
    res.status(err.status).json({ error: err.message, details: err.details });
    return;
  }
  console.error('Unexpected error in auth-service', err);
  res.status(500).json({ error: 'Internal server error' });
}
`;

const AUTH_ROUTES = `import { Router } from 'express';
import { AuthController, authErrorHandler } from './auth.controller';
import { requireAuth, requireJsonBody } from './auth.middleware';
import { AuthService } from './auth.service';
import type { PasswordHasher, TokenSigner } from './auth.types';
import type { UserRepository } from './user.model';

export interface AuthDependencies {
  users: UserRepository;
  hasher: PasswordHasher;
  tokens: TokenSigner;
}

/**
 * Routes of the auth service, mounted under /auth:
 *
 *   POST /auth/register  { email, password }               -> 201 { user, token }
 *   POST /auth/login     { email, password }               -> 200 { user, token }
 *   GET  /auth/me        Authorization: Bearer <token>      -> 200 { user }
 *
 * Usage:
 *   app.use(express.json());
 *   app.use('/auth', createAuthRouter({ users, hasher, tokens }));
 */
export function createAuthRouter(deps: AuthDependencies): Router {
  const service = new AuthService(deps.users, deps.hasher, deps.tokens);
  const controller = new AuthController(service);
  const router = Router();

  router.post('/register', requireJsonBody, controller.register);
  router.post('/login', requireJsonBody, controller.login);
  router.get('/me', requireAuth(deps.tokens), controller.me);

  router.use(authErrorHandler);
  return router;
}
`;

const AUTH_MIDDLEWARE = `import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { TokenPayload, TokenSigner } from './auth.types';

/** A request that passed requireAuth: the verified token payload is on req.user. */
export interface AuthenticatedRequest extends Request {
  user: TokenPayload;
}

/** Requires an 'Authorization: Bearer <jwt>' header with a valid, unexpired token. */
export function requireAuth(tokens: TokenSigner): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) {
      res.status(401).json({ error: 'Missing bearer token' });
      return;
    }

    const payload = tokens.verify(token);
    if (!payload) {
      res.status(401).json({ error: 'Invalid or expired token' });
      return;
    }

    (req as AuthenticatedRequest).user = payload;
    next();
  };
}

/** Register and login only accept JSON bodies. */
export function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('application/json')) {
    res.status(415).json({ error: 'Expected a JSON request body' });
    return;
  }
  next();
}
`;

const AUTH_TYPES = `/** Types shared by the auth service, its HTTP layer and its tests. */

export interface User {
  id: string;
  /** Stored normalised: trimmed and lower-case. */
  email: string;
  passwordHash: string;
  createdAt: Date;
}

/** A user as the API returns it. */
export type PublicUser = Omit<User, 'passwordHash'>;

export interface RegisterInput {
  email: string;
  password: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface AuthResult {
  user: PublicUser;
  token: string;
}

/** What the JWT carries; other services read sub as the user id. */
export interface TokenPayload {
  sub: string;
  email: string;
}

/** Hashes and checks passwords (bcrypt in production, a fake in the tests). */
export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(plain: string, hash: string): Promise<boolean>;
}

/** Signs and verifies JWTs; verify returns null for a bad or expired token. */
export interface TokenSigner {
  sign(payload: TokenPayload): string;
  verify(token: string): TokenPayload | null;
}

/** An expected failure; the controller answers it with its status and message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** One entry per problem, e.g. the unmet password requirements. */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'AuthError';
  }
}
`;

const AUTH_TEST = `import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { AuthService } from './auth.service';
import { AuthError, type PasswordHasher, type TokenPayload, type TokenSigner } from './auth.types';
import { InMemoryUserRepository } from './user.model';

/** Fast, reversible fake: enough to check that the service hashes before storing. */
const fakeHasher: PasswordHasher = {
  hash: async (plain) => 'hashed:' + plain,
  verify: async (plain, hash) => hash === 'hashed:' + plain,
};

function createFakeTokens(): TokenSigner {
  const issued = new Map<string, TokenPayload>();
  return {
    sign(payload) {
      const token = 'token-' + (issued.size + 1);
      issued.set(token, payload);
      return token;
    },
    verify: (token) => issued.get(token) ?? null,
  };
}

describe('AuthService', () => {
  let users: InMemoryUserRepository;
  let tokens: TokenSigner;
  let service: AuthService;

  beforeEach(() => {
    users = new InMemoryUserRepository();
    tokens = createFakeTokens();
    service = new AuthService(users, fakeHasher, tokens);
  });

  describe('register', () => {
    it('creates a user and returns a token for it', async () => {
      const result = await service.register({ email: ' Ada@Example.com ', password: 'Secret123' });
      assert.equal(result.user.email, 'ada@example.com');
      assert.ok(!('passwordHash' in result.user));
      assert.deepEqual(tokens.verify(result.token), { sub: result.user.id, email: 'ada@example.com' });
    });

    it('stores the hashed password, never the plain one', async () => {
      await service.register({ email: 'ada@example.com', password: 'Secret123' });
      const stored = await users.findByEmail('ada@example.com');
      assert.equal(stored?.passwordHash, 'hashed:Secret123');
    });

    it('rejects an email that is already registered with 409', async () => {
      await service.register({ email: 'ada@example.com', password: 'Secret123' });
      await assert.rejects(service.register({ email: 'ADA@example.com', password: 'Other4567' }), {
        status: 409,
      });
      assert.equal(users.size, 1);
    });

    it('rejects an invalid email with 400', async () => {
      await assert.rejects(service.register({ email: 'not-an-email', password: 'Secret123' }), {
        status: 400,
      });
    });
  });

  describe('login', () => {
    beforeEach(async () => {
      await service.register({ email: 'ada@example.com', password: 'Secret123' });
    });

    it('returns the user and a token for the right password', async () => {
      const result = await service.login({ email: 'Ada@example.com', password: 'Secret123' });
      assert.equal(result.user.email, 'ada@example.com');
      assert.equal(tokens.verify(result.token)?.sub, result.user.id);
    });

    it('rejects a wrong password with 401', async () => {
      await assert.rejects(service.login({ email: 'ada@example.com', password: 'wrong' }), (error) => {
        assert.ok(error instanceof AuthError);
        assert.equal(error.status, 401);
        return true;
      });
    });

    it('gives the same answer for an unknown email', async () => {
      await assert.rejects(service.login({ email: 'bob@example.com', password: 'Secret123' }), {
        status: 401,
        message: 'Invalid email or password',
      });
    });
  });

  // AUTH-142: replace these placeholders with real tests for validatePassword and register.
  describe('password policy (AUTH-142)', () => {
    it.todo('rejects a password shorter than 8 characters');
    it.todo('rejects a password without an upper-case letter');
    it.todo('rejects a password without a lower-case letter');
    it.todo('rejects a password without a number');
    it.todo('lists every missing requirement in the 400 error message');
    it.todo('accepts a password that meets every requirement');
  });
});
`;

const README = `# auth-service

Sign-up and login for Lumen Ledger. The service stores users, hashes their
passwords and issues JWTs that the other services verify. It is owned by the
Platform team (Maya Okafor, Daniel Brooks and you).

## Endpoints

| Method | Path             | Body / header                  | Response              |
| ------ | ---------------- | ------------------------------ | --------------------- |
| POST   | \`/auth/register\` | \`{ email, password }\`          | 201 \`{ user, token }\` |
| POST   | \`/auth/login\`    | \`{ email, password }\`          | 200 \`{ user, token }\` |
| GET    | \`/auth/me\`       | \`Authorization: Bearer <jwt>\`  | 200 \`{ user }\`        |

Errors are JSON: \`{ "error": "message", "details": ["..."] }\`.

## Running the tests

\`\`\`sh
npm test              # runs node --test once (TypeScript transpiled first)
\`\`\`

The tests use an in-memory user repository and fake hasher and token signer,
so they need no database and no secrets.

## File map

- \`auth.service.ts\`: the business rules: register, login, profile, and \`validatePassword\`.
- \`user.model.ts\`: the \`UserRepository\` interface and its in-memory implementation.
- \`auth.controller.ts\`: the Express handlers and the error handler.
- \`auth.routes.ts\`: wires the service, controller and middleware into a router.
- \`auth.middleware.ts\`: \`requireAuth\` (bearer JWT) and \`requireJsonBody\`.
- \`auth.types.ts\`: shared types, the hasher and signer interfaces, \`AuthError\`.
- \`auth.test.ts\`: unit tests of the service (node:test). **Run Tests** in the workspace runs them.
- \`README.md\`: this file.

## Current ticket

### ${TICKET_ID}: ${TICKET_TITLE}

Right now \`POST /auth/register\` accepts any non-empty password, including "a"
and "password". The security review flagged this before the public launch, so
registration has to enforce a password policy.

Acceptance criteria:

- Registration rejects passwords shorter than 8 characters.
- Registration rejects passwords that do not contain at least one upper-case letter, one lower-case letter and one number.
- A rejected password gets a 400 response with a clear error message that lists every requirement that is missing (for example: "Password must contain at least 8 characters, one number").
- Unit tests in \`auth.test.ts\` cover the rule: each missing requirement on its own, several at once, and a valid password.
- Login and the existing tests are unaffected.

The place to start is the \`validatePassword\` stub in \`auth.service.ts\` (marked \`TODO(AUTH-142)\`)
and the placeholder tests at the end of \`auth.test.ts\`.
`;

export const DEFAULT_PROJECT: SampleProject = {
  name: 'auth-service',
  runner: 'node',
  starter: 'typescript',
  branch: 'feature/password-policy',
  context: CONTEXT,
  ticket: TICKET,
  files: [
    { path: 'auth.service.ts', content: AUTH_SERVICE },
    { path: 'user.model.ts', content: USER_MODEL },
    { path: 'auth.controller.ts', content: AUTH_CONTROLLER },
    { path: 'auth.routes.ts', content: AUTH_ROUTES },
    { path: 'auth.middleware.ts', content: AUTH_MIDDLEWARE },
    { path: 'auth.types.ts', content: AUTH_TYPES },
    { path: 'auth.test.ts', content: AUTH_TEST },
    { path: 'README.md', content: README },
  ],
};

/** The scripted team chat the workspace shows beside the project. */
export const TEAM_CHAT: { author: string; role: string; minutesAgo: number; text: string }[] = [
  {
    author: 'Maya Okafor',
    role: 'Tech Lead',
    minutesAgo: 42,
    text: 'Welcome to the Platform team! Glad to have you. You have auth-service checked out on feature/password-policy; the README has the file map and how to run the tests.',
  },
  {
    author: 'Sofia Lindqvist',
    role: 'Product Manager',
    minutesAgo: 38,
    text: 'Hi and welcome! Your first ticket is AUTH-142: enforce a password policy at registration. The security review asked for it before the public launch, so it is our top priority this week.',
  },
  {
    author: 'Sofia Lindqvist',
    role: 'Product Manager',
    minutesAgo: 37,
    text: 'What matters most to me is the error message: when a password is rejected, people should see everything that is missing in one go, not fix one rule, resubmit and hit the next.',
  },
  {
    author: 'Maya Okafor',
    role: 'Tech Lead',
    minutesAgo: 31,
    text: 'Code-wise, start at the validatePassword stub in auth.service.ts, it is marked TODO(AUTH-142). register already turns its result into a 400, so the rule can stay a small pure function. Keep the hasher and token signer injected, please.',
  },
  {
    author: 'Daniel Brooks',
    role: 'QA Engineer',
    minutesAgo: 24,
    text: 'Hey! I left it.todo placeholders for the policy at the end of auth.test.ts. I will be checking each rule on its own, a password that misses several rules at once, and the edge case of exactly 8 characters.',
  },
  {
    author: 'Daniel Brooks',
    role: 'QA Engineer',
    minutesAgo: 23,
    text: 'Also make sure the existing login and registration tests still pass. They all use passwords that meet the new policy, so they should.',
  },
  {
    author: 'Maya Okafor',
    role: 'Tech Lead',
    minutesAgo: 12,
    text: 'When you are done, write a short note on what you changed and why, like a pull request description. Shout here if anything is unclear.',
  },
];
