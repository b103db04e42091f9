// Shared by the headless-Chromium tests (@svc/docs, @svc/browser-test, and the sync's and the sandbox's consoles).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; `CHROMIUM_PATH` points elsewhere on other machines. Never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a closed network: without the background-networking ones Chromium keeps dialling Google. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts headless Chromium with a fresh profile, or fails saying how to install it (nothing is skipped). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. The root \`pnpm test\` installs it ` +
        '(tools/config/ensure-chromium.mjs: apt-get install -y chromium), or set CHROMIUM_PATH to another build.',
    );
  }
  // playwright-core gives every launch a fresh temporary --user-data-dir and adds --headless.
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
}

/**
 * Path for a screenshot in a package's gitignored `test-results/` folder (created if missing).
 * `packageRoot` is the package folder as a URL, e.g. `new URL('../../', import.meta.url)` from a test.
 */
export function artifactPath(packageRoot: URL, name: string): string {
  const folder = fileURLToPath(new URL('test-results/', packageRoot));
  mkdirSync(folder, { recursive: true });
  return resolve(folder, name);
}

/** The rules a page is held to: WCAG 2.1 A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 AA violations on the page as it stands, as `id (nodes)`. axe is evaluated over
 * DevTools, not as a page script, so a page whose CSP allows only its own files is scanned as served.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async (values) => {
    const axe = (
      window as unknown as {
        axe: { run: (o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values } });
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, WCAG_21_AA);
}
