-- Waveform units are honoured (issue 25 item 1, docs/ingestion.md "Units"): from now on the server converts a capture
-- once, as it stores it, into the unit every reader of its kind takes (vibration m/s², current A, voltage V, PD pC),
-- and `unit` says so. Captures stored before kept the unit string their sender wrote while every reader took the
-- samples as m/s², A, V or pC. This maps them so they keep their meaning: spellings of the stored unit are renamed,
-- and a capture in a multiple of it (g, mA, kV, …) has its samples scaled once, here, so no reader needs a factor.
-- Scaling at read instead (a stored factor) would have to be applied by every one of the readers (analysis, RVS,
-- reports, fault-event evidence, spectra, MCA, VCA, transformer, PD); a one-time rewrite costs the old captures only.
-- A vibration capture sent as velocity or displacement (mm/s, in/s, µm) cannot be differentiated here: it keeps its
-- unit string, and the server's `maintain` job converts it with the code new captures use (ingest/units.ts).

-- float32 little-endian samples × factor, rounded to float32 again (IEEE round-to-nearest by the float4 cast).
CREATE OR REPLACE FUNCTION pg_temp.sdp_scale_f32(data bytea, factor double precision) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  hex text[] := '{}';
  bits bigint;
  sign bigint;
  exponent integer;
  mantissa bigint;
  value double precision;
  magnitude double precision;
  e integer;
BEGIN
  FOR i IN 0 .. length(data) / 4 - 1 LOOP
    bits := get_byte(data, 4 * i)::bigint | (get_byte(data, 4 * i + 1)::bigint << 8)
      | (get_byte(data, 4 * i + 2)::bigint << 16) | (get_byte(data, 4 * i + 3)::bigint << 24);
    sign := bits >> 31;
    exponent := ((bits >> 23) & 255)::integer;
    mantissa := bits & 8388607;
    IF exponent = 0 THEN
      value := mantissa * power(2::double precision, -149);
    ELSE
      value := (8388608 + mantissa) * power(2::double precision, exponent - 150);
    END IF;
    magnitude := abs((value * factor)::real::double precision);
    IF magnitude = 0 THEN
      bits := 0;
    ELSE
      e := floor(ln(magnitude) / ln(2))::integer;
      WHILE power(2::double precision, e) > magnitude LOOP e := e - 1; END LOOP;
      WHILE power(2::double precision, e + 1) <= magnitude LOOP e := e + 1; END LOOP;
      IF e < -126 THEN
        bits := round(magnitude / power(2::double precision, -149))::bigint;
      ELSE
        bits := ((e + 127)::bigint << 23) | round((magnitude / power(2::double precision, e) - 1) * 8388608)::bigint;
      END IF;
    END IF;
    bits := bits | (sign << 31);
    hex := array_append(hex, lpad(to_hex(bits & 255), 2, '0') || lpad(to_hex((bits >> 8) & 255), 2, '0')
      || lpad(to_hex((bits >> 16) & 255), 2, '0') || lpad(to_hex((bits >> 24) & 255), 2, '0'));
  END LOOP;
  RETURN decode(array_to_string(hex, ''), 'hex');
END
$$;

CREATE TEMPORARY TABLE sdp_unit_map (kind text, unit text, stored text, factor double precision) ON COMMIT DROP;
INSERT INTO sdp_unit_map VALUES
  ('vibration', 'g', 'm/s²', 9.80665), ('vibration', 'G', 'm/s²', 9.80665),
  ('vibration', 'm/s2', 'm/s²', 1), ('vibration', 'm/s^2', 'm/s²', 1), ('vibration', 'm/s**2', 'm/s²', 1),
  ('vibration', 'm s-2', 'm/s²', 1), ('vibration', 'm·s⁻²', 'm/s²', 1), ('vibration', 'ms-2', 'm/s²', 1),
  ('vibration', 'm/sec2', 'm/s²', 1), ('vibration', 'm/sec^2', 'm/s²', 1), ('vibration', 'mps2', 'm/s²', 1),
  ('current', 'a', 'A', 1), ('current', 'amp', 'A', 1), ('current', 'amps', 'A', 1), ('current', 'Arms', 'A', 1),
  ('current', 'mA', 'A', 0.001), ('current', 'kA', 'A', 1000),
  ('voltage', 'v', 'V', 1), ('voltage', 'volt', 'V', 1), ('voltage', 'volts', 'V', 1), ('voltage', 'Vrms', 'V', 1),
  ('voltage', 'mV', 'V', 0.001), ('voltage', 'kV', 'V', 1000),
  ('pd', 'pc', 'pC', 1), ('pd', 'PC', 'pC', 1), ('pd', 'nC', 'pC', 1000);

UPDATE waveforms w
SET unit = m.stored,
    samples = CASE WHEN m.factor = 1 THEN w.samples ELSE pg_temp.sdp_scale_f32(w.samples, m.factor) END
FROM sdp_unit_map m
WHERE m.kind = w.kind AND m.unit = btrim(w.unit);

DROP FUNCTION pg_temp.sdp_scale_f32(bytea, double precision);
