import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne, queryRows } from '../db/query';

/**
 * `npm run audit:verify` (decision 0044): walks the audit log's chain in its order (`chain_seq`),
 * recomputes each record's hash in SQL (`audit_record_hash`, the function the trigger uses), and names
 * the first record that was altered, removed or slipped in outside the chain; the chain's head must
 * name its last record (records removed at the end).
 */

export const GENESIS = '0'.repeat(64);

export type ChainProblem = {
  kind: 'altered' | 'removed' | 'unchained' | 'head';
  /** the record's id (the first one after a removal), when there is one */
  id: number | null;
  seq: number | null;
  message: string;
};

export type ChainReport = { ok: boolean; checked: number; lastSeq: number; problem: ChainProblem | null };

type Row = {
  id: number | string;
  seq: number | string;
  prev_hash: string | null;
  hash: string | null;
  recomputed: string;
  action: string;
  created_at: unknown;
};

const PAGE = 5000;

function when(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const unchained = await queryOne<{ id: number | string; action: string }>(
    db,
    sql`select id, action from audit_log where chain_seq is null or hash is null order by id limit 1`,
  );
  if (unchained) {
    const id = Number(unchained.id);
    return {
      ok: false,
      checked: 0,
      lastSeq: 0,
      problem: {
        kind: 'unchained',
        id,
        seq: null,
        message: `Enregistrement n° ${id} (${unchained.action}) ajouté hors de la chaîne.`,
      },
    };
  }
  let previousSeq = 0;
  let previousHash = GENESIS;
  let checked = 0;
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select a.id, a.chain_seq as seq, a.prev_hash, a.hash, audit_record_hash(a.prev_hash, a) as recomputed,
            a.action, a.created_at
          from audit_log a where a.chain_seq > ${previousSeq} order by a.chain_seq limit ${PAGE}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      if (seq !== previousSeq + 1) {
        const missing =
          seq === previousSeq + 2 ? `n° ${previousSeq + 1}` : `n° ${previousSeq + 1} à ${seq - 1}`;
        return fail(checked, previousSeq, {
          kind: 'removed',
          id,
          seq,
          message: `Enregistrement(s) de la chaîne ${missing} supprimé(s) : la chaîne saute de ${previousSeq} à ${seq} (avant l'enregistrement n° ${id}, ${row.action}, ${when(row.created_at)}).`,
        });
      }
      if (row.prev_hash !== previousHash) {
        return fail(checked, previousSeq, {
          kind: 'removed',
          id,
          seq,
          message: `Enregistrement n° ${id} (${row.action}, ${when(row.created_at)}) : il ne suit plus l'enregistrement précédent de la chaîne (un enregistrement précédent a été supprimé ou modifié).`,
        });
      }
      if (row.recomputed !== row.hash) {
        return fail(checked, previousSeq, {
          kind: 'altered',
          id,
          seq,
          message: `Enregistrement n° ${id} (${row.action}, ${when(row.created_at)}) modifié : son empreinte ne correspond plus à son contenu.`,
        });
      }
      previousSeq = seq;
      previousHash = row.hash!;
      checked++;
    }
    if (rows.length < PAGE) break;
  }
  const head = await queryOne<{ last_seq: number | string; last_hash: string }>(
    db,
    sql`select last_seq, last_hash from audit_chain_head where id = 1`,
  );
  if (!head || Number(head.last_seq) !== previousSeq || head.last_hash !== previousHash) {
    const last = Number(head?.last_seq ?? 0);
    return fail(checked, previousSeq, {
      kind: 'head',
      id: null,
      seq: last,
      message:
        last > previousSeq
          ? `Enregistrement(s) n° ${previousSeq + 1} à ${last} de la chaîne supprimé(s) : la chaîne s'arrête à ${previousSeq}, sa tête en annonce ${last}.`
          : `La tête de la chaîne (n° ${last}) ne correspond pas à son dernier enregistrement (n° ${previousSeq}).`,
    });
  }
  return { ok: true, checked, lastSeq: previousSeq, problem: null };
}

function fail(checked: number, lastSeq: number, problem: ChainProblem): ChainReport {
  return { ok: false, checked, lastSeq, problem };
}
