import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

// Decision 0031: the admin home's dashboard and the national office's accounting overview,
// with real data, on a phone without sideways scroll.

async function sidewaysOverflow(page: Page): Promise<{ overflow: number; wide: string }> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > 360)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`.slice(0, 120))
      .join(' | '),
  );
  return { overflow, wide };
}

test.describe('the dashboards on a phone (decision 0031)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the admin home counts the installation and lists the latest operations, own sign-in first', async ({
    page,
  }) => {
    await signIn(page, 'admin@example.org');
    await expectPath(page, '/admin');
    const org = page.getByRole('region', { name: 'Organisation' });
    await expect(org).toBeVisible();
    await expect(org.getByText('Églises')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Connexions' })).toBeVisible();
    const latest = page.getByRole('region', { name: 'Dernières opérations' });
    await expect(latest.getByText('Connexion : réussie').first()).toBeVisible();
    const { overflow, wide } = await sidewaysOverflow(page);
    expect(overflow, wide).toBeLessThanOrEqual(0);
  });

  test('the national office’s accounting overview shows its treasury and opens its accounting pages', async ({
    page,
  }) => {
    await signIn(page, 'national@example.org');
    await expectPath(page, '/mon-bureau-national');
    await page.goto('/mon-bureau-national/espace-comptable');
    await expect(page.getByRole('region', { name: 'Trésorerie' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Budget \d{4}$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /Classement/ })).toHaveCount(0);
    const { overflow, wide } = await sidewaysOverflow(page);
    expect(overflow, wide).toBeLessThanOrEqual(0);
    await page
      .getByRole('region', { name: 'La comptabilité' })
      .getByRole('link', { name: /Dépenses/ })
      .click();
    await expectPath(page, '/mon-bureau-national/espace-comptable/depenses');
  });
});
