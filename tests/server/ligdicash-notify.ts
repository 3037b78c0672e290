/**
 * A LigdiCash notification as the provider sends it (decisions 0019 and 0043): JSON, or a form whose
 * arrays are written `items[0][name]=…`; for the subscriptions' and the gifts' notification routes.
 */
export function notificationRequest(body: Record<string, unknown>, form: boolean): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form
      ? new URLSearchParams(
          Object.entries(body).flatMap(([k, v]) =>
            Array.isArray(v)
              ? v.flatMap((entry: Record<string, string>, i) =>
                  Object.entries(entry).map(([ek, ev]): [string, string] => [`${k}[${i}][${ek}]`, ev]),
                )
              : [[k, String(v)] as [string, string]],
          ),
        ).toString()
      : JSON.stringify(body),
  };
}
