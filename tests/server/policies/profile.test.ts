import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../../contract/profile';
import { assertNewPassword, assertSignInKept } from '../../../server/src/modules/profile/policy';
import { refusal } from './gate-stub';

describe('the profile policy', () => {
  it('keeps a way to sign in: a phone, an email or the matricule', async () => {
    expect(await refusal(() => assertSignInKept({ phone: null, email: null }, null))).toEqual({
      status: 400,
      message: PROFILE_MESSAGES.contactRequired,
    });
    expect(await refusal(() => assertSignInKept({ phone: null, email: null }, 'MAT-000001'))).toBeNull();
    expect(await refusal(() => assertSignInKept({ phone: '+2250701020304', email: null }, null))).toBeNull();
    expect(await refusal(() => assertSignInKept({ phone: null, email: 'a@example.org' }, null))).toBeNull();
  });

  const change = {
    currentValid: true,
    current: 'ancien-mot-de-passe',
    next: 'nouveau-mot-de-passe',
    production: true,
    demoPassword: 'demo1234',
  };

  it('asks the right current password, then a different new one', async () => {
    expect(await refusal(() => assertNewPassword(change))).toBeNull();
    expect(
      await refusal(() => assertNewPassword({ ...change, currentValid: false, next: change.current })),
    ).toEqual({ status: 400, message: PROFILE_MESSAGES.currentWrong });
    expect(await refusal(() => assertNewPassword({ ...change, next: change.current }))).toEqual({
      status: 400,
      message: PROFILE_MESSAGES.sameAsCurrent,
    });
  });

  it('refuses a demo password in production only, whatever its case', async () => {
    const demo = { ...change, next: 'Mon-DEMO1234-secret' };
    expect(await refusal(() => assertNewPassword(demo))).toEqual({
      status: 400,
      message: PROFILE_MESSAGES.demoForbidden,
    });
    expect(await refusal(() => assertNewPassword({ ...demo, production: false }))).toBeNull();
  });
});
