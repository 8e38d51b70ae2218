import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { createLogger } from '../lib/logger';
import { createTestApp, type TestApp } from '../test/harness';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { backoffMs, LEASE_MS, Mailer } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const logger = createLogger('silent');
const mail = (to: string) => ({
  to,
  subject: 'Hello',
  text: 'Body with a link http://localhost/x',
});

describe('the mail outbox', () => {
  it('delivers queued mail over SMTP and marks it sent', async () => {
    const smtp = await startSmtpCatcher();
    const mailer = new Mailer({
      db: t.database.db,
      logger,
      smtpUrl: smtp.url,
      from: 'App <app@example.test>',
    });
    const id = await mailer.send(mail('one@example.test'));
    expect(await mailer.deliverDue()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['one@example.test']);
    expect(smtp.mails[0]?.raw).toContain('Body with a link http://localhost/x');
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    await mailer.stop();
    await smtp.close();
  });

  it('keeps failed mail and retries it later with backoff', async () => {
    const refusing = await startSmtpCatcher({ rejectAll: true });
    const failing = new Mailer({
      db: t.database.db,
      logger,
      smtpUrl: refusing.url,
      from: 'app@example.test',
    });
    const id = await failing.send(mail('two@example.test'));
    expect(await failing.deliverDue()).toBe(0);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('mailbox unavailable');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await failing.stop();
    await refusing.close();

    // A new process (a restart) with a working server delivers it once it is due.
    await t.database.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, id));
    const smtp = await startSmtpCatcher();
    const restarted = new Mailer({
      db: t.database.db,
      logger,
      smtpUrl: smtp.url,
      from: 'app@example.test',
    });
    expect(await restarted.deliverDue()).toBe(1);
    expect(smtp.mails.map((m) => m.to[0])).toEqual(['two@example.test']);
    await restarted.stop();
    await smtp.close();
  });

  it('delivers a burst and mail queued mid-pass without waiting for the next poll', async () => {
    const smtp = await startSmtpCatcher();
    const mailer = new Mailer({
      db: t.database.db,
      logger,
      smtpUrl: smtp.url,
      from: 'app@example.test',
      pollMs: 60_000,
    });
    mailer.start();
    try {
      // More than one batch at once, then one more while the first pass runs.
      await Promise.all(
        Array.from({ length: 45 }, (_, i) => mailer.send(mail(`burst-${i}@example.test`))),
      );
      await new Promise((r) => setTimeout(r, 20));
      await mailer.send(mail('late@example.test'));
      const deadline = Date.now() + 10_000;
      while (smtp.mails.length < 46 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // Well before the 60 s poll: passes follow each other while there is mail.
      expect(smtp.mails.map((m) => m.to[0])).toContain('late@example.test');
      expect(smtp.mails.filter((m) => m.to[0]?.startsWith('burst-'))).toHaveLength(45);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
  });

  it('releases at start the mail a killed run had leased, when it is the only worker', async () => {
    const smtp = await startSmtpCatcher();
    const options = { db: t.database.db, logger, smtpUrl: smtp.url, from: 'app@example.test' };
    // A run killed mid-send left this mail leased for LEASE_MS.
    const queued = new Mailer(options);
    const id = await queued.send(mail('leased@example.test'));
    await queued.stop();
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS - 1_000) })
      .where(eq(outbox.id, id));
    // Another server on a shared database leaves it alone until the lease runs out...
    const shared = new Mailer(options);
    expect(await shared.deliverDue()).toBe(0);
    await shared.stop();
    // ...the embedded database's single process takes it back at once.
    const sole = new Mailer({ ...options, soleWorker: true });
    expect(await sole.deliverDue()).toBe(1);
    expect(smtp.mails.map((m) => m.to[0])).toContain('leased@example.test');
    await sole.stop();
    await smtp.close();
  });

  it('without SMTP keeps mail in the outbox', async () => {
    const mailer = new Mailer({ db: t.database.db, logger, from: 'app@example.test' });
    const id = await mailer.send(mail('three@example.test'));
    expect(await mailer.deliverDue()).toBe(0);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.status).toBe('pending');
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([5_000, 10_000, 20_000]);
    expect(backoffMs(30)).toBe(3_600_000);
  });
});
