import { sql } from 'drizzle-orm';
import { queryOne } from './query';
import type { Db } from './client';
import { permissions, rolePermissions, roles } from './schema/core';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_DEFINITIONS, ROLE_DEFINITIONS } from '../permissions/catalogue';
import { ACCOUNT_CATEGORIES } from '../../../contract/values/accounts';
import { ONLINE_FEE_ACCOUNT_CODE, ONLINE_FEE_ACCOUNT_NAME } from '../../../contract/values/giving';

/**
 * Inserts or updates the roles and the permission catalogue (by code), then the default role
 * permissions. Runs at every start after the migrations; idempotent.
 *
 * Default role permissions are only added for a role or a permission created by this run, so a mapping
 * an administrator removed later is not brought back at the next start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await ensureOnlineFeeAccount(db);
  if (await isUpToDate(db)) return;
  await db.transaction(async (tx) => {
    const roleRows = await tx
      .insert(roles)
      .values(ROLE_DEFINITIONS)
      .onConflictDoUpdate({
        target: roles.code,
        set: {
          name: sql`excluded.name`,
          scope: sql`excluded.scope`,
          priority: sql`excluded.priority`,
        },
      })
      .returning({ id: roles.id, code: roles.code, created: sql<boolean>`(xmax = 0)` });

    const permissionRows = await tx
      .insert(permissions)
      .values(PERMISSION_DEFINITIONS)
      .onConflictDoUpdate({
        target: permissions.code,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          resource: sql`excluded.resource`,
          action: sql`excluded.action`,
          scopes: sql`excluded.scopes`,
        },
      })
      .returning({ id: permissions.id, code: permissions.code, created: sql<boolean>`(xmax = 0)` });

    const permissionByCode = new Map(permissionRows.map((row) => [row.code, row]));
    const mappings: Array<{ roleId: number; permissionId: number }> = [];
    for (const role of roleRows) {
      for (const code of new Set(DEFAULT_ROLE_PERMISSIONS[role.code] ?? [])) {
        const permission = permissionByCode.get(code);
        if (!permission) throw new Error(`Unknown permission ${code} in the defaults of ${role.code}`);
        if (role.created || permission.created)
          mappings.push({ roleId: role.id, permissionId: permission.id });
      }
    }
    if (mappings.length > 0) await tx.insert(rolePermissions).values(mappings).onConflictDoNothing();
  });
}

/** True when every role and permission is stored exactly as defined: a usual start writes nothing. */
async function isUpToDate(db: Db): Promise<boolean> {
  const row = await queryOne<{ roles: string[] | null; permissions: string[] | null }>(
    db,
    sql`select
          (select array_agg(concat_ws('|', code, name, scope, priority)) from roles) as roles,
          (select array_agg(concat_ws('|', code, name, description, resource, action, array_to_string(scopes, ',')))
             from permissions) as permissions`,
  );
  const stored = {
    roles: new Set(row?.roles ?? []),
    permissions: new Set(row?.permissions ?? []),
  };
  return (
    ROLE_DEFINITIONS.every((r) =>
      stored.roles.has([r.code, r.name, r.scope, r.priority].filter((v) => v !== null).join('|')),
    ) &&
    PERMISSION_DEFINITIONS.every((p) =>
      stored.permissions.has(
        [p.code, p.name, p.description, p.resource, p.action, p.scopes.join(',')]
          .filter((v) => v !== null)
          .join('|'),
      ),
    )
  );
}

/**
 * The expense account the providers' fees on online gifts are recorded on (decision 0043): 'Frais de
 * paiement en ligne', SYCEBNL 6318 (class 631, bank services: other bank charges), in 'Charges AO'.
 * Every installation needs it, the demo's or not: written at every start when missing (one read
 * otherwise); an administrator may rename or archive it like any account of the chart.
 */
async function ensureOnlineFeeAccount(db: Db): Promise<void> {
  const row = await queryOne<{ present: boolean }>(
    db,
    sql`select exists (select 1 from operation_accounts where code = ${ONLINE_FEE_ACCOUNT_CODE}) as present`,
  );
  if (row?.present) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into operation_account_categories (name, kind) values (${ACCOUNT_CATEGORIES.EXPENSE}, 'expense')
          on conflict (name) do nothing`,
    );
    await tx.execute(
      sql`insert into operation_accounts (code, name, category_id)
          select ${ONLINE_FEE_ACCOUNT_CODE}, ${ONLINE_FEE_ACCOUNT_NAME}, c.id
          from operation_account_categories c where c.name = ${ACCOUNT_CATEGORIES.EXPENSE}
          on conflict (code) do nothing`,
    );
  });
}
