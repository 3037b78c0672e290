import { sql } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  REPORT_ATTACHMENT_MAX_FILES,
  type ReportAttachment,
} from '../../../../contract/activities';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';
import type { SavedFile } from '../attachments';
import type { Owner } from './entities';
import type { Actor } from './service';

/**
 * The photos and PDF of an activity report (issue 14): rows of the expenses' `attachments` table with
 * `attachable_type = 'activity_report'`, files in DATA_DIR/attachments saved by the expenses' storage
 * (decision 0028). Added and removed while the report is a draft or sent back, never once submitted.
 */

type Row = {
  id: number | string;
  original_name: string;
  mime_type: ReportAttachment['mime_type'];
  size: number | string;
  created_at: unknown;
};

function toReportAttachment(reportId: number, row: Row): ReportAttachment {
  const id = Number(row.id);
  return {
    id,
    original_name: row.original_name,
    mime_type: row.mime_type,
    size: Number(row.size),
    created_at: isoString(row.created_at),
    url: `/activity-reports/${reportId}/attachments/${id}`,
  };
}

export async function listReportAttachments(db: Db, reportId: number): Promise<ReportAttachment[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select id, original_name, mime_type, size, created_at from attachments
        where attachable_type = 'activity_report' and attachable_id = ${reportId} order by id`,
  );
  return rows.map((row) => toReportAttachment(reportId, row));
}

/** Locks the report and answers its status (404 when it is gone). */
async function lockEditable(tx: Db, reportId: number): Promise<void> {
  const row = await queryOne<{ status: string }>(
    tx,
    sql`select status from activity_reports where id = ${reportId} for update`,
  );
  if (!row) throw httpError(404, M.reportNotFound);
  if (row.status !== 'draft' && row.status !== 'returned') throw httpError(409, M.attachmentsLocked);
}

/**
 * Records files already saved as attachments of a draft or returned report, at most
 * REPORT_ATTACHMENT_MAX_FILES in all (413 beyond), in one transaction with the audit.
 */
export function attachReportFiles(
  db: Db,
  reportId: number,
  owner: Owner,
  files: SavedFile[],
  actor: Actor,
): Promise<ReportAttachment[]> {
  return db.transaction(async (tx) => {
    await lockEditable(tx, reportId);
    const count = await queryOne<{ n: number | string }>(
      tx,
      sql`select count(*) as n from attachments where attachable_type = 'activity_report' and attachable_id = ${reportId}`,
    );
    if (Number(count?.n ?? 0) + files.length > REPORT_ATTACHMENT_MAX_FILES)
      throw httpError(413, M.tooManyReportFiles);
    const inserted: ReportAttachment[] = [];
    for (const file of files) {
      const row = await queryOne<Row>(
        tx,
        sql`insert into attachments (attachable_type, attachable_id, original_name, stored_name, mime_type, size, uploaded_by)
            values ('activity_report', ${reportId}, ${file.originalName.slice(0, 255)}, ${file.storedName},
              ${file.mime}, ${file.size}, ${actor.userId})
            returning id, original_name, mime_type, size, created_at`,
      );
      inserted.push(toReportAttachment(reportId, row!));
    }
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.attach',
      entityType: owner.type,
      entityId: owner.id,
      data: { id: reportId, files: files.map((f) => ({ name: f.originalName, size: f.size, type: f.mime })) },
      ip: actor.ip,
    });
    return inserted;
  });
}

/** What serving one attachment of a report reads, or undefined. */
export async function findReportAttachment(db: Db, reportId: number, fileId: number) {
  return queryOne<{ stored_name: string; original_name: string; mime_type: string }>(
    db,
    sql`select stored_name, original_name, mime_type from attachments
        where id = ${fileId} and attachable_type = 'activity_report' and attachable_id = ${reportId}`,
  );
}

/** Removes one attachment of a draft or returned report; answers its stored name (the file to delete). */
export function removeReportAttachment(
  db: Db,
  reportId: number,
  fileId: number,
  owner: Owner,
  actor: Actor,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockEditable(tx, reportId);
    const row = await queryOne<{ stored_name: string; original_name: string }>(
      tx,
      sql`delete from attachments
          where id = ${fileId} and attachable_type = 'activity_report' and attachable_id = ${reportId}
          returning stored_name, original_name`,
    );
    if (!row) throw httpError(404, M.attachmentNotFound);
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.detach',
      entityType: owner.type,
      entityId: owner.id,
      data: { id: reportId, file: fileId, name: row.original_name },
      ip: actor.ip,
    });
    return row.stored_name;
  });
}
