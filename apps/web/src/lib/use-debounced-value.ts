import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a query should follow when every change of a field would
 * otherwise ask the server (spec 03 §5: the trend graph's sensor change is debounced by 1 s). The first value is
 * taken at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
