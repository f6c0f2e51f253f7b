/** Helpers shared by the tests of this package (not exported by the barrel). */
import { readFileSync } from 'node:fs';
import type { ModelSimulator } from './generators/model-simulator.ts';
import { modelSimulator } from './generators/simulators.ts';
import { DAY_MS, type SimulationContext } from './generators/timeline.ts';
import { demoPlant, type PlantModel } from './plant.ts';

/** 'Now' of the tests: deliberately not on any sampling grid. */
export const NOW = Date.UTC(2026, 10, 22, 12, 34, 56, 789);
/** Day 0 of the tests' timeline: 90 days before {@link NOW}. */
export const ORIGIN = NOW - 90 * DAY_MS;
export const SEED = 7;

/** The test context for `seed`. */
export function contextFor(seed = SEED): SimulationContext {
  return { seed, origin: ORIGIN, utcOffsetHours: demoPlant.company.utcOffsetHours };
}

/** The demo model with this code. */
export function plantModel(code: string): PlantModel {
  const model = demoPlant.models.find((candidate) => candidate.code === code);
  if (!model) throw new Error(`no model ${code} in the demo plant`);
  return model;
}

/** The simulator of a demo model in the test context. */
export function simulatorOf(code: string, seed = SEED): ModelSimulator {
  return modelSimulator(plantModel(code), contextFor(seed));
}

/** Every instant of the 90-day history on the grid of `intervalMs`, with its timeline day. */
export function historyGrid(intervalMs: number): { t: number; day: number }[] {
  const grid = [];
  for (let t = Math.ceil(ORIGIN / intervalMs) * intervalMs; t <= NOW; t += intervalMs) {
    grid.push({ t, day: (t - ORIGIN) / DAY_MS });
  }
  return grid;
}

/** A row of sampled history: every tag's value, with the instant and its timeline day. */
export type SampleRow = Record<string, number> & { t: number; day: number };

/** The simulator's scalar values on every instant of the 90-day history grid of `intervalMs`. */
export function sampledHistory(simulator: ModelSimulator, intervalMs: number): SampleRow[] {
  return historyGrid(intervalMs).map(({ t, day }) => Object.assign(simulator.sample(t), { t, day }));
}

/** The first day on which `test` holds, or null. */
export function firstDay<T extends { day: number }>(
  rows: readonly T[],
  test: (row: T) => boolean,
): number | null {
  return rows.find(test)?.day ?? null;
}

/** The server's master-data migration and the later ones that add master rows (0015: the OLTC's methane). */
const migrations = ['0004_model_master_data.sql', '0015_pd_captures.sql'].map((name) =>
  readFileSync(new URL(`../../../apps/server/src/db/migrations/${name}`, import.meta.url), 'utf8'),
);

/** The value rows of `INSERT INTO <table> VALUES …;` in the server's master-data migrations, split into fields. */
export function masterRows(table: string): string[][] {
  const blocks = migrations.flatMap((migration) => {
    const start = migration.indexOf(`INSERT INTO ${table} VALUES`);
    return start < 0 ? [] : [migration.slice(start, migration.indexOf(';', start))];
  });
  if (!blocks.length) throw new Error(`no INSERT INTO ${table} in the master-data migrations`);
  const block = blocks.join('\n');
  const rows = [...block.matchAll(/\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)].map((match) => match[1]!);
  // In id order, as the table reads: a later migration's rows fall in among the first ones.
  return rows
    .map((row) =>
      [...row.matchAll(/'((?:[^']|'')*)'|([^,\s][^,]*)/g)].map((field) =>
        field[1] !== undefined ? field[1].replaceAll("''", "'") : field[2]!.trim(),
      ),
    )
    .sort((a, b) => Number(a[0]) - Number(b[0]) || 0);
}
