-- Issue 13: the DE and NDE bearings of a motor's data become references to the bearing catalogue.
-- Before, motor_data_in kept them (when at all) as a bare number such as 6316, while the master data names
-- them by designation ('6316 C3'). Each row now carries bearingId (table bearings) and no number; a number
-- that names a catalogue designation is kept as that bearing, anything else becomes "not chosen" (null).
-- MCA models without the rows get them with the master data's default designation (clearance suffix ignored).

UPDATE equipment_model_settings s
SET document = jsonb_set(
  s.document,
  '{motor_data_in}',
  (
    SELECT coalesce(jsonb_agg(
      CASE WHEN r ->> 'modelConfigurationTagCode' IN ('bearing_de', 'bearing_nde') THEN
        r || jsonb_build_object(
          'value', NULL,
          'bearingId', (SELECT b.id FROM bearings b
                        WHERE b.designation = r ->> 'value'))
      ELSE r END ORDER BY e.ord), '[]'::jsonb)
    FROM jsonb_array_elements(coalesce(s.document -> 'motor_data_in', '[]'::jsonb)) WITH ORDINALITY AS e (r, ord)
  )
)
FROM equipment_models m
WHERE m.id = s.model_id AND m.model_type_id IN (2, 3)
  AND jsonb_typeof(s.document -> 'motor_data_in') = 'array';

UPDATE equipment_model_settings s
SET document = jsonb_set(
  s.document,
  '{motor_data_in}',
  coalesce(s.document -> 'motor_data_in', '[]'::jsonb) || (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'modelConfigurationTagCode', i.tag_code,
      'title', i.title,
      'value', NULL,
      'bearingId', (SELECT b.id FROM bearings b WHERE b.designation = split_part(i.default_value, ' ', 1))
    ) ORDER BY i.id), '[]'::jsonb)
    FROM configuration_items i
    WHERE i.model_type_id = 2 AND i.tag_code IN ('bearing_de', 'bearing_nde')
      AND NOT coalesce(s.document -> 'motor_data_in', '[]'::jsonb)
        @> jsonb_build_array(jsonb_build_object('modelConfigurationTagCode', i.tag_code))
  )
)
FROM equipment_models m
WHERE m.id = s.model_id AND m.model_type_id = 2;
