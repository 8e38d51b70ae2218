import { EventEmitter } from 'node:events';
import postgres from 'postgres';
import type { RealtimeEvent } from '../../domain/assessments';
import type { Role } from '../../domain/constants';
import type { Logger } from '../lib/logger';

/** Who should hear about a change: given users, and/or everyone with a role. */
export interface Audience {
  userIds?: string[];
  roles?: Role[];
}

/**
 * Server-side only: some sessions may have ended (sign-out, ban, password
 * change). Every hub re-checks its sockets' sessions; no browser hears it.
 */
export interface SessionsChanged {
  type: 'sessions.changed';
}

/**
 * Server-side only: an admin changed the settings; every server forgets what it kept of
 * them (the public config's default language). No browser hears it.
 */
export interface SettingsChanged {
  type: 'settings.changed';
}

export const SETTINGS_CHANGED: BusMessage = { audience: {}, event: { type: 'settings.changed' } };

/**
 * Server-side only: live pads between servers (docs/decisions/031). An update is named by its
 * seq (the bytes are read from the database: NOTIFY carries at most 8000 bytes); presence is
 * small and travels whole. `origin` is the sending server, which has delivered it already.
 */
export type PadSignal =
  | { type: 'pad.update'; padId: string; seq: number; origin: string }
  | { type: 'pad.awareness'; padId: string; update: string; origin: string }
  | { type: 'pad.ended'; padId: string }
  | { type: 'pad.run'; padId: string; runId: string }
  /** A piece of a running run's output: `offset` is where it starts in the run's streamed text. */
  | { type: 'pad.output'; padId: string; runId: string; offset: number; text: string };

/**
 * Server-side only: what a running AI review is doing now (docs/decisions/030), so that every
 * server answers a reviewer with the same step; '' when it ended. `origin` is the server that
 * runs it, which keeps its own steps already. No browser hears it (the panel asks).
 */
export interface AiProgressSignal {
  type: 'ai.progress';
  reviewId: string;
  step: string;
  origin: string;
}

export interface BusMessage {
  audience: Audience;
  event: RealtimeEvent | SessionsChanged | SettingsChanged | PadSignal | AiProgressSignal;
}

/**
 * Carries "something changed" messages between server processes. Services
 * publish after their transaction commits; every process delivers to its own
 * sockets. On PostgreSQL it is LISTEN/NOTIFY, so servers behind a load
 * balancer all hear every event; the embedded database has one process.
 */
export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'talentforge_events';

export async function postgresBus(url: string, logger: Logger): Promise<EventBus> {
  // No type lookup on connect: its un-awaited query crashes the process on a dropped connection.
  const sql = postgres(url, { max: 1, onnotice: () => {}, fetch_types: false });
  const local = memoryBus();
  await sql.listen(CHANNEL, (payload) => {
    try {
      void local.publish(JSON.parse(payload) as BusMessage);
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed realtime notification');
    }
  });
  return {
    async publish(message) {
      await sql.notify(CHANNEL, JSON.stringify(message));
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await sql.end({ timeout: 5 });
    },
  };
}
