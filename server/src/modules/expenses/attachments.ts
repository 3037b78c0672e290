import { and, eq, sql } from 'drizzle-orm';
import type { Attachment } from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { attachments } from '../../db/schema/documents';
import type { Gate } from '../../http/authorize';
import { assertNotVerified, loadRequestFacts, requestEntity } from './facts';
import { isCreator } from './policy';
import { toAttachment, type AttachmentRow } from './line-queries';
import type { SavedFile } from '../attachments';

/**
 * Records files already stored as attachments of a request (never a verified
 * one; its creator, or `expense_request:update` on its entity), in one transaction with the audit;
 * answers them.
 */
export function attachFiles(
  db: Db,
  gate: Gate,
  requestId: number,
  files: SavedFile[],
): Promise<Attachment[]> {
  return db.transaction(async (tx) => {
    const facts = await loadRequestFacts(tx, requestId, true);
    const actor = await gate.authorize(requestEntity(facts), 'expense_request:update', {
      db: tx,
      unless: isCreator(facts),
    });
    assertNotVerified(facts);
    const inserted: Attachment[] = [];
    for (const file of files) {
      const row = await queryOne<AttachmentRow>(
        tx,
        sql`insert into attachments (attachable_type, attachable_id, original_name, stored_name, mime_type, size, uploaded_by)
            values ('expense_request', ${facts.id}, ${file.originalName.slice(0, 255)}, ${file.storedName},
              ${file.mime}, ${file.size}, ${actor.userId})
            returning id, attachable_id, original_name, mime_type, size, created_at`,
      );
      inserted.push(toAttachment(row!));
    }
    await audit(tx, {
      userId: actor.userId,
      action: 'expense_request.attach',
      entityType: 'expense_request',
      entityId: facts.id,
      data: { files: files.map((s) => ({ name: s.originalName, size: s.size, type: s.mime })) },
      ip: actor.ip,
    });
    return inserted;
  });
}

/** What serving an attachment of an expense request reads, or undefined. */
export async function findAttachment(db: Db, id: number) {
  const [row] = await db
    .select({
      attachableId: attachments.attachableId,
      storedName: attachments.storedName,
      originalName: attachments.originalName,
      mimeType: attachments.mimeType,
    })
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.attachableType, 'expense_request')));
  return row;
}
