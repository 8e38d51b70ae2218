import type { Page } from '@playwright/test';
import { WEB_ROUTES, type WebRoute } from '../../src/domain/web-routes';
import {
  type Account,
  adminAccount,
  apiClients,
  expect,
  newAccount,
  test,
} from './support/fixtures';
import { E2E } from './support/paths';

/**
 * Every page of the app at 375 px, as each role and in more than one language (issue 31,
 * item 3): no sideways page scroll, no catalogue key on screen, no console error. Cheap on
 * purpose: one page per role, client-side navigation between routes, no axe.
 */

type Who = 'visitor' | 'candidate' | 'recruiter' | 'admin';

/**
 * Which of the route table's pages each role walks. Every route is listed, so a page added
 * to WEB_ROUTES fails here until someone decides who sees it. Pages a role is sent away
 * from (wrong role, signed-in users on Log In) are walked only by the roles that stay.
 */
const WALKED_BY: Record<WebRoute, readonly Who[]> = {
  home: [],
  login: ['visitor'],
  signup: ['visitor'],
  twoFactorChallenge: [],
  twoFactorSetup: ['candidate'],
  resetPassword: ['visitor'],
  newPassword: ['visitor'],
  unauthorized: ['visitor', 'candidate'],
  unsubscribe: ['visitor'],
  careers: ['visitor', 'candidate'],
  careerJob: ['visitor'],
  invitation: ['visitor'],
  profile: ['candidate', 'recruiter', 'admin'],
  candidate: ['candidate'],
  candidateJobs: ['candidate'],
  candidateJob: ['candidate'],
  candidateApplications: ['candidate'],
  recruiter: ['recruiter'],
  postJob: ['recruiter'],
  findCandidates: ['recruiter', 'admin'],
  candidateProfile: ['recruiter', 'admin'],
  listings: ['recruiter'],
  pipeline: ['recruiter'],
  editJob: ['recruiter'],
  results: ['recruiter'],
  recruiterAnalytics: ['recruiter'],
  admin: ['admin'],
  adminUsers: ['admin'],
  adminJobs: ['admin'],
  adminJob: ['admin'],
  adminEditJob: ['admin'],
  auditLog: ['admin'],
  dataManagement: ['admin'],
  integrations: ['admin'],
  adminAnalytics: ['admin'],
  assessments: ['candidate'],
  workspace: ['candidate'],
  messagesInbox: [],
  messages: ['candidate', 'recruiter', 'admin'],
  compose: ['recruiter'],
  conversationLong: [],
  conversation: ['candidate', 'recruiter'],
  // An ad hoc pad of the walk's application (one request): its candidate and recruiter.
  pad: ['candidate', 'recruiter'],
  // Needs an interview: pads.spec.ts opens it from the candidate's side.
  interviewPad: [],
};

/** The views of a page that its address names (tabs): each walked like a page of its own. */
const VIEWS: Partial<Record<WebRoute, string[]>> = {
  recruiter: ['assign', 'results', 'drafts', 'completed', 'library'].map((t) => `?tab=${t}`),
  admin: ['general', 'security', 'departments', 'ai', 'assessments'].map((t) => `?tab=${t}`),
};

/**
 * Problems on screens other branches are fixing this round (issue 31): reported on the test
 * as annotations, not failures, until their fixes land. Remove an entry once it passes.
 */
const KNOWN_ELSEWHERE: Record<string, string> = {};

/** Catalogue-key-looking text: "security.roles.candidate" (three or more dotted parts). */
const KEY_LIKE = /\b[a-z]+(\.[a-zA-Z0-9]+){2,}\b/g;

const clients = apiClients();
const params: Record<string, string> = {};
const accounts: Partial<Record<Who, Account>> = { admin: adminAccount };

test.use({ viewport: { width: 375, height: 740 } });

test.beforeAll(async () => {
  const id = Math.random().toString(36).slice(2, 8);
  const recruiter = newAccount('recruiter', `Wanda Walker ${id}`);
  const candidate = newAccount('candidate', `Konstantin Kandidatenmann ${id}`);
  const rec = await clients(recruiter, 'sign-up');
  const cand = await clients(candidate, 'sign-up');
  // A long title, so the pipeline, listings and cards show how they wrap one.
  const job = await rec.api.post('/api/jobs', {
    data: {
      title: `Senior Full Stack Developer for the Payments Platform Team ${id}`,
      department: 'Engineering',
      locations: ['Berlin'],
      country: 'DE',
      workplaceType: 'hybrid',
      jobType: 'full-time',
      experience: '3-5',
      description:
        '## About the role\n\nJoin the team.\n\n## What you will do\n\n- Ship features\n- Review code',
      status: 'published',
    },
  });
  expect(job.status(), await job.text()).toBe(201);
  const jobId = ((await job.json()) as { id: string }).id;
  const applied = await cand.api.post(`/api/jobs/${jobId}/applications`, {
    multipart: { coverLetter: 'Hello' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: string }).id;
  // The longest stage name (German "Vorstellungsgespräch") on the pipeline's badge.
  const moved = await rec.api.post(`/api/jobs/${jobId}/applications/move`, {
    data: { applicationIds: [applicationId], stage: 'interview' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const pad = await rec.api.post('/api/pads', { data: { applicationId } });
  expect(pad.status(), await pad.text()).toBe(201);
  const conversation = await rec.api.post('/api/conversations', {
    data: { recipientIds: [cand.id], subject: `Walk ${id}`, message: 'Hello there.' },
  });
  expect(conversation.status(), await conversation.text()).toBe(201);
  Object.assign(params, {
    jobId,
    jobSlug: `walk-${jobId}`,
    candidateId: cand.id,
    conversationId: ((await conversation.json()) as { id: string }).id,
    padId: ((await pad.json()) as { id: string }).id,
    token: 'no-such-token',
    assessmentId: '',
  });
  Object.assign(accounts, { candidate, recruiter });
});

/** A route's path with its parameters filled in (an optional one left out when empty). */
function pathOf(route: WebRoute): string {
  return WEB_ROUTES[route]
    .replace(/:(\w+)\?/g, (_, name: string) => params[name] ?? '')
    .replace(/:(\w+)/g, (_, name: string) => params[name] as string)
    .replace(/\/$/, '');
}

/** Client-side navigation: react-router follows popstate like the Back button. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the screen is the new route's, whole: the lazy screen and its data fetched (no
 * request in flight: a screen still loading keeps the old one on view), a heading, nothing
 * moving, and no spinner left.
 */
async function settled(page: Page, inFlight: () => number) {
  await expect.poll(inFlight).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await expect.poll(inFlight).toBe(0);
  await expect(page.locator('h1').first()).toBeVisible();
  // A panel still sliding open measures narrower than it is.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            // Spinners and skeleton pulses run for ever: only what will end counts.
            .filter(
              (a) =>
                a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
  await expect(
    page.locator('[role="status"] .mantine-Loader-root, .mantine-Skeleton-root[data-visible]'),
  ).toHaveCount(0);
}

/**
 * What is wrong with the page as it stands: sideways page overflow (naming the elements that
 * stick out), a region that scrolls sideways with no cue that it does (ResponsiveTable's
 * scrolling form carries data-scroll-cue), a badge, tab, button or segmented-control label or
 * a placeholder cut short, a required field's label without its mark, and text that looks
 * like a catalogue key.
 */
function problemsOnPage(page: Page) {
  return page.evaluate((keyLike) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const name = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ''}> "${text}"`;
    };
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > width) {
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== 'visible') return true;
        }
        return false;
      };
      // The outermost elements that stick out: their parents still fit.
      const out = [...document.body.querySelectorAll('*')].filter((el) => {
        const right = el.getBoundingClientRect().right;
        const parent = el.parentElement;
        const parentFits = !parent || parent.getBoundingClientRect().right <= width + 0.5;
        return right > width + 0.5 && parentFits && !clipped(el);
      });
      problems.push(
        `page is ${scroller.scrollWidth} px wide at ${width} px: ${out.slice(0, 3).map(name).join(', ')}`,
      );
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('[data-scroll-cue], .cm-editor, textarea, pre')) continue;
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        problems.push(`scrolls sideways with no cue: ${name(el)}`);
      }
    }
    // Text kept for screen readers only (clipped to nothing on purpose) is not cut.
    const srOnly = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        if (getComputedStyle(a).clipPath !== 'none') return true;
      }
      return false;
    };
    const labels = [
      '.mantine-Badge-label',
      '.mantine-Tabs-tabLabel',
      '.mantine-Button-label',
      '.mantine-SegmentedControl-label',
      'label',
    ].join(', ');
    for (const el of document.body.querySelectorAll(labels)) {
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !srOnly(el)) {
        problems.push(`label cut short: ${name(el)}`);
      }
    }
    // A segmented control clips what does not fit (overflow: hidden): its options wider than
    // its box means a label the reader cannot see whole, even when each label fits itself.
    for (const el of document.body.querySelectorAll('.mantine-SegmentedControl-root')) {
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        problems.push(`segmented control cut short: ${name(el)}`);
      }
    }
    // A placeholder wider than its field shows cut ("Name des Kandidaten oder Titel des Assessm").
    const measure = document.createElement('canvas').getContext('2d');
    for (const el of document.body.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!measure || el.value !== '' || el.clientWidth === 0) continue;
      const style = getComputedStyle(el);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (measure.measureText(el.placeholder).width > room + 1) {
        problems.push(`placeholder cut short: "${el.placeholder}"`);
      }
    }
    // A link of one word split over two lines ("ログ / イン": Japanese breaks between kana).
    for (const el of document.body.querySelectorAll('a')) {
      const text = (el as HTMLElement).innerText.trim();
      if (text !== '' && text.length <= 24 && !/\s/.test(text) && el.getClientRects().length > 1) {
        problems.push(`one-word link broken across lines: ${name(el)}`);
      }
    }
    // A required field's label carries the mark, Mantine's own or the one drawn after it.
    for (const el of document.body.querySelectorAll('.mantine-InputWrapper-label')) {
      const root = el.parentElement;
      if (!root?.querySelector(':is(input, textarea, select)[required]')) continue;
      const drawn = getComputedStyle(el, '::after').content.includes('*');
      if (!el.querySelector('.mantine-InputWrapper-required') && !drawn) {
        problems.push(`required field without its mark: ${name(el)}`);
      }
    }
    // File names (the workspace's auth.service.ts) look like keys too: not ours to report.
    const fileName = /\.(?:[cm]?[jt]sx?|json|md|py|java|go|rs|css|html|txt|ya?ml|sh|pdf)$/;
    const keys = (document.body.innerText.match(new RegExp(keyLike, 'g')) ?? []).filter(
      (k) => !fileName.test(k),
    );
    if (keys.length > 0)
      problems.push(`catalogue keys on screen: ${[...new Set(keys)].join(', ')}`);
    return problems;
  }, KEY_LIKE.source);
}

const ROLES: Who[] = ['visitor', 'candidate', 'recruiter', 'admin'];
/**
 * English and German (the longest words) for every role; Japanese for the recruiter, whose
 * tables and dashboard are the densest screens, and the visitor (line breaks between kana).
 * Each walk costs about ten seconds of CI time.
 */
const WALKS: [locale: string, roles: Who[]][] = [
  ['en-US', ROLES],
  ['de-DE', ROLES],
  ['ja-JP', ['visitor', 'recruiter']],
];

for (const [locale, roles] of WALKS) {
  test.describe(locale, () => {
    test.use({ locale });
    for (const who of roles) {
      test(`every page of the ${who} fits 375 px and shows no key or console error`, async ({
        page,
      }) => {
        const errors: string[] = [];
        page.on('console', (m) => {
          // The made-up token's 400 or 404 is the answer those two pages exist to explain; it
          // may arrive after the walk moved on, so the failed resource's address counts too.
          const token = params.token as string;
          const expected =
            (page.url().includes(token) || m.location().url.includes(token)) &&
            /\b40[04]\b/.test(m.text());
          if (m.type() === 'error' && !expected) errors.push(`${page.url()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
        let inFlight = 0;
        page.on('request', () => {
          inFlight += 1;
        });
        const done = () => {
          inFlight -= 1;
        };
        page.on('requestfinished', done);
        page.on('requestfailed', done);
        const account = accounts[who];
        if (account) {
          const res = await page.request.post('/api/auth/sign-in/email', {
            data: { email: account.email, password: account.password },
            headers: { Origin: E2E.baseUrl },
          });
          expect(res.status(), await res.text()).toBe(200);
        }
        const paths = (Object.keys(WALKED_BY) as WebRoute[])
          .filter((r) => WALKED_BY[r].includes(who))
          .flatMap((r) => [pathOf(r), ...(VIEWS[r] ?? []).map((v) => pathOf(r) + v)]);
        const problems: string[] = [];
        await page.goto(paths[0] as string);
        for (const path of paths) {
          await navigate(page, path);
          await settled(page, () => inFlight);
          let found = await problemsOnPage(page);
          // A layout caught between two frames (a panel sizing itself) is fine a moment
          // later; a real problem is still there.
          if (found.length > 0) {
            await page.waitForTimeout(500);
            found = await problemsOnPage(page);
          }
          if (KNOWN_ELSEWHERE[path] && found.length > 0) {
            test
              .info()
              .annotations.push({ type: 'known elsewhere', description: found.join('; ') });
          } else {
            for (const p of found) problems.push(`${path}: ${p}`);
          }
        }
        expect([...problems, ...errors]).toEqual([]);
      });
    }
  });
}
