/** The Overall Trend opens on the last 7 days (spec 03 §7). */
export const TREND_RANGE_DAYS = 7;
/** A sensor change asks for data once it has held this long (spec 03 §5, §9). */
export const SENSOR_DEBOUNCE_MS = 1000;

/**
 * The sensor the Overall Trend opens on (issue 27 item 1): the one in the worst state (alarm, then warning, then
 * normal, then without data), the first of the model's sensors on a tie; the first sensor while statuses are unknown.
 */
export function worstSensor(
  sensors: readonly { sensorId: string }[],
  statuses: readonly { sensorId: string; status: number }[] | undefined,
): string | undefined {
  const statusOf = new Map((statuses ?? []).map((one) => [one.sensorId, one.status]));
  let worst: { sensorId: string; status: number } | undefined;
  for (const { sensorId } of sensors) {
    const status = statusOf.get(sensorId) ?? -1;
    if (!worst || status > worst.status) worst = { sensorId, status };
  }
  return worst?.sensorId;
}
