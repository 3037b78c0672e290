import type { Actor, EntityRef, Gate } from '../../../server/src/http/authorize';
import { ANYWHERE } from '../../../server/src/http/authorize';
import { httpError, MESSAGES } from '../../../server/src/http/errors';

/** A hand-made signed-in user: a member (not a super-admin) unless told. */
export function actor(userId: number, options: { superAdmin?: boolean } = {}): Actor {
  return {
    sessionId: `session-${userId}`,
    userId,
    isSuperAdmin: options.superAdmin ?? false,
    ip: '127.0.0.1',
  };
}

type Unless = ((user: Actor) => boolean) | undefined;

/** One question a rule asked its gate. */
export type Asked = {
  entity: EntityRef | typeof ANYWHERE;
  codes: string | readonly string[];
  unless: Unless;
};

/**
 * A Gate for the unit tests of the policies (no database): it records what a rule asks and answers as
 * `authorize` would for an actor who holds `held` (on every entity) and passes `unless`; a super-admin
 * holds everything.
 */
export function recordingGate(who: Actor, held: readonly string[] = []): Gate & { asked: Asked[] } {
  const asked: Asked[] = [];
  const holdsOne = (codes: string | readonly string[]) =>
    who.isSuperAdmin || (typeof codes === 'string' ? [codes] : codes).some((code) => held.includes(code));
  return {
    actor: who,
    asked,
    async authorize(entity, codes, options = {}) {
      const unless = options.unless as Unless;
      asked.push({ entity, codes, unless });
      if (unless?.(who) || holdsOne(codes)) return who;
      throw httpError(403, options.forbidden ?? MESSAGES.forbidden);
    },
    async authorizeVisible() {
      return who;
    },
    async holds(_entity, codes) {
      return holdsOne(codes);
    },
  };
}
