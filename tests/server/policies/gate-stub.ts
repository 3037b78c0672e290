import type { Actor, EntityRef, Gate } from '../../../server/src/http/authorize';
import { HttpError, MESSAGES, httpError } from '../../../server/src/http/errors';

// What the policy tests share: hand-made actors, a Gate that answers from a table instead of the
// database, and the refusal a rule throws.

export function actor(userId: number, isSuperAdmin = false): Actor {
  return { userId, isSuperAdmin, sessionId: `session-${userId}`, ip: '127.0.0.1' };
}

type Where = EntityRef | 'anywhere';
export type GateCall = { call: 'authorize' | 'authorizeVisible' | 'holds'; entity: Where; codes?: string[] };

/**
 * A Gate for `who`: `held(entity, code)` says whether they hold `code` there (a super-admin holds every
 * one, as authorize does); `visible(entity)` whether they see it (everything by default). `calls` keeps
 * what the policy asked, in order.
 */
export function stubGate(
  who: Actor,
  held: (entity: Where, code: string) => boolean,
  visible: (entity: EntityRef) => boolean = () => true,
): Gate & { calls: GateCall[] } {
  const calls: GateCall[] = [];
  const codesOf = (codes: string | readonly string[]) => (typeof codes === 'string' ? [codes] : [...codes]);
  const holds = (entity: Where, codes: string[]) =>
    who.isSuperAdmin || codes.some((code) => held(entity, code));
  return {
    actor: who,
    calls,
    async authorize(entity, codes, options = {}) {
      calls.push({ call: 'authorize', entity, codes: codesOf(codes) });
      if (entity !== 'anywhere' && !options.visibilityChecked && !who.isSuperAdmin && !visible(entity))
        throw httpError(403, MESSAGES.forbidden);
      if (options.unless?.(who)) return who;
      if (!holds(entity, codesOf(codes))) throw httpError(403, options.forbidden ?? MESSAGES.forbidden);
      return who;
    },
    async authorizeVisible(entity) {
      calls.push({ call: 'authorizeVisible', entity });
      if (!who.isSuperAdmin && !visible(entity)) throw httpError(403, MESSAGES.forbidden);
      return who;
    },
    async holds(entity, codes) {
      calls.push({ call: 'holds', entity, codes: codesOf(codes) });
      return holds(entity, codesOf(codes));
    },
  };
}

/** The refusal `run` throws (its status and French message), or null when it passes. */
export async function refusal(run: () => unknown): Promise<{ status: number; message: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}
