import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 27, hole 2: five wrong passwords locked an account for everyone, and matricules are sequential:
 * 15 requests from one address locked the 3 officers of a church. A successful sign-in now leaves a
 * signed device cookie (OWASP 'device cookies'); attempts that carry a valid one for the account are
 * counted apart from the anonymous ones, under a limit of their own, so the owner on a device that
 * signed in before is not locked out by somebody else, and a stolen device cookie still cannot
 * brute-force.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEVICE_COOKIE = 'device';

const login = (name: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { login: name, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** The device cookie an answer set, as a Cookie header. */
function deviceCookie(answer: LightMyRequestResponse): string {
  const cookie = answer.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie, 'a device cookie is set at sign-in').toBeTruthy();
  return `${DEVICE_COOKIE}=${cookie!.value}`;
}

/** Locks the account for anonymous attempts from one address, as an attacker would. */
async function lockOut(name: string, address: string) {
  for (let i = 0; i < 5; i++) expect((await login(name, `mauvais-${i}`, address)).statusCode).toBe(400);
  expect((await login(name, 'mauvais-encore', address)).statusCode).toBe(429);
}

describe('device cookies (issue 27, hole 2)', () => {
  it('sets a long-lived, HttpOnly, SameSite=Lax device cookie at each successful sign-in', async () => {
    const answer = await login('national@example.org', 'demo1234', '10.40.0.1');
    expect(answer.statusCode).toBe(200);
    const cookie = answer.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toBeTruthy();
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
    expect(cookie.secure).toBeFalsy(); // plain http here; Secure when the site is HTTPS
    expect(cookie.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    // no failure: no cookie is set on a refused sign-in
    const wrong = await login('national@example.org', 'mauvais', '10.40.0.1');
    expect(wrong.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
  });

  it('an attacker locks tresorier@ from one address; with their device cookie tresorier@ signs in at once', async () => {
    const office = await login('tresorier@example.org', 'demo1234', '10.41.0.1');
    expect(office.statusCode).toBe(200);
    const device = deviceCookie(office);

    await lockOut('tresorier@example.org', '10.66.0.1');

    const withCookie = await login('tresorier@example.org', 'demo1234', '10.41.0.1', device);
    expect(withCookie.statusCode, withCookie.body).toBe(200);
    const without = await login('tresorier@example.org', 'demo1234', '10.41.0.1');
    expect(without.statusCode).toBe(429);
    expect(Number(without.headers['retry-after'])).toBeGreaterThan(0);
    // the owner's success through the device does not lift the lock for the attacker
    expect((await login('tresorier@example.org', 'autre-essai', '10.66.0.1')).statusCode).toBe(429);
  });

  it('three accounts locked from one address: each owner still signs in from their device', async () => {
    const officers = ['pasteur@example.org', 'impaye@example.org', 'facturation@example.org'];
    const devices: string[] = [];
    for (const [i, name] of officers.entries()) {
      const answer = await login(name, 'demo1234', `10.42.0.${i + 1}`);
      expect(answer.statusCode).toBe(200);
      devices.push(deviceCookie(answer));
    }
    for (const name of officers) await lockOut(name, '10.67.0.1');
    for (const [i, name] of officers.entries()) {
      expect((await login(name, 'demo1234', `10.42.0.${i + 1}`, devices[i])).statusCode, name).toBe(200);
      expect((await login(name, 'demo1234', `10.42.0.${i + 1}`)).statusCode, name).toBe(429);
    }
  });

  it('a stolen device cookie has its own limit: it cannot brute-force either', async () => {
    const answer = await login('section@example.org', 'demo1234', '10.43.0.1');
    const device = deviceCookie(answer);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await login('section@example.org', `vole-${i}`, '10.68.0.1', device)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('section@example.org', `p-${i}`, '10.68.0.2', device)),
    );
    expect(parallel.every((a) => a.statusCode === 429)).toBe(true);
    // the device's failures are not the account's: without a device cookie the owner still signs in
    expect((await login('section@example.org', 'demo1234', '10.43.0.2')).statusCode).toBe(200);
  });

  it('a device cookie counts only for its own account, and a forged one counts for nothing', async () => {
    const mine = deviceCookie(await login('region@example.org', 'demo1234', '10.44.0.1'));
    await lockOut('president@example.org', '10.69.0.1');
    // region@'s device cookie on president@'s account: anonymous
    expect((await login('president@example.org', 'demo1234', '10.44.0.1', mine)).statusCode).toBe(429);
    // region@'s device cookie edited to name president@'s account: its signature fails
    const president = (await login('president@example.org', 'demo1234', '10.44.0.9')).statusCode;
    expect(president).toBe(429);
    const value = decodeURIComponent(mine.slice(DEVICE_COOKIE.length + 1));
    const presidentId = await t.db.execute(sql`select id from users where email = 'president@example.org'`);
    const id = Number((presidentId as unknown as { rows: { id: number }[] }).rows[0].id);
    const forged = value.replace(/^[^.]+/, String(id));
    expect(forged).not.toBe(value);
    expect(
      (await login('president@example.org', 'demo1234', '10.44.0.1', `${DEVICE_COOKIE}=${forged}`))
        .statusCode,
    ).toBe(429);
  });
});
