import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delay` ms (searches hit the server at most every 500 ms). */
export function useDebouncedValue<T>(value: T, delay = 500): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
