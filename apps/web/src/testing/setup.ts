import { configure } from '@testing-library/react';

// jsdom renders a whole page on the CPU: on a loaded machine a model page's first render can take longer than
// testing-library's default 1 s wait (and vitest's 5 s test), which made these tests fail by load alone. The waits
// end as soon as their condition holds, so longer limits only lengthen a run that fails anyway.
configure({ asyncUtilTimeout: 15_000 });
