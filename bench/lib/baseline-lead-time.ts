// Issue 25 item 4: the learned baseline against ISO 10816 on a real run to failure. The life trend of IMS test 2
// (packages/analytics/fixtures/real/convert.py writes ims2-life.json) goes value by value through the evaluation's own
// learned-baseline code (apps/server/src/modules/analysis/learned-baseline.ts) and through ISO 10816-3 zones, both
// with the default 'X out of Y' persistence (3 of 5). The share of life at each first warning is printed.
import { existsSync, readFileSync } from 'node:fs';
import {
  feedLearnedBaseline,
  type LearnedState,
} from '../../apps/server/src/modules/analysis/learned-baseline.ts';
import {
  DEFAULT_BASELINE_RULE,
  INITIAL_PERSISTENCE,
  ISO_10816_3_BOUNDARIES,
  iso10816Zone,
  iso10816ZoneStatus,
  median,
  updatePersistence,
} from '../../packages/analytics/src/index.ts';

interface LifeTrend {
  description: string;
  unit: 'g';
  failed: string;
  channels: string[];
  times: string[];
  values: number[][];
}

const G = 9.80665;
const PERSISTENCE = { occurrences: 3, window: 5 };

/** The first learned-baseline and ISO 10816 warnings on the failed bearing's life trend, as shares of its life. */
export function baselineLeadTime(dir: string) {
  const file = `${dir}/ims2-life.json`;
  if (!existsSync(file)) return null;
  const life = JSON.parse(readFileSync(file, 'utf8')) as LifeTrend;
  const channel = life.channels.indexOf(life.failed);
  const t = life.times.map((time) => Date.parse(time));
  const values = life.values.map((row) => (row[channel] as number) * G);
  const start = t[0] as number;
  const span = (t.at(-1) as number) - start;
  // The record lasts 6.8 days, shorter than the default 14-day period: it learns on its first 50 values (8 h).
  const rule = { ...DEFAULT_BASELINE_RULE, learningDays: 0 };
  // ISO 10816-3 judges velocity; the record carries acceleration. Its new state (median of the same first 50 values)
  // is put on the zone A/B boundary of a group 2 machine on a rigid foundation, so zone C (warning) begins at 2 × the
  // new level: the earliest any fixed ISO limit can warn on this machine.
  const [ab, bc] = ISO_10816_3_BOUNDARIES[2].rigid;
  const scale = ab / median(values.slice(0, rule.learningCaptures));
  let learned: LearnedState | undefined;
  let iso = INITIAL_PERSISTENCE;
  let learnedAt: number | null = null;
  let isoAt: number | null = null;
  for (let i = 0; i < values.length; i++) {
    const sample = { t: t[i] as number, value: values[i] as number };
    const result = feedLearnedBaseline(learned, sample, 'high', rule, PERSISTENCE);
    learned = result.state;
    if (learnedAt === null && result.status >= 1) learnedAt = sample.t;
    const zone = iso10816ZoneStatus(iso10816Zone(sample.value * scale, 2, 'rigid'));
    iso = updatePersistence(iso, zone >= 1, PERSISTENCE).state;
    if (isoAt === null && iso.active) isoAt = sample.t;
  }
  const share = (at: number | null) => (at === null ? null : (at - start) / span);
  const learnedShare = share(learnedAt);
  const isoShare = share(isoAt);
  const pass = learnedShare !== null && learnedShare >= 0.4 && (isoShare === null || learnedShare < isoShare);
  const percent = (value: number | null) => (value === null ? 'never' : `${(value * 100).toFixed(1)} %`);
  const leadHours = learnedAt !== null && isoAt !== null ? (isoAt - learnedAt) / 3_600_000 : null;
  return {
    pass,
    line: `baseline-lead-time: ${life.description} (${values.length} files over ${(span / 86_400_000).toFixed(1)} days, ${life.failed}): first learned-baseline warning at ${percent(learnedShare)} of life, first ISO 10816-3 warning at ${percent(isoShare)} (zone C at ${(bc / ab).toFixed(1)} × the new level); lead ${learnedShare !== null && isoShare !== null ? `${((isoShare - learnedShare) * 100).toFixed(1)} % of life, ${leadHours?.toFixed(1)} h` : 'n/a'} (budget: learned first, none before 40 %); ${pass ? 'PASS' : 'FAIL'}`,
  };
}
