import type { Db } from '../db/client';
import { auditLog } from '../db/schema/core';

export type AuditEntry = {
  userId: number | null;
  /** e.g. 'auth.login', 'church.create' */
  action: string;
  entityType?: string | null;
  entityId?: number | null;
  data?: Record<string, unknown> | null;
  ip?: string | null;
};

/** Appends one record to the audit log. Call it inside the write's transaction when there is one. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    data: entry.data ?? null,
    ip: entry.ip ?? null,
  });
}
