import type { Actor, EntityRef, Gate } from '../../../server/src/http/authorize';
import { ANYWHERE } from '../../../server/src/http/authorize';
import { actor as stubActor, stubGate } from './gate-stub';

/** A hand-made signed-in user: a member (not a super-admin) unless told. */
export function actor(userId: number, options: { superAdmin?: boolean } = {}): Actor {
  return stubActor(userId, options.superAdmin ?? false);
}

type Unless = ((user: Actor) => boolean) | undefined;

/** One question a rule asked its gate. */
export type Asked = {
  entity: EntityRef | typeof ANYWHERE;
  codes: string | readonly string[];
  unless: Unless;
};

/**
 * The stub Gate (gate-stub.ts) for an actor who holds `held` on every entity: `asked` records each
 * `authorize` with its `unless`, as the rule passed them.
 */
export function recordingGate(who: Actor, held: readonly string[] = []): Gate & { asked: Asked[] } {
  const gate = stubGate(who, (_entity, code) => held.includes(code));
  const asked: Asked[] = [];
  return {
    ...gate,
    asked,
    authorize(entity, codes, options = {}) {
      asked.push({ entity, codes, unless: options.unless as Unless });
      return gate.authorize(entity, codes, options);
    },
  };
}
