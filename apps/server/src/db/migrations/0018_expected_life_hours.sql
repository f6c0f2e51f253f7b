-- Expected life of the VCA remaining-life rows is in hours (issue 13 item 2), like L0: the edit form labelled it
-- 'Expected life (years)' while the analysis divided hours by it. A value above 0 and at most 100 can only have
-- been typed as years (no drive part lasts 100 hours), so it becomes hours at 8,760 h a year. The field now takes
-- at least 1,000 h; any other value below that (0, negative, 100–1,000) says nothing usable and becomes null, so
-- the remaining life falls back to L0 as it does for an empty field. Values of 1,000 and more already are hours.
UPDATE equipment_model_settings
SET document = jsonb_set(
  document,
  '{vsd_alarm_limit_sensor_new_in}',
  (SELECT jsonb_agg(
     CASE
       WHEN jsonb_typeof(r -> 'expectedLifeTime') <> 'number' OR (r ->> 'expectedLifeTime')::float8 >= 1000 THEN r
       WHEN (r ->> 'expectedLifeTime')::float8 > 0 AND (r ->> 'expectedLifeTime')::float8 <= 100
         THEN jsonb_set(r, '{expectedLifeTime}', to_jsonb((r ->> 'expectedLifeTime')::float8 * 8760))
       ELSE jsonb_set(r, '{expectedLifeTime}', 'null'::jsonb)
     END ORDER BY ord)
   FROM jsonb_array_elements(document -> 'vsd_alarm_limit_sensor_new_in') WITH ORDINALITY AS e (r, ord)),
  false),
  updated_at = now()
WHERE jsonb_typeof(document -> 'vsd_alarm_limit_sensor_new_in') = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(document -> 'vsd_alarm_limit_sensor_new_in') AS e (r)
    WHERE jsonb_typeof(r -> 'expectedLifeTime') = 'number' AND (r ->> 'expectedLifeTime')::float8 < 1000);
