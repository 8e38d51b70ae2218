import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { auditLog, outbox } from '../db/schema';
import type { Mail } from '../mail/outbox';
import { enqueueMail } from '../mail/outbox';
import type { BusMessage } from '../realtime/event-bus';
import { pgliteTemplate } from '../test/pglite-template';
import { type WriteDeps, write, writeStatement } from './unit-of-work';

let database: Database;
let announced: { id: string; mail: Mail }[];
let published: BusMessage[];
/** What the outbox held when each event was published (the commit must come first). */
let outboxAtPublish: number[];
let deps: WriteDeps;

const mail = (to: string): Mail => ({ to, subject: 'Subject', text: 'Body' });
const event = { type: 'assessment.changed', assessmentId: 'a1' } as const;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() });
});
afterAll(() => database.close());

beforeEach(async () => {
  await database.db.delete(outbox);
  announced = [];
  published = [];
  outboxAtPublish = [];
  deps = {
    db: database.db,
    mailer: { announce: (id, m) => announced.push({ id, mail: m }) },
    bus: {
      async publish(message) {
        outboxAtPublish.push((await database.db.select().from(outbox)).length);
        published.push(message);
      },
    },
  };
});

describe('write', () => {
  it('queues mail and audit rows in the transaction and sends events after the commit', async () => {
    const ids = await write(deps, async (w) => {
      const first = await w.mail(mail('a@example.com'));
      const [second, third] = await w.mails([mail('b@example.com'), mail('c@example.com')]);
      w.publish({ userIds: ['u1'] }, event);
      await w.audit({ actor: null, action: 'test.commit', targetType: 'test', after: { a: 1 } });
      // Nothing is announced or published before the commit.
      expect(announced).toEqual([]);
      expect(published).toEqual([]);
      return [first, second, third];
    });
    const rows = await database.db.select().from(outbox);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(announced.map((a) => [a.id, a.mail.to])).toEqual([
      [ids[0], 'a@example.com'],
      [ids[1], 'b@example.com'],
      [ids[2], 'c@example.com'],
    ]);
    expect(published).toEqual([{ audience: { userIds: ['u1'] }, event }]);
    // The event's listener sees the committed mail.
    expect(outboxAtPublish).toEqual([3]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'test.commit'));
    expect(audit).toMatchObject({ action: 'test.commit', actorName: 'System', after: { a: 1 } });
  });

  it('sends and keeps nothing when the transaction rolls back', async () => {
    await expect(
      write(deps, async (w) => {
        await w.mail(mail('a@example.com'));
        w.publish({ roles: ['admin'] }, event);
        await w.audit({ actor: null, action: 'test.rollback', targetType: 'test' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(
      await database.db.select().from(auditLog).where(eq(auditLog.action, 'test.rollback')),
    ).toEqual([]);
    expect(announced).toEqual([]);
    expect(published).toEqual([]);
  });

  it('joins the caller’s transaction when given its work: one commit sends everything', async () => {
    await expect(
      write(deps, async (outer) => {
        await write(outer, async (inner) => {
          expect(inner.tx).toBe(outer.tx);
          await inner.mail(mail('inner@example.com'));
          inner.publish({ userIds: ['u2'] }, event);
        });
        // The inner write has not committed on its own.
        expect(announced).toEqual([]);
        expect(published).toEqual([]);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(
      await database.db.select().from(outbox).where(eq(outbox.to, 'inner@example.com')),
    ).toEqual([]);
    expect(announced).toEqual([]);
    expect(published).toEqual([]);
  });
});

describe('mail a SQL statement queued itself', () => {
  it('write: w.queued wakes the worker after the commit, and not when it rolls back', async () => {
    const id = await write(deps, async (w) => {
      const queued = await enqueueMail(w.tx, mail('sql@example.com'));
      w.queued([{ id: queued, mail: mail('sql@example.com') }]);
      expect(announced).toEqual([]);
      return queued;
    });
    expect(announced.map((a) => a.id)).toEqual([id]);
    announced = [];
    await expect(
      write(deps, async (w) => {
        w.queued([{ id: await enqueueMail(w.tx, mail('gone@example.com')), mail: mail('x') }]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(announced).toEqual([]);
    expect(
      await database.db.select().from(outbox).where(eq(outbox.to, 'gone@example.com')),
    ).toEqual([]);
  });

  it('writeStatement: the same after-effects once the statement has run, none when it throws', async () => {
    const id = await writeStatement(deps, async (w) => {
      const queued = await enqueueMail(w.db, mail('one@example.com'));
      w.queued([{ id: queued, mail: mail('one@example.com') }]);
      w.publish({ userIds: ['u3'] }, event);
      expect(announced).toEqual([]);
      expect(published).toEqual([]);
      return queued;
    });
    expect(announced.map((a) => a.id)).toEqual([id]);
    expect(published).toEqual([{ audience: { userIds: ['u3'] }, event }]);
    expect(outboxAtPublish).toEqual([1]);
    announced = [];
    published = [];
    await expect(
      writeStatement(deps, async (w) => {
        w.publish({ userIds: ['u3'] }, event);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(announced).toEqual([]);
    expect(published).toEqual([]);
  });
});
