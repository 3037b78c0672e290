import { useLocation } from 'react-router';

/** The back link: the previous location when the page was opened with one (location.state.from). */
export function useBackFrom(fallback: string | null): string | null {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : fallback;
}
