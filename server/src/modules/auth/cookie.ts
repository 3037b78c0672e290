/**
 * The session cookie's options: POST /login sets it with them, and DELETE /logout and the profile's
 * ending of the current session clear it with the same ones (a browser keeps a cookie cleared with
 * other options).
 */
export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, signed: true };
}
