import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_KEY_PREFIX } from './login-throttle';

/**
 * Device cookies (OWASP, 'Slow Down Online Guessing Attacks with Device Cookies'; decision 0041): a
 * successful sign-in leaves the browser a token naming the account, signed with a key derived from
 * SESSION_SECRET. A later attempt on that account carrying it is counted under the device's own key
 * (auth/login-throttle.ts), apart from the anonymous attempts: whoever locks the account from elsewhere
 * does not lock its owner out of a device that signed in before. It proves nothing else: it never signs
 * anybody in, and a stolen one is limited like an account.
 *
 * The value is `<user id>.<nonce>.<issued at, seconds>.<HMAC-SHA256, base64url>`.
 */
export const DEVICE_COOKIE = 'device';

/** How long a device is remembered: a year (a new cookie is set at each sign-in). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export type Device = {
  userId: number;
  nonce: string;
  /** the key its attempts are counted under */
  key: string;
};

function keyOf(secret: string): Buffer {
  // Its own key: a device cookie is never a signed session cookie, nor the reverse.
  return createHmac('sha256', secret).update('ekklesia device cookie v1').digest();
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
}

/** A new device cookie value for the account. */
export function issueDeviceCookie(secret: string, userId: number, now = Date.now()): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}.${Math.floor(now / 1000)}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The device a cookie value names, when its signature holds and it is less than a year old; else null. */
export function readDeviceCookie(secret: string, value: string | undefined, now = Date.now()): Device | null {
  if (!value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [id, nonce, issued, signature] = parts;
  if (!/^[1-9]\d{0,9}$/.test(id) || !/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^\d{1,12}$/.test(issued))
    return null;
  const expected = Buffer.from(mac(secret, `${id}.${nonce}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now / 1000 - Number(issued);
  if (age < -300 || age > DEVICE_COOKIE_MAX_AGE_S) return null;
  const userId = Number(id);
  return { userId, nonce, key: `${DEVICE_KEY_PREFIX}${userId}:${nonce}` };
}

/** The device cookie's options: long-lived, HttpOnly, SameSite=Lax, Secure over HTTPS, on the API only. */
export function deviceCookieOptions(secure: boolean) {
  return {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  };
}
