import type { Role } from '../../src/domain/constants';
import type { Language } from '../../src/domain/languages';
import type { ProfileDetails } from '../../src/domain/profile';

export const PASSWORD = 'demo-password';

export interface DemoUser {
  name: string;
  email: string;
  role: Role;
  /** The language they chose (screens and mail); none: the admin's default (English). */
  language?: Language;
  details: Partial<ProfileDetails>;
}

export const demoUsers: DemoUser[] = [
  {
    name: 'Alex Admin',
    email: 'admin@demo.talentforge.test',
    role: 'admin',
    details: { adminLevel: 'super', department: 'Engineering' },
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
      skills: 'Python, SQL, Statistics, Pandas',
      experience: '1-3',
      bio: 'Turns messy data into forecasts people trust.',
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
    details: {
      title: 'DevOps Engineer',
      location: 'Edinburgh',
      skills: 'Kubernetes, Terraform, Go, AWS',
      experience: '5-10',
      bio: 'Keeps platforms boring: automated, observable, cheap.',
      jobPreferences: {
        jobType: ['full-time', 'contract'],
        remote: true,
        salary: { min: null, max: null, currency: 'GBP' },
        location: ['Edinburgh', 'Glasgow'],
      },
    },
  },
];

const prefs = (
  jobType: ProfileDetails['jobPreferences']['jobType'],
  remote: boolean,
  location: string[],
): ProfileDetails['jobPreferences'] => ({
  jobType,
  remote,
  salary: { min: null, max: null, currency: 'EUR' },
  location,
});

/** More candidates, so that Find Candidates has something to rank and filter. */
export const searchDemoCandidates: DemoUser[] = [
  {
    name: 'Lena Fischer',
    email: 'lena@demo.talentforge.test',
    role: 'candidate',
    language: 'de',
    details: {
      title: 'Senior Frontend Engineer',
      location: 'Berlin',
      skills: 'React, TypeScript, CSS, Accessibility, Vite',
      experience: '5-10',
      bio: 'Design systems and accessible interfaces for banking apps.',
      jobPreferences: prefs(['full-time', 'contract'], true, ['Berlin', 'Hamburg']),
    },
  },
  {
    name: 'Mateo Garcia',
    email: 'mateo@demo.talentforge.test',
    role: 'candidate',
    language: 'es',
    details: {
      title: 'Backend Developer',
      location: 'Madrid',
      skills: 'Java, Spring Boot, Kafka, PostgreSQL',
      experience: '3-5',
      bio: 'Event-driven payment services.',
      jobPreferences: prefs(['full-time'], false, ['Madrid']),
    },
  },
  {
    name: 'Aisha Bello',
    email: 'aisha@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Mobile Developer',
      location: 'Lagos',
      skills: 'Kotlin, Swift, Flutter, Firebase',
      experience: '1-3',
      bio: 'Shipped three fintech apps with a million downloads between them.',
      jobPreferences: prefs(['full-time', 'contract'], true, []),
    },
  },
  {
    name: 'Noah Williams',
    email: 'noah@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Machine Learning Engineer',
      location: 'Toronto',
      skills: 'Python, PyTorch, Kubernetes, SQL',
      experience: '10+',
      bio: 'Recommendation systems at scale; mentors junior engineers.',
      jobPreferences: prefs(['full-time'], true, ['Toronto', 'Montreal']),
    },
  },
  {
    name: 'Mia Rossi',
    email: 'mia@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Junior QA Engineer',
      location: 'Milan',
      skills: 'Playwright, Cypress, JavaScript, TypeScript',
      experience: '0-1',
      bio: 'Automates the tests nobody wants to run by hand.',
      jobPreferences: prefs(['internship', 'part-time'], false, ['Milan']),
    },
  },
  {
    name: 'Jonas Berg',
    email: 'jonas@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Systems Programmer',
      location: 'Stockholm',
      skills: 'Rust, Go, Linux',
      experience: '5-10',
      bio: 'Not looking right now: hidden from Find Candidates.',
      discoverable: false,
      jobPreferences: prefs(['full-time'], true, []),
    },
  },
  {
    name: 'Camille Martin',
    email: 'camille@demo.talentforge.test',
    role: 'candidate',
    language: 'fr',
    details: {
      title: 'Backend Engineer',
      location: 'Lyon',
      skills: 'TypeScript, Node.js, PostgreSQL, Docker',
      experience: '3-5',
      bio: 'APIs that stay simple as they grow.',
      jobPreferences: prefs(['full-time'], true, ['Lyon', 'Paris']),
    },
  },
  {
    name: 'Yuki Tanaka',
    email: 'yuki@demo.talentforge.test',
    role: 'candidate',
    language: 'ja',
    details: {
      title: 'Software Engineer',
      location: 'Tokyo',
      skills: 'TypeScript, Go, gRPC, Kubernetes',
      experience: '3-5',
      bio: 'Reliable services and clear code reviews.',
      jobPreferences: prefs(['full-time'], true, ['Tokyo']),
    },
  },
];
