// Budgets (issue 6): LTTB 1,000,000 → 2,000 points ≤ 20 ms median; M4 on the same input ≤ 10 ms median.
// Measured: lttbIndices and m4Indices (2,000 pixel columns, ≤ 8,000 points) on a 1,000,000-point random
// walk, median of 30 runs. Baselines, same run: LTTB in Python with numpy per bucket, and M4 vectorised in
// numpy (reduceat), median of 10 runs.
import { lttbIndices, m4Indices } from '../packages/analytics/src/index.ts';
import { medianMs, ms, numpyMedianMs } from './analytics-support.ts';

const n = 1_000_000;
const x = Float64Array.from({ length: n }, (_, i) => i);
const y = new Float64Array(n);
for (let i = 1; i < n; i++) y[i] = y[i - 1]! + Math.random() - 0.5;
const lttbMs = medianMs(() => lttbIndices(x, y, 2000), 30, 5);
const m4Ms = medianMs(() => m4Indices(x, y, 2000), 30, 5);
const setup = `x = np.arange(${n}, dtype=float)\ny = np.cumsum(np.random.default_rng(1).uniform(-0.5, 0.5, ${n}))`;
const numpyLttbMs = numpyMedianMs(
  [
    setup,
    'def f(t=2000):',
    '    n = len(x); every = (n - 2) / (t - 2); a = 0; out = [0]',
    '    for i in range(t - 2):',
    '        s, e = int((i + 1) * every) + 1, min(int((i + 2) * every) + 1, n)',
    '        ax, ay = x[s:e].mean(), y[s:e].mean()',
    '        lo, hi = int(i * every) + 1, int((i + 1) * every) + 1',
    '        a = lo + int(np.argmax(np.abs((x[a] - ax) * (y[lo:hi] - y[a]) - (x[a] - x[lo:hi]) * (ay - y[a]))))',
    '        out.append(a)',
    '    out.append(n - 1)',
  ].join('\n'),
  10,
  2,
);
const numpyM4Ms = numpyMedianMs(
  [
    setup,
    'def f(w=2000):',
    '    col = np.minimum(((x - x[0]) * w / (x[-1] - x[0])).astype(np.int64), w - 1)',
    '    starts = np.flatnonzero(np.r_[True, col[1:] != col[:-1]])',
    '    ends = np.r_[starts[1:] - 1, len(x) - 1]',
    '    mins = np.minimum.reduceat(y, starts); maxs = np.maximum.reduceat(y, starts)',
    '    return starts, ends, mins, maxs',
  ].join('\n'),
  10,
  2,
);
const pass = lttbMs <= 20 && m4Ms <= 10;
console.log(
  `analytics-downsample: 1,000,000 points → LTTB 2000 median ${ms(lttbMs)} (budget ≤ 20 ms), M4 2000 columns median ${ms(m4Ms)} (budget ≤ 10 ms); numpy baselines LTTB ${ms(numpyLttbMs)}, M4 reduceat ${ms(numpyM4Ms)} ${pass ? 'PASS' : 'FAIL'}`,
);
