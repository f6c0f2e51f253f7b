import { vi } from 'vitest';

/**
 * Makes the page see a phone screen (390 px): MUI's `breakpoints.down('sm')` query (max-width 599.95 px) matches,
 * wider ones do not. Undone by `vi.unstubAllGlobals()`.
 */
export function phoneScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*599\.95px/.test(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
}
