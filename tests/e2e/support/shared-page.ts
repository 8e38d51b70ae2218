import type {
  Browser,
  BrowserContext,
  Dialog,
  Page,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  TestInfo,
  ViewportSize,
} from '@playwright/test';

/**
 * One browser context and page per worker, handed from journey to journey (decision 018,
 * "Session 14"). Debian's Chromium starts a window's renderers afresh with every new
 * context: ~1.4 CPU-s for a context and its first page load, against ~0.4 for the next
 * journey's load in a page kept open. Between journeys the page leaves the app for a
 * static file of the same origin (the renderer stays), and everything a journey can leave
 * behind is cleared: cookies, local and session storage, permissions, routes, listeners,
 * the offline flag, other pages. The HTTP cache stays, as a returning user's would.
 */
export interface JourneyPage {
  context: BrowserContext;
  /** The shared page; undefined for a fresh context (its page is made when asked for). */
  page?: Page;
}

/** Emitters' listeners by event, to take off those a journey added. */
type Listeners = Map<string | symbol, unknown[]>;
/** Page and BrowserContext are Node-style emitters; their public types leave these out. */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}
const emitter = (of: Page | BrowserContext) => of as unknown as Emitter;

function listenersOf(of: Emitter): Listeners {
  return new Map(of.eventNames().map((name) => [name, [...of.rawListeners(name)]]));
}

function restoreListeners(of: Emitter, before: Listeners) {
  for (const name of of.eventNames()) {
    const kept = before.get(name) ?? [];
    for (const listener of of.rawListeners(name)) {
      if (!kept.includes(listener)) of.removeListener(name, listener);
    }
  }
}

interface Shared {
  /** The context options it was made with (locale, baseURL, …): another set needs another. */
  key: string;
  context: BrowserContext;
  page: Page;
}

export class SharedPages {
  private current: Shared | undefined;
  private listeners: { page: Listeners; context: Listeners } | undefined;

  /**
   * The worker's page for a journey with these context options, made with the journey's
   * options (Playwright applies them to every context a journey makes) when there is none
   * or it was made with other options.
   */
  async take(browser: Browser, key: string, viewport: ViewportSize | null): Promise<JourneyPage> {
    if (this.current && (this.current.key !== key || this.current.page.isClosed())) {
      await this.discard();
    }
    if (!this.current) {
      const context = await browser.newContext();
      this.current = { key, context, page: await context.newPage() };
    }
    const { context, page } = this.current;
    const size = page.viewportSize();
    if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) {
      await page.setViewportSize(viewport);
    }
    this.listeners = {
      page: listenersOf(emitter(page)),
      context: listenersOf(emitter(context)),
    };
    return { context, page };
  }

  /**
   * Clears what the journey left: it leaves the app for a static file of its origin (the
   * app's unload handlers run, as they would for a user leaving), then the cookies and
   * storage go. A journey that failed leaves its context to be closed instead.
   */
  async release(origin: string, passed: boolean) {
    const shared = this.current;
    if (!shared) return;
    if (!passed) return this.discard();
    const { context, page } = shared;
    try {
      for (const other of context.pages()) if (other !== page) await other.close();
      if (this.listeners) {
        restoreListeners(emitter(page), this.listeners.page);
        restoreListeners(emitter(context), this.listeners.context);
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(false);
      await context.clearPermissions();
      // A workspace with unsaved edits asks before the page is left: a user leaving says yes.
      const leave = (dialog: Dialog) =>
        dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss();
      page.on('dialog', leave);
      try {
        await page.goto(new URL('/robots.txt', origin).href);
      } finally {
        page.off('dialog', leave);
      }
      await context.clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    } catch {
      // Whatever could not be cleared is not handed on: the next journey gets a new context.
      await this.discard();
    }
  }

  async discard() {
    const shared = this.current;
    this.current = undefined;
    await shared?.context.close().catch(() => {});
  }
}

/** The worker's shared pages, closed with the worker. */
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
export const sharedPagesFixture = async ({}, use: (pages: SharedPages) => Promise<void>) => {
  const pages = new SharedPages();
  await use(pages);
  await pages.discard();
};

type JourneyPageArgs = Pick<PlaywrightWorkerArgs, 'browser'> &
  PlaywrightTestOptions & { sharedPages: SharedPages; freshContext: boolean };

/**
 * A journey's context and page: the worker's shared ones, or a fresh context when the
 * journey asks for one (`freshContext`) or is a retry.
 */
export const journeyPageFixture = async (
  {
    browser,
    sharedPages,
    freshContext,
    viewport,
    baseURL,
    locale,
    storageState,
    colorScheme,
    timezoneId,
    permissions,
    extraHTTPHeaders,
    javaScriptEnabled,
    offline,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    httpCredentials,
    geolocation,
    ignoreHTTPSErrors,
    bypassCSP,
    acceptDownloads,
    contextOptions,
  }: JourneyPageArgs,
  use: (page: JourneyPage) => Promise<void>,
  testInfo: TestInfo,
) => {
  // Contexts a journey opens itself (a second user's browser) are closed after it:
  // Playwright leaves them open until the worker ends, their app ticking all along.
  const before = new Set(browser.contexts());
  const closeOpenedBy = (kept?: BrowserContext) =>
    Promise.allSettled(
      browser
        .contexts()
        .filter((c) => !before.has(c) && c !== kept)
        .map((c) => c.close()),
    );
  // A retry runs as the journey did before contexts were shared: a failure that comes
  // from sharing passes there, and its trace is a whole context's.
  if (freshContext || testInfo.retry > 0 || !baseURL) {
    // Playwright gives every context a journey makes the journey's options.
    await use({ context: await browser.newContext() });
    await closeOpenedBy();
    return;
  }
  // What a context is made with and a page cannot change (the viewport it can).
  const key = JSON.stringify({
    baseURL,
    locale,
    storageState,
    colorScheme,
    timezoneId,
    permissions,
    extraHTTPHeaders,
    javaScriptEnabled,
    offline,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    httpCredentials,
    geolocation,
    ignoreHTTPSErrors,
    bypassCSP,
    acceptDownloads,
    contextOptions,
  });
  const shared = await sharedPages.take(browser, key, viewport);
  await use(shared);
  await closeOpenedBy(shared.context);
  await sharedPages.release(
    baseURL,
    testInfo.errors.length === 0 && testInfo.status !== 'timedOut',
  );
};
