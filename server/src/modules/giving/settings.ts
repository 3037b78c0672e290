import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import {
  GIVING_MESSAGES as M,
  type GivingCollection,
  type GivingSettings,
  type InstallationSettings,
  type updateInstallationBodySchema,
  type updateSettingsBodySchema,
} from '../../../../contract/giving';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne } from '../../db/query';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertAccountOfEntity } from '../accounts';
import type { MerchantCredentials } from '../ligdicash';
import type { Merchant } from './policy';
import { decryptSecret, encryptSecret, keyHint } from './secrets';

// A church's online giving settings and the denomination's merchant account (decision 0043): the keys
// and tokens are encrypted at rest and never answered; only whether one is stored and its last 4
// characters.

type SettingsRow = {
  id: number;
  church_id: number | null;
  enabled: boolean;
  collection: GivingCollection;
  payment_account_id: number | null;
  account_code: string | null;
  account_name: string | null;
  code: string | null;
  api_key_encrypted: string | null;
  api_token_encrypted: string | null;
  key_hint: string | null;
  updated_at: unknown;
};

const SELECT = sql`select s.id, s.church_id, s.enabled, s.collection, s.payment_account_id, a.code as account_code,
    a.name as account_name, s.code, s.api_key_encrypted, s.api_token_encrypted, s.key_hint, s.updated_at
  from giving_settings s left join operation_accounts a on a.id = s.payment_account_id`;

export async function churchSettings(db: Db, churchId: number): Promise<SettingsRow | null> {
  return (await queryOne<SettingsRow>(db, sql`${SELECT} where s.church_id = ${churchId}`)) ?? null;
}

async function installationRow(db: Db): Promise<SettingsRow | null> {
  return (await queryOne<SettingsRow>(db, sql`${SELECT} where s.church_id is null`)) ?? null;
}

async function churchName(db: Db, churchId: number): Promise<string> {
  const row = await queryOne<{ name: string }>(db, sql`select name from churches where id = ${churchId}`);
  if (!row) throw httpError(404, 'Église introuvable.');
  return row.name;
}

/** Whether the denomination's merchant account is stored. */
export async function centralStored(db: Db): Promise<boolean> {
  const row = await installationRow(db);
  return !!(row?.api_key_encrypted && row.api_token_encrypted);
}

/** GET /giving/settings: a church's settings as its page shows them. */
export async function settingsView(
  db: Db,
  churchId: number,
  options: { canManage: boolean; simulator: boolean },
): Promise<GivingSettings> {
  const name = await churchName(db, churchId);
  const row = await churchSettings(db, churchId);
  return {
    church: { id: churchId, name },
    enabled: row?.enabled ?? false,
    collection: row?.collection ?? 'church',
    payment_account:
      row?.payment_account_id != null
        ? { id: Number(row.payment_account_id), code: row.account_code ?? '', name: row.account_name ?? '' }
        : null,
    code: row?.code ?? null,
    has_key: !!(row?.api_key_encrypted && row.api_token_encrypted),
    key_hint: row?.key_hint ?? null,
    central_available: await centralStored(db),
    simulator: options.simulator,
    can_manage: options.canManage,
    updated_at: row?.updated_at ? isoString(row.updated_at) : null,
  };
}

const CODE_LETTERS = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A public giving code: 10 letters and digits without look-alikes (no i, l, o, 0, 1). */
export function newGivingCode(): string {
  return Array.from({ length: 10 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
}

/**
 * The account online gifts land on: a treasury account of the 'Electronique' journal, active and
 * authorised to the church (400 in French otherwise).
 */
export async function assertOnlineAccount(db: Db, churchId: number, accountId: number): Promise<void> {
  const account = await assertAccountOfEntity(
    db,
    accountId,
    [ACCOUNT_CATEGORIES.TREASURY],
    'church',
    churchId,
    M.accountInvalid,
  );
  if (account.journal_type !== 'ELECTRONIK') throw httpError(400, M.accountInvalid);
}

type SettingsBody = z.output<typeof updateSettingsBodySchema>;

/**
 * PUT /giving/settings, by whoever manages them (the caller authorised it): the account checked, a new
 * key and token encrypted (or the stored ones kept, or forgotten), a public code drawn the first time.
 * The audit records what changed, never a secret.
 */
export async function updateChurchSettings(
  db: Db,
  key: Buffer,
  actor: Actor,
  body: SettingsBody,
): Promise<void> {
  if (body.payment_account_id !== null)
    await assertOnlineAccount(db, body.church_id, body.payment_account_id);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into giving_settings (church_id, code) values (${body.church_id}, ${newGivingCode()})
          on conflict ((coalesce(church_id, 0))) do nothing`,
    );
    const current = await queryOne<{ id: number; code: string | null }>(
      tx,
      sql`select id, code from giving_settings where church_id = ${body.church_id} for update`,
    );
    const secrets =
      body.api_key && body.api_token
        ? sql`, api_key_encrypted = ${encryptSecret(key, body.api_key)},
              api_token_encrypted = ${encryptSecret(key, body.api_token)}, key_hint = ${keyHint(body.api_key)}`
        : body.clear_keys
          ? sql`, api_key_encrypted = null, api_token_encrypted = null, key_hint = null`
          : sql``;
    await tx.execute(
      sql`update giving_settings set enabled = ${body.enabled}, collection = ${body.collection},
            payment_account_id = ${body.payment_account_id}, code = coalesce(code, ${newGivingCode()}),
            updated_by = ${actor.userId}, updated_at = now() ${secrets}
          where id = ${current!.id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'giving.settings_update',
      entityType: 'church',
      entityId: body.church_id,
      data: {
        enabled: body.enabled,
        collection: body.collection,
        payment_account_id: body.payment_account_id,
        key: body.api_key ? 'replaced' : body.clear_keys ? 'cleared' : 'kept',
      },
      ip: actor.ip,
    });
  });
}

/** GET /giving/installation-settings (administrator). */
export async function installationView(db: Db, simulator: boolean): Promise<InstallationSettings> {
  const row = await installationRow(db);
  const churches = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from giving_settings where church_id is not null and enabled and collection = 'central'`,
  );
  return {
    has_key: !!(row?.api_key_encrypted && row.api_token_encrypted),
    key_hint: row?.key_hint ?? null,
    simulator,
    churches: Number(churches?.n ?? 0),
    updated_at: row?.updated_at ? isoString(row.updated_at) : null,
  };
}

/** PUT /giving/installation-settings: the denomination's merchant key and token (or forgotten). */
export async function updateInstallation(
  db: Db,
  key: Buffer,
  actor: Actor,
  body: z.output<typeof updateInstallationBodySchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into giving_settings (church_id) values (null) on conflict ((coalesce(church_id, 0))) do nothing`,
    );
    const values =
      body.clear_keys || !body.api_key || !body.api_token
        ? sql`api_key_encrypted = null, api_token_encrypted = null, key_hint = null`
        : sql`api_key_encrypted = ${encryptSecret(key, body.api_key)},
              api_token_encrypted = ${encryptSecret(key, body.api_token)}, key_hint = ${keyHint(body.api_key)}`;
    await tx.execute(
      sql`update giving_settings set ${values}, updated_by = ${actor.userId}, updated_at = now()
          where church_id is null`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'giving.installation_update',
      entityType: 'installation',
      entityId: null,
      data: { key: body.clear_keys ? 'cleared' : 'replaced' },
      ip: actor.ip,
    });
  });
}

/** The credentials an invoice of `merchant` goes through (null for the simulator's own, or unreadable). */
export async function merchantCredentials(
  db: Db,
  key: Buffer,
  merchant: Merchant,
  churchId: number,
): Promise<MerchantCredentials | null> {
  if (merchant === 'simulator') return null;
  const row = merchant === 'central' ? await installationRow(db) : await churchSettings(db, churchId);
  const apiKey = decryptSecret(key, row?.api_key_encrypted ?? null);
  const apiToken = decryptSecret(key, row?.api_token_encrypted ?? null);
  return apiKey && apiToken ? { apiKey, apiToken } : null;
}

/** The church of a public giving code, when its online giving is open. */
export async function churchOfCode(
  db: Db,
  code: string,
): Promise<{ churchId: number; churchName: string; code: string } | null> {
  const row = await queryOne<{ church_id: number; name: string; code: string }>(
    db,
    sql`select s.church_id, ch.name, s.code from giving_settings s join churches ch on ch.id = s.church_id
        where s.code = ${code} and s.enabled and ch.archived_at is null`,
  );
  return row ? { churchId: Number(row.church_id), churchName: row.name, code: row.code } : null;
}
