import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * The merchants' LigdiCash keys and tokens at rest (decision 0043): AES-256-GCM under the key of
 * PAYMENT_SECRETS_KEY (config.paymentSecretsKey, 32 bytes), a fresh 12-byte nonce per value, the
 * authentication tag kept beside it: 'v1.<nonce>.<tag>.<ciphertext>' in base64url. A value encrypted
 * under another key, or altered, does not decrypt (null): the treasurer enters it again.
 */

const VERSION = 'v1';

export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, nonce, tag, data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be read with this key (another key, altered, malformed). */
export function decryptSecret(key: Buffer, stored: string | null): string | null {
  if (!stored) return null;
  const [version, nonce, tag, data] = stored.split('.');
  if (version !== VERSION || !nonce || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** '••••1234': what the settings page shows of a stored key. */
export const keyHint = (key: string) => key.slice(-4);
