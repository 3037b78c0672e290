import { ANYWHERE, type EntityRef, type Gate } from '../../../server/src/http/authorize';
import { actor, stubGate } from './gate-stub';

type Target = EntityRef | typeof ANYWHERE;

/** What the stub's user holds: codes on one entity (type and id as the policy names them), or anywhere. */
export type Grant = { on: Target; codes: string[] };

export type GrantsGateCall = { entity: Target; codes: string[]; options?: Record<string, unknown> };

const same = (a: Target, b: Target) =>
  a === ANYWHERE || b === ANYWHERE ? a === b : a.type === b.type && a.id === b.id;

/**
 * The stub Gate (gate-stub.ts) for a user (id `userId`) who holds exactly `grants`, each on its own
 * entity: `calls` lists what `authorize` was asked (with its options), `asked` what `holds` was asked.
 */
export function gateStub(
  grants: Grant[] = [],
  userId = 7,
): Gate & { calls: GrantsGateCall[]; asked: GrantsGateCall[] } {
  const gate = stubGate(actor(userId), (entity, code) =>
    grants.some((grant) => same(grant.on, entity) && grant.codes.includes(code)),
  );
  const calls: GrantsGateCall[] = [];
  const asked: GrantsGateCall[] = [];
  const list = (codes: string | readonly string[]) => (typeof codes === 'string' ? [codes] : [...codes]);
  return {
    ...gate,
    calls,
    asked,
    authorize(entity, codes, options) {
      calls.push({ entity, codes: list(codes), options });
      return gate.authorize(entity, codes, options);
    },
    holds(entity, codes, options) {
      asked.push({ entity, codes: list(codes) });
      return gate.holds(entity, codes, options);
    },
  };
}

export { refusal } from './gate-stub';
