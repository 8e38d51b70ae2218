/**
 * npm run create-admin -- --email E --password P --name N
 * The only way to make an admin: self sign-up never can.
 */
import { parseArgs } from 'node:util';
import { createAccount } from '../src/server/auth/users';
import { parseEnv } from '../src/server/env';
import { appUrlForTools } from '../src/server/lib/app-url-file';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';

const usage = 'Usage: npm run create-admin -- --email E --password P --name N';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (!values.email || !values.password || !values.name) {
    console.error(usage);
    process.exit(2);
  }
  const env = parseEnv();
  const services = await createServices(env, createLogger('warn'));
  try {
    const user = await createAccount(services.auth, {
      email: values.email,
      password: values.password,
      name: values.name,
      role: 'admin',
    });
    console.log(`Admin ${user.email} created. Sign in at ${appUrlForTools(env)}/login`);
  } finally {
    await services.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
