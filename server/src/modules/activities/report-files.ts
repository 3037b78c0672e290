import { sql } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  REPORT_ATTACHMENT_MAX_FILES,
  type ReportAttachment,
} from '../../../../contract/activities';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { removeStoredFiles, storedFile, type SavedFile } from '../attachments';
import type { ReportFacts } from './entities';
import { assertMayEdit } from './policy';
import { reportAccess } from './reports';

/**
 * The photos and PDF of an activity report (decision 0028): rows of the `attachments` table with
 * `attachable_type = 'activity_report'`, their contents stored in the database by the attachments module.
 * Read by whoever reads the report; added and removed by whoever edits it, while it is a draft or sent
 * back, never once submitted.
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

/** The files of a report, to whoever reads it. */
export async function listReportFiles(db: Db, gate: Gate, report: ReportFacts): Promise<ReportAttachment[]> {
  await reportAccess(db, gate, report);
  const reportId = report.id;
  const rows = await queryRows<Row>(
    db,
    sql`select id, original_name, mime_type, size, created_at from attachments
        where attachable_type = 'activity_report' and attachable_id = ${reportId} order by id`,
  );
  return rows.map((row) => toReportAttachment(reportId, row));
}

/**
 * Refuses a change of a report's files to whoever may not edit the report (409 once it is submitted,
 * 403 otherwise): asked before an upload is read.
 */
export async function authorizeFilesChange(db: Db, gate: Gate, report: ReportFacts): Promise<void> {
  const { rights } = await reportAccess(db, gate, report);
  assertMayEdit(report, rights, { locked: M.attachmentsLocked, forbidden: M.attachmentsCannotEdit });
}

/** Locks the report, 404 when it is gone, 409 unless it is a draft or sent back. */
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
 * REPORT_ATTACHMENT_MAX_FILES in all (413 beyond), in one transaction with the audit. The change was
 * authorised by authorizeFilesChange.
 */
export function attachReportFiles(
  db: Db,
  actor: Actor,
  report: ReportFacts,
  files: SavedFile[],
): Promise<ReportAttachment[]> {
  const { id: reportId, owner } = report;
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

/**
 * One file of a report, to whoever reads it: its names, its type and where it is stored (404 when the
 * report has no such file, or its file is gone).
 */
export async function reportFile(db: Db, gate: Gate, report: ReportFacts, fileId: number) {
  await reportAccess(db, gate, report);
  const row = await queryOne<{ stored_name: string; original_name: string; mime_type: string }>(
    db,
    sql`select stored_name, original_name, mime_type from attachments
        where id = ${fileId} and attachable_type = 'activity_report' and attachable_id = ${report.id}`,
  );
  const file = row ? await storedFile(db, row.stored_name) : null;
  if (!row || !file) throw httpError(404, M.attachmentNotFound);
  return { ...file, originalName: row.original_name, mimeType: row.mime_type };
}

/** Removes one file of a draft or returned report, by whoever edits it, and deletes it from the store. */
export async function removeReportFile(
  db: Db,
  gate: Gate,
  report: ReportFacts,
  fileId: number,
): Promise<void> {
  await authorizeFilesChange(db, gate, report);
  await removeReportAttachment(db, gate.actor, report, fileId);
}

/** Removes one attachment of a draft or returned report, its contents with it. */
function removeReportAttachment(db: Db, actor: Actor, report: ReportFacts, fileId: number): Promise<void> {
  const { id: reportId, owner } = report;
  return db.transaction(async (tx) => {
    await lockEditable(tx, reportId);
    const row = await queryOne<{ stored_name: string; original_name: string }>(
      tx,
      sql`delete from attachments
          where id = ${fileId} and attachable_type = 'activity_report' and attachable_id = ${reportId}
          returning stored_name, original_name`,
    );
    if (!row) throw httpError(404, M.attachmentNotFound);
    await removeStoredFiles(tx, [row.stored_name]);
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.detach',
      entityType: owner.type,
      entityId: owner.id,
      data: { id: reportId, file: fileId, name: row.original_name },
      ip: actor.ip,
    });
  });
}
