/**
 * npm run seed-demo: demo accounts with filled-in profiles, printed with their
 * sign-in details. Safe to run twice (existing accounts are left as they are).
 * Run it while the server is stopped (the embedded database allows one process).
 */
import { eq } from 'drizzle-orm';
import type { Role } from '../src/domain/constants';
import { emptyProfileDetails, type ProfileDetails } from '../src/domain/profile';
import { createAccount } from '../src/server/auth/users';
import { profile, user } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';

const PASSWORD = 'demo-password';

interface DemoUser {
  name: string;
  email: string;
  role: Role;
  details: Partial<ProfileDetails>;
}

const demoUsers: DemoUser[] = [
  {
    name: 'Alex Admin',
    email: 'admin@demo.talentforge.test',
    role: 'admin',
    details: { adminLevel: 'super', department: 'Platform' },
  },
  {
    name: 'Rita Recruiter',
    email: 'rita@demo.talentforge.test',
    role: 'recruiter',
    details: {
      title: 'Senior Technical Recruiter',
      location: 'London',
      bio: 'Hiring engineers who like hard problems.',
      company: {
        name: 'Northwind Labs',
        website: 'https://northwind.example',
        industry: 'Technology',
        size: '51-200',
        description: 'Developer tools for data teams.',
      },
    },
  },
  {
    name: 'Omar Okafor',
    email: 'omar@demo.talentforge.test',
    role: 'recruiter',
    details: {
      title: 'Talent Partner',
      location: 'Berlin',
      company: {
        name: 'Bluebird Health',
        website: 'https://bluebird.example',
        industry: 'Healthcare',
        size: '201-500',
        description: 'Clinics software.',
      },
    },
  },
  {
    name: 'Casey Chen',
    email: 'casey@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Full Stack Developer',
      location: 'Manchester',
      skills: 'TypeScript, React, Node.js, PostgreSQL',
      experience: '3-5',
      bio: 'I build web products end to end.',
      education: 'BSc Computer Science, University of Leeds',
      jobPreferences: {
        jobType: ['full-time'],
        remote: true,
        salary: { min: 55000, max: 75000, currency: 'GBP' },
        location: ['Manchester', 'Remote'],
      },
    },
  },
  {
    name: 'Priya Patel',
    email: 'priya@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Data Scientist',
      location: 'Bristol',
      skills: 'Python, SQL, statistics',
      experience: '1-3',
      jobPreferences: {
        jobType: ['full-time', 'contract'],
        remote: false,
        salary: { min: 45000, max: 60000, currency: 'GBP' },
        location: ['Bristol'],
      },
    },
  },
  {
    name: 'Sam Taylor',
    email: 'sam@demo.talentforge.test',
    role: 'candidate',
    details: { title: 'DevOps Engineer', skills: 'Kubernetes, Terraform, Go', experience: '5-10' },
  },
];

async function main() {
  const env = parseEnv();
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;
  const rows: string[][] = [];
  try {
    for (const demo of demoUsers) {
      const [existing] = await db.select().from(user).where(eq(user.email, demo.email));
      const id =
        existing?.id ??
        (
          await createAccount(services.auth, {
            email: demo.email,
            password: PASSWORD,
            name: demo.name,
            role: demo.role,
          })
        ).id;
      if (!existing) {
        const details = { ...emptyProfileDetails(), ...demo.details };
        await db.insert(profile).values({ userId: id, details }).onConflictDoNothing();
      }
      rows.push([demo.role, demo.name, demo.email, existing ? '(already there)' : PASSWORD]);
    }
  } finally {
    await services.close();
  }
  console.log(`Demo accounts (sign in at ${env.APP_URL}/login):\n`);
  for (const [role, name, email, password] of rows) {
    console.log(`  ${role!.padEnd(10)} ${name!.padEnd(16)} ${email!.padEnd(32)} ${password}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
