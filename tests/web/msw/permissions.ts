import { http, HttpResponse } from 'msw';

/** POST /permissions/check-multiple answered for every code asked: held when `held` says so. */
export function permissionChecks(held: (code: string) => boolean) {
  return http.post('*/api/permissions/check-multiple', async ({ request }) => {
    const body = (await request.json()) as { permissions: string[] };
    const results = Object.fromEntries(body.permissions.map((code) => [code, held(code)]));
    return HttpResponse.json({ hasAny: false, hasAll: false, results });
  });
}
