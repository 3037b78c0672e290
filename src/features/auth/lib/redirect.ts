/** The path a guest asked for, as the `redirect` query of /connexion. */
export function signInPath(location: { pathname: string; search?: string; hash?: string }): string {
  const asked = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (!asked || asked === '/') return '/connexion';
  return `/connexion?redirect=${encodeURIComponent(asked)}`;
}

/** The `redirect` to follow after sign-in, only when it is a path of this application (no open redirect). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/connexion' || value.startsWith('/connexion?')) return null;
  return value;
}
