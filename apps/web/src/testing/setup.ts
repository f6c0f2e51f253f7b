import { configure } from '@testing-library/react';
import { registerLanguage } from '../lib/i18n.ts';
import { th } from '../lib/locales/th.ts';

// jsdom renders a whole page on the CPU: on a loaded machine a model page's first render can take longer than
// testing-library's default 1 s wait (and vitest's 5 s test), which made these tests fail by load alone. The waits
// end as soon as their condition holds, so longer limits only lengthen a run that fails anyway.
configure({ asyncUtilTimeout: 15_000 });

// The app fetches the Thai dictionary when Thai is chosen (lib/i18n.ts); tests switch languages synchronously, so it
// is at hand from the start.
registerLanguage('th', th);
