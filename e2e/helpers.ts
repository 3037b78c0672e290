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
