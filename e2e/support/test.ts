import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Every journey imports `test` from here. Each page it opens is watched:
 * - console errors and uncaught page errors fail the test;
 * - axe checks every screen the journey visits (after each URL change, client-side ones included, once
 *   the screen has settled, and once more at the end): serious and critical violations fail the test.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** How long a screen may take to settle before it is checked as it is. */
const SETTLE_LIMIT_MS = 15_000;
/** A settled screen: no loader, no running transition, and no DOM change for this long. */
const QUIET_MS = 250;

interface Finding {
  rule: string;
  impact: string;
  help: string;
  url: string;
  targets: string[];
}

/** Watches one page: its console, its errors, and an axe check of each screen. */
class ScreenWatch {
  readonly problems: string[] = [];
  readonly findings = new Map<string, Finding>();
  /** Screens checked, time spent settling and checking, and screens checked unsettled, for the report. */
  scans = 0;
  busyMs = 0;
  readonly unsettled: string[] = [];
  private dirty = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly page: Page,
    private readonly label: string,
  ) {
    watchOf.set(page, this);
    gateActions(page);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      if (this.isExpectedRefusal(message.text(), where)) return;
      this.problems.push(`console error on ${this.path()}: ${message.text()}${where ? ` (${where})` : ''}`);
    });
    page.on('pageerror', (error) => {
      this.problems.push(`uncaught error on ${this.path()}: ${error.stack ?? error.message}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.requestScan();
    });
  }

  /** Asks for a check of the current screen; one runs at a time, and a change meanwhile asks for another. */
  requestScan(): void {
    if (!/^https?:/.test(this.page.url())) return;
    this.dirty = true;
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Refusals the journey provokes on purpose, each expected once. */
  private readonly refusals: { status: number; path: string; seen: boolean }[] = [];

  expectRefusal(status: number, path: string): void {
    this.refusals.push({ status, path, seen: false });
  }

  private isExpectedRefusal(text: string, url: string): boolean {
    const status = Number(
      text.match(/^Failed to load resource: the server responded with a status of (\d{3})/)?.[1],
    );
    const refusal = this.refusals.find(
      (candidate) => !candidate.seen && candidate.status === status && pathOf(url).startsWith(candidate.path),
    );
    if (refusal) refusal.seen = true;
    return refusal !== undefined;
  }

  /** Resolves once no check is pending: the journey's next action waits for it, so no screen is skipped. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Checks the screen the page ends on and waits for every check asked for. */
  async finish(): Promise<void> {
    if (this.page.isClosed()) return;
    this.requestScan();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (this.dirty && !this.page.isClosed()) {
      this.dirty = false;
      const url = this.page.url();
      const started = Date.now();
      try {
        if (!(await this.settle())) this.unsettled.push(pathOf(url));
        // The URL changed while settling: check the newer screen instead.
        if (this.dirty) continue;
        const found = await this.scan();
        if (this.dirty) continue;
        this.scans += 1;
        this.busyMs += Date.now() - started;
        for (const finding of found) {
          const key = `${finding.rule} ${finding.targets.join(',')}`;
          if (!this.findings.has(key)) this.findings.set(key, { ...finding, url: pathOf(url) });
        }
      } catch (error) {
        // A navigation replaced the document mid-check (a new check was asked for), or the page closed.
        if (this.page.isClosed()) return;
        if (!isNavigationError(error)) throw error;
        this.dirty = true;
      }
    }
  }

  /** Waits until no loader shows, no transition runs and the DOM stays unchanged for a moment. */
  private async settle(): Promise<boolean> {
    return this.page
      .waitForFunction(
        ({ quietMs }) => {
          const w = window as typeof window & { __screenWatch?: { changedAt: number } };
          if (!w.__screenWatch) {
            const state = { changedAt: performance.now() };
            new MutationObserver(() => {
              state.changedAt = performance.now();
            }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
            w.__screenWatch = state;
            return false;
          }
          const busy = document.querySelectorAll(
            '.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]',
          );
          for (const element of busy) if (element.checkVisibility()) return false;
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            );
          if (moving) return false;
          return performance.now() - w.__screenWatch.changedAt >= quietMs;
        },
        { quietMs: QUIET_MS },
        { timeout: SETTLE_LIMIT_MS, polling: 100 },
      )
      .then(() => true)
      .catch((error: unknown) => {
        // A screen that never settles is checked as it is; the journey itself will say what is wrong.
        if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
        return false;
      });
  }

  private async scan(): Promise<Omit<Finding, 'url'>[]> {
    const hasAxe = await this.page.evaluate(() => 'axe' in window);
    if (!hasAxe) await this.page.evaluate(axeSource);
    return this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact as string,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
    });
  }

  private path(): string {
    return `${this.label}${pathOf(this.page.url())}`;
  }

  report(): string[] {
    const lines = [...this.problems];
    for (const refusal of this.refusals.filter((candidate) => !candidate.seen)) {
      lines.push(
        `the expected ${refusal.status} of ${refusal.path} on ${this.label || 'the page'} did not come`,
      );
    }
    for (const finding of this.findings.values()) {
      lines.push(
        `axe ${finding.rule} (${finding.impact}) on ${this.label}${finding.url}: ${finding.help}\n      ${finding.targets.join('\n      ')}`,
      );
    }
    return lines;
  }
}

/** The watch of each page, for the action gate below. */
const watchOf = new WeakMap<Page, ScreenWatch>();

const LOCATOR_ACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dragTo',
  'fill',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
const PAGE_ACTIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;
let gated = false;

/**
 * Makes every action wait until the screen it acts on has been checked: a journey moves on as soon as
 * it sees what it waits for, often before a screen has settled, and would otherwise skip its check.
 * The wrapper's own line is taken out of an error's stack, so failures still point at the journey.
 */
function gateActions(page: Page): void {
  if (gated) return;
  gated = true;
  const wrap = (
    prototype: Record<string, unknown>,
    names: readonly string[],
    pageOf: (self: never) => Page,
  ) => {
    for (const name of names) {
      // Called as a method of the same object, so Playwright still names the call `locator.click`.
      const original = Symbol(name);
      prototype[original as unknown as string] = prototype[name];
      prototype[name] = async function (
        this: { [key: symbol]: (...args: unknown[]) => Promise<unknown> },
        ...args: unknown[]
      ) {
        await watchOf.get(pageOf(this as never))?.idle();
        try {
          return await (this[original] as (...args: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          if (error instanceof Error && error.stack) {
            error.stack = error.stack
              .split('\n')
              .filter((line) => !line.includes(import.meta.filename ?? 'support/test.ts'))
              .join('\n');
          }
          throw error;
        }
      };
    }
  };
  wrap(Object.getPrototypeOf(page.locator('body')), LOCATOR_ACTIONS, (locator: { page(): Page }) =>
    locator.page(),
  );
  wrap(Object.getPrototypeOf(page), PAGE_ACTIONS, (self: Page) => self);
}

const pathOf = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
};

const isNavigationError = (error: unknown): boolean =>
  error instanceof Error &&
  /Execution context was destroyed|navigation|Target (page, context or browser )?(has been )?closed|Cannot find context/i.test(
    error.message,
  );

/**
 * The journey provokes a refusal on purpose (a wrong code, a used link) and the screen shows it; the
 * browser logs the 4xx answer as a console error. This declares that one answer (`status`, a request path
 * starting with `path`), once: it is not counted as an error, and the test fails if it never comes.
 */
export function expectRefusal(page: Page, status: number, path: string): void {
  const watch = watchOf.get(page);
  if (!watch) throw new Error('expectRefusal: this page is not watched (open it through the fixtures)');
  watch.expectRefusal(status, path);
}

interface Fixtures {
  /** Runs for every test: the checks above on each page of the test. */
  screenChecks: undefined;
  /** A page in a browser of its own (another person), watched like the test's page. */
  ownBrowser: () => Promise<Page>;
  watches: ScreenWatch[];
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  watches: async ({}, use) => {
    await use([]);
  },
  ownBrowser: async ({ browser, watches }, use, testInfo) => {
    const opened: { context: BrowserContext; watch: ScreenWatch }[] = [];
    await use(async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const watch = new ScreenWatch(page, `[browser ${opened.length + 2}] `);
      opened.push({ context, watch });
      watches.push(watch);
      return page;
    });
    // Checked before closing: this teardown runs before the one of `screenChecks`, which reports.
    for (const { context, watch } of opened) {
      if (testInfo.status === testInfo.expectedStatus) await watch.finish();
      await context.close();
    }
  },
  screenChecks: [
    async ({ page, watches }, use, testInfo) => {
      watches.unshift(new ScreenWatch(page, ''));
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        // The journey failed by itself; what the watches saw until then may explain why.
        const seen = watches.flatMap((watch) => watch.report());
        if (seen.length > 0) await testInfo.attach('screen checks', { body: seen.join('\n') });
        return;
      }
      for (const watch of watches) await watch.finish();
      const lines = watches.flatMap((watch) => watch.report());
      const scans = watches.reduce((sum, watch) => sum + watch.scans, 0);
      const busyMs = watches.reduce((sum, watch) => sum + watch.busyMs, 0);
      const unsettled = watches.flatMap((watch) => watch.unsettled);
      testInfo.annotations.push({
        type: 'screen checks',
        description: `${scans} screens in ${busyMs} ms${unsettled.length ? `; checked unsettled: ${unsettled.join(', ')}` : ''}`,
      });
      if (lines.length > 0) {
        throw new Error(`The screens of this journey are not clean:\n  - ${lines.join('\n  - ')}`);
      }
    },
    { auto: true, timeout: 60_000 },
  ],
});

export type { Locator, Page };
export { expect };
