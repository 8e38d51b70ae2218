import type { RealtimeEvent } from '../../domain/assessments';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { enqueueMail, enqueueMails, type Mail, type Mailer } from '../mail/outbox';
import type { Audience, EventBus } from '../realtime/event-bus';
import type { Actor } from './http';
import { newId } from './ids';

/** What a write needs: the database, the outbox's worker and the realtime bus. */
export interface WriteDeps {
  db: Db;
  mailer: Pick<Mailer, 'announce'>;
  bus: Pick<EventBus, 'publish'>;
}

export interface AuditEntry {
  /** Who acted; null for the system (a script, a scheduled job). */
  actor: Pick<Actor, 'id' | 'name'> | null;
  /** Dotted name, e.g. 'template.update', 'user.set-role'. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * One change in progress: its transaction, and what it causes once it commits.
 *
 * Mail is queued in the outbox inside the transaction (so the mail exists exactly when the
 * change does) and the mail worker is woken after the commit; realtime events are published
 * only after the commit (a listener that refetches must see the change); audit rows are
 * written in the transaction. Nothing queued here happens when the transaction rolls back.
 */
export interface Work {
  readonly tx: Tx;
  /** Queues a mail in this transaction; returns its outbox id. */
  mail(mail: Mail): Promise<string>;
  /** Queues several mails in one statement; returns their ids in the same order. */
  mails(mails: Mail[]): Promise<string[]>;
  /**
   * Mail a SQL function already put in the outbox in this transaction (the message send's
   * send_message): the worker is woken for it after the commit, like mail queued here.
   */
  queued(mails: QueuedMail[]): void;
  /** Publishes a realtime event once the transaction has committed. */
  publish(audience: Audience, event: RealtimeEvent): void;
  /** Writes an audit row in this transaction. */
  audit(entry: AuditEntry): Promise<void>;
}

/** A mail in the outbox, by its id. */
export interface QueuedMail {
  id: string;
  mail: Mail;
}

/**
 * A change that is one statement, atomic on its own: no BEGIN/COMMIT around it (the message
 * send is budgeted at one statement per request, src/server/test/route-costs.ts). What it
 * causes happens once the statement has run, as in `write()`; there is no `mail` or `audit`,
 * which would be a second statement outside any transaction.
 */
export type StatementWork = Pick<Work, 'queued' | 'publish'> & { readonly db: Db };

/** A `Work` as the caller sees it, plus the deps it was opened with (so nested calls join). */
interface OpenWork extends Work {
  readonly deps: WriteDeps;
}

const isWork = (value: WriteDeps | Work): value is OpenWork => 'tx' in value && 'deps' in value;

/**
 * Runs `body` in one transaction and, after it commits, wakes the mail worker for the mail it
 * queued and publishes its events (in the order they were queued). Called with a `Work`
 * instead of deps, it joins that caller's transaction: the caller's commit sends everything.
 */
export async function write<T>(
  depsOrWork: WriteDeps | Work,
  body: (work: Work) => Promise<T>,
): Promise<T> {
  if (isWork(depsOrWork)) return body(depsOrWork);
  const deps = depsOrWork as WriteDeps;
  const effects = afterCommit(deps);
  const result = await deps.db.transaction(async (tx) => {
    const work: OpenWork = {
      tx,
      deps,
      async mail(mail) {
        const id = await enqueueMail(tx, mail);
        effects.queued([{ id, mail }]);
        return id;
      },
      async mails(list) {
        const rows = list.map((mail) => ({ id: newId(), mail }));
        await enqueueMails(tx, rows);
        effects.queued(rows);
        return rows.map((row) => row.id);
      },
      queued: effects.queued,
      publish: effects.publish,
      audit: (entry) => recordAudit(tx, entry),
    };
    return body(work);
  });
  await effects.run();
  return result;
}

/** Runs a one-statement change (see `StatementWork`), then what it caused. */
export async function writeStatement<T>(
  deps: WriteDeps,
  body: (work: StatementWork) => Promise<T>,
): Promise<T> {
  const effects = afterCommit(deps);
  const result = await body({ db: deps.db, queued: effects.queued, publish: effects.publish });
  await effects.run();
  return result;
}

/** What a change causes once it has committed: the mail worker woken, then the events. */
function afterCommit(deps: WriteDeps) {
  const mails: QueuedMail[] = [];
  const events: { audience: Audience; event: RealtimeEvent }[] = [];
  return {
    queued(list: QueuedMail[]) {
      mails.push(...list);
    },
    publish(audience: Audience, event: RealtimeEvent) {
      events.push({ audience, event });
    },
    async run() {
      for (const { id, mail } of mails) deps.mailer.announce(id, mail);
      for (const message of events) await deps.bus.publish(message);
    },
  };
}

/** Writes one audit row with the given writer: call it with the transaction of the change. */
export async function recordAudit(writer: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? 'System',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** Dates as ISO strings, undefined as null: what a JSON column keeps. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value));
}
