import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the sign-in page, as a user would. */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto('/connexion');
  await page.getByLabel('Identifiant').fill(login);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function expectPath(page: Page, pathname: string | RegExp) {
  await expect(page).toHaveURL((url) =>
    typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
  );
}

/**
 * Waits (at most `timeout` ms) until no CSS transition is running, so that axe measures the colours a
 * user sees once the page has settled, not a button halfway from disabled to enabled (a colour
 * contrast taken mid-transition is a flaky finding). Only CSS transitions count: a CSS animation such
 * as a loading spinner runs forever and would hold the wait to its end. When the time is up the run
 * goes on: a transition that never ends is the page's own affair, not a reason to skip axe.
 */
export async function transitionsFinished(page: Page, timeout = 2_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition && animation.playState === 'running')
          .length === 0,
      undefined,
      { timeout, polling: 50 },
    )
    .catch(() => undefined);
}

/**
 * The serious and critical axe violations of the page, once its CSS transitions have finished (see
 * `transitionsFinished`): the one way every e2e spec runs axe. It uses the axe-core a context loaded
 * with `addInitScript` (the sweep's, once per page load: a run then takes 1-3 s), else injects it
 * through @axe-core/playwright.
 */
export async function axeViolations(page: Page, tags: string[]): Promise<AxeResults['violations']> {
  await transitionsFinished(page);
  const preloaded = await page.evaluate(() => 'axe' in window);
  const violations = preloaded
    ? await page.evaluate(
        (values) =>
          (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe
            .run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
            .then((result) => result.violations),
        tags,
      )
    : (await new AxeBuilder({ page }).withTags(tags).analyze()).violations;
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
