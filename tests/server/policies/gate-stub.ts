import { ANYWHERE, type EntityRef, type Gate } from '../../../server/src/http/authorize';
import { httpError, MESSAGES } from '../../../server/src/http/errors';

type Target = EntityRef | typeof ANYWHERE;

/** What the stub's user holds: codes on one entity (type and id as the policy names them), or anywhere. */
export type Grant = { on: Target; codes: string[] };

export type GateCall = { entity: Target; codes: string[]; options?: Record<string, unknown> };

const same = (a: Target, b: Target) =>
  a === ANYWHERE || b === ANYWHERE ? a === b : a.type === b.type && a.id === b.id;

/**
 * A Gate for the policies' unit tests, without a database: the user (id `userId`) holds exactly
 * `grants`. `authorize` refuses what they do not hold (403, with the call's `forbidden` message) and
 * records each call in `calls`; `holds` answers from the grants and records its question in `asked`.
 */
export function gateStub(grants: Grant[] = [], userId = 7): Gate & { calls: GateCall[]; asked: GateCall[] } {
  const actor = { sessionId: 'stub', userId, isSuperAdmin: false, ip: '127.0.0.1' };
  const held = (entity: Target, codes: string | readonly string[]) => {
    const wanted = typeof codes === 'string' ? [codes] : [...codes];
    return grants.some(
      (grant) => same(grant.on, entity) && wanted.some((code) => grant.codes.includes(code)),
    );
  };
  const calls: GateCall[] = [];
  const asked: GateCall[] = [];
  return {
    actor,
    calls,
    asked,
    async authorize(entity, codes, options) {
      calls.push({ entity, codes: typeof codes === 'string' ? [codes] : [...codes], options });
      if (!held(entity, codes)) throw httpError(403, options?.forbidden ?? MESSAGES.forbidden);
      return actor;
    },
    async authorizeVisible() {
      return actor;
    },
    async holds(entity, codes) {
      asked.push({ entity, codes: typeof codes === 'string' ? [codes] : [...codes] });
      return held(entity, codes);
    },
  };
}

/** The status and message a call is refused with, or null when it passes (a throw or a rejection). */
export async function refusal(run: () => unknown): Promise<{ status: number; message: string } | null> {
  try {
    await run();
  } catch (error) {
    return { status: (error as { statusCode: number }).statusCode, message: (error as Error).message };
  }
  return null;
}
