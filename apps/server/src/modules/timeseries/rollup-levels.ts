const HOUR_MS = 3_600_000;

/**
 * The rollup levels of every series: first, last, minimum and maximum with their times per bucket, merged by ingest
 * in the batch's transaction and read by M4 over long ranges. Hourly (migration 0006) and six-hourly (0026): a
 * year's chart reads 1,460 six-hour rows per series instead of 8,760 hourly ones.
 */
export const ROLLUP_LEVELS = [
  { table: 'measurement_rollups', spanMs: HOUR_MS },
  { table: 'measurement_rollups_6h', spanMs: 6 * HOUR_MS },
] as const;
