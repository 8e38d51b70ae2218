import { Hono } from 'hono';
import {
  CAREERS_TEXTS,
  careerJobId,
  escapeHtml,
  jobPostingJsonLd,
  jsonForScript,
  type PublicJob,
  type PublicJobCard,
  plainDescription,
} from '../../../domain/careers';
import {
  type Language,
  LOCALES,
  parseAcceptLanguage,
  pickLanguage,
} from '../../../domain/languages';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/http';
import { careersTexts, mailDate } from '../../mail/i18n';
import { adminDefaultLanguage } from '../../mail/recipient-language';
import { type CareersDeps, getCareerJob, listCareerJobs, sitemapJobs } from './careers.service';

/**
 * The careers site's pages as the server sends them (issue 22, item 1): the app's index.html
 * with the page's title, description, canonical address, OpenGraph tags, JobPosting JSON-LD and
 * its content already in #root, so search engines and visitors without JavaScript read the job;
 * the app then takes over the same page (docs/decisions/024). Everything written into the HTML
 * is escaped here; the JSON-LD through jsonForScript.
 */
export interface CareersPagesDeps extends CareersDeps {
  appUrl: string;
  /** The app's index.html (the built one, or a bare shell in API-only tests). */
  shell: () => Promise<string>;
  /**
   * The shell of a job's page: the built careers-job.html, whose tiny entry loads the app only
   * when the visitor acts (the job is in the HTML already); `shell` when absent.
   */
  jobShell?: () => Promise<string>;
}

/** The shell when no web app is built (API tests): the same landmarks as src/web/index.html. */
export const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="" />
    <title>TalentForge</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

interface PageParts {
  title: string;
  description: string;
  /** The canonical address (absolute); none on a 404. */
  canonical: string | null;
  /** The site's address (no trailing slash): the share card's URL is absolute. */
  origin: string;
  head?: string;
  body: string;
}

/**
 * Minimal styles for the page before the app (or without it): readable, nothing more. A job's
 * page loads neither the app nor its styles until the visitor acts (docs/decisions/024).
 */
const STYLE = `<style>body{margin:0}.careers-ssr{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1b1e}.careers-ssr a{color:#364fc7}.careers-ssr .meta{color:#495057}.careers-ssr .apply{display:inline-block;padding:.5rem 1.25rem;border-radius:.25rem;background:#364fc7;color:#fff;font-weight:600;text-decoration:none}.careers-ssr .account{display:flex;justify-content:flex-end;gap:.375rem;margin:0;min-height:1.5em;font-size:.875rem;color:#495057}.careers-ssr .account span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.careers-ssr .account a{flex:none}.careers-ssr .account[data-pending]{visibility:hidden}</style>`;

/** The share card (src/web/public/og-card.png), at the size Open Graph and X recommend. */
export const SHARE_CARD = { path: '/og-card.png', width: 1200, height: 630 } as const;

/** A session cookie is there (unverified: a hint that the light page asks who is signed in). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=[^;\s]/;

/**
 * The light job page's account line for a visitor who seems signed in: invisible (its line
 * kept, so showing it moves nothing) until careers-job.ts has asked /api/auth/get-session
 * and filled in the name (`%NAME%`).
 */
function accountCorner(language: Language): string {
  const t = careersTexts(language);
  return `<p id="tf-account" class="account" data-pending data-template="${escapeHtml(t('signedInAs', { name: '%NAME%' }))}"><span></span><span aria-hidden="true">·</span><a href="/">${escapeHtml(t('dashboard'))}</a></p>`;
}

export function renderPage(shell: string, parts: PageParts, language: Language = 'en'): string {
  const title = escapeHtml(parts.title);
  const description = escapeHtml(parts.description);
  const head = [
    parts.canonical ? `<link rel="canonical" href="${escapeHtml(parts.canonical)}" />` : '',
    parts.canonical ? '' : '<meta name="robots" content="noindex" />',
    `<meta property="og:site_name" content="TalentForge" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    parts.canonical ? `<meta property="og:url" content="${escapeHtml(parts.canonical)}" />` : '',
    // A shared link shows a card: the image we serve from the web app's public files.
    `<meta property="og:image" content="${escapeHtml(`${parts.origin}${SHARE_CARD.path}`)}" />`,
    `<meta property="og:image:width" content="${SHARE_CARD.width}" />`,
    `<meta property="og:image:height" content="${SHARE_CARD.height}" />`,
    `<meta property="og:image:alt" content="TalentForge" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(`${parts.origin}${SHARE_CARD.path}`)}" />`,
    parts.head ?? '',
    // In the head: a <style> in the body is invalid HTML (the W3C checker refuses it).
    STYLE,
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replacement functions: a `$` in a job's text is never read as a pattern.
  return shell
    .replace(/<html lang="[^"]*"/, () => `<html lang="${LOCALES[language]}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root"><div class="careers-ssr">${parts.body}</div></div>`,
    );
}

/** A Markdown description as escaped paragraphs and headings (no HTML from the text). */
export function descriptionHtml(markdown: string): string {
  const plain = (text: string) => escapeHtml(text.replace(/[*_`]+/g, ''));
  return markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .flatMap((block) => {
      // A heading is its own line: the lines after it in the same block are a paragraph.
      const html: string[] = [];
      let paragraph: string[] = [];
      const endParagraph = () => {
        if (paragraph.length > 0) html.push(`<p>${paragraph.join('<br />')}</p>`);
        paragraph = [];
      };
      for (const line of block.split('\n')) {
        const heading = /^\s*#{1,6}\s+(.*)$/.exec(line);
        if (heading) {
          endParagraph();
          html.push(`<h2>${plain(heading[1]!)}</h2>`);
        } else {
          paragraph.push(plain(line.replace(/^\s*([-*+]|\d+\.)\s+/, '• ')));
        }
      }
      endParagraph();
      return html;
    })
    .join('\n');
}

/** The job's facts on one line, in the page's language: company, place, type, salary. */
function metaLine(
  j: Pick<
    PublicJob,
    | 'companyName'
    | 'department'
    | 'locations'
    | 'workplaceType'
    | 'jobType'
    | 'salaryMin'
    | 'salaryMax'
    | 'currency'
  >,
  language: Language,
): string {
  const t = careersTexts(language);
  return [
    j.companyName,
    j.department,
    j.locations.join(', '),
    t(`workplace.${j.workplaceType}`),
    t(`jobType.${j.jobType}`),
    salaryText(j, language),
  ]
    .filter(Boolean)
    .join(' · ');
}

function salaryText(
  j: Pick<PublicJob, 'salaryMin' | 'salaryMax' | 'currency'>,
  language: Language,
): string | null {
  const t = careersTexts(language);
  const money = (n: number) =>
    new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: j.currency,
      maximumFractionDigits: 0,
    }).format(n);
  if (j.salaryMin !== null && j.salaryMax !== null)
    return t('salaryRange', { min: money(j.salaryMin), max: money(j.salaryMax) });
  if (j.salaryMin !== null) return t('salaryFrom', { min: money(j.salaryMin) });
  if (j.salaryMax !== null) return t('salaryUpTo', { max: money(j.salaryMax) });
  return null;
}

function jobBody(j: PublicJob, language: Language, signedIn = false): string {
  const t = careersTexts(language);
  const posted = t('posted', { date: mailDate(j.publishedAt ?? '', language) });
  const closes = j.closingDate
    ? ` · ${t('closes', { date: mailDate(j.closingDate, language) })}`
    : '';
  return `${signedIn ? accountCorner(language) : ''}<main id="main-content"><article>
<p><a href="/careers">${escapeHtml(t('allJobs'))}</a></p>
<h1>${escapeHtml(j.title)}</h1>
<p class="meta">${escapeHtml(metaLine(j, language))}</p>
<p class="meta">${escapeHtml(posted + closes)}</p>
<section aria-label="${escapeHtml(t('descriptionLabel'))}">${descriptionHtml(j.description)}</section>
<p><a class="apply" href="${escapeHtml(j.path)}#apply">${escapeHtml(t('apply'))}</a></p>
</article></main>`;
}

function listBody(items: PublicJobCard[], language: Language): string {
  const t = careersTexts(language);
  const list = items
    .map(
      (j) =>
        `<li><h2><a href="${escapeHtml(j.path)}">${escapeHtml(j.title)}</a></h2><p class="meta">${escapeHtml(metaLine(j, language))}</p><p>${escapeHtml(j.excerpt)}</p></li>`,
    )
    .join('\n');
  return `<main id="main-content"><h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('description'))}</p>
<ul>${list}</ul></main>`;
}

function notFoundBody(message: string, language: Language): string {
  return `<main id="main-content"><h1>${escapeHtml(message)}</h1>
<p><a href="/careers">${escapeHtml(careersTexts(language)('seeOthers'))}</a></p></main>`;
}

const xmlEscape = escapeHtml;

export function careersPages(deps: CareersPagesDeps) {
  const app = new Hono<AppEnv>();
  const origin = deps.appUrl.replace(/\/+$/, '');

  /**
   * A visitor has no account to have chosen a language: the page is written in the first of
   * their browser's languages we have, else the admin's default (the app, once it takes
   * over, does the same). Caches keep one copy per language.
   */
  const languageOf = async (header: string | undefined) =>
    pickLanguage(parseAcceptLanguage(header), await adminDefaultLanguage(deps.db));

  app.get('/careers', async (c) => {
    const language = await languageOf(c.req.header('accept-language'));
    const t = careersTexts(language);
    const page = await listCareerJobs(deps, {});
    c.header('Vary', 'Accept-Language');
    return c.html(
      renderPage(
        await deps.shell(),
        {
          title: `${t('title')} · TalentForge`,
          description: t('description'),
          canonical: `${origin}/careers`,
          origin,
          body: listBody(page.items, language),
        },
        language,
      ),
      200,
    );
  });

  app.get('/careers/:segment', async (c) => {
    const segment = c.req.param('segment');
    const id = careerJobId(segment);
    const language = await languageOf(c.req.header('accept-language'));
    const t = careersTexts(language);
    // A job's page differs for a visitor with a session cookie (the account corner).
    c.header('Vary', 'Accept-Language, Cookie');
    const missing = async (english: string) => {
      const message =
        english === CAREERS_TEXTS.noLongerOpen
          ? t('noLongerOpen')
          : english === CAREERS_TEXTS.notFound
            ? t('notFound')
            : english;
      return c.html(
        renderPage(
          await deps.shell(),
          {
            title: `${message} · TalentForge`,
            description: message,
            canonical: null,
            origin,
            body: notFoundBody(message, language),
          },
          language,
        ),
        404,
      );
    };
    if (!id) return missing(CAREERS_TEXTS.notFound);
    let j: PublicJob;
    try {
      j = await getCareerJob(deps, id);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return missing(error.message);
      throw error;
    }
    // One address per job: an old or made-up slug is sent to the current one.
    if (`/careers/${segment}` !== j.path) return c.redirect(j.path, 301);
    const canonical = `${origin}${j.path}`;
    const description = plainDescription(j, 160);
    const title = j.companyName
      ? t('titleAt', { title: j.title, company: j.companyName })
      : j.title;
    return c.html(
      renderPage(
        await (deps.jobShell ?? deps.shell)(),
        {
          title: `${title} · TalentForge`,
          description,
          canonical,
          origin,
          head: [
            '<meta property="og:type" content="website" />',
            `<script type="application/ld+json">${jsonForScript({
              ...jobPostingJsonLd(j, origin),
              // Google asks for HTML: the description's paragraphs and headings, escaped.
              description: descriptionHtml(j.description),
            })}</script>`,
          ].join('\n    '),
          body: jobBody(j, language, SESSION_COOKIE.test(c.req.header('cookie') ?? '')),
        },
        language,
      ),
      200,
    );
  });

  app.get('/sitemap.xml', async (c) => {
    const jobs = await sitemapJobs(deps);
    const urls = [
      `<url><loc>${xmlEscape(`${origin}/careers`)}</loc></url>`,
      ...jobs.map(
        (j) =>
          `<url><loc>${xmlEscape(`${origin}${j.path}`)}</loc><lastmod>${j.updatedAt}</lastmod></url>`,
      ),
    ];
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      200,
      { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    );
  });

  app.get('/robots.txt', (c) =>
    c.body(
      `User-agent: *\nAllow: /careers\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`,
      200,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    ),
  );

  return app;
}
