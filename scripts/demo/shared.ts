import type { Role } from '../../src/domain/constants';
import type { Services } from '../../src/server/server';

export type { Services };

/** The demo people's ids by e-mail, filled as their accounts are made. */
export type DemoIds = Map<string, string>;

export function actorFor(ids: DemoIds, email: string, name: string, role: Role) {
  return { id: ids.get(email)!, email, name, role };
}

/** Where the demo's mail links point and who sends: what the services themselves use. */
export const writeDeps = (services: Services) => ({
  db: services.database.db,
  bus: services.bus,
  mailer: services.mailer,
  appUrl: services.env.APP_URL,
});

/** The jobs feature's deps: résumés go where the server keeps files (STORAGE_URL or DATA_DIR). */
export const jobsDeps = (services: Services) => ({
  ...writeDeps(services),
  storage: services.storage,
});
