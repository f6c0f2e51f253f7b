-- Six-hourly rollups beside the hourly ones (0006): a year's chart is 1,200-odd pixel columns of about 7 hours, so
-- M4 over a year reads 1,460 rows per series instead of 8,760 (bench/transformer-calls.ts: the health tab draws ten
-- year-long series in one call). Same columns and the same idempotent merge; a bucket is never wider than the
-- pixel column that reads it, as with the hourly level.
CREATE TABLE measurement_rollups_6h (
  series_id bigint NOT NULL,
  bucket timestamptz NOT NULL,
  t_first timestamptz NOT NULL,
  v_first double precision NOT NULL,
  t_last timestamptz NOT NULL,
  v_last double precision NOT NULL,
  t_min timestamptz NOT NULL,
  v_min double precision NOT NULL,
  t_max timestamptz NOT NULL,
  v_max double precision NOT NULL,
  PRIMARY KEY (series_id, bucket)
);

-- What is stored already, from the hourly level (exact: every hour lies in one six-hour bucket).
INSERT INTO measurement_rollups_6h
SELECT series_id,
  to_timestamp(floor(date_part('epoch', bucket) / 21600) * 21600) AS b,
  (array_agg(t_first ORDER BY t_first))[1], (array_agg(v_first ORDER BY t_first))[1],
  (array_agg(t_last ORDER BY t_last DESC))[1], (array_agg(v_last ORDER BY t_last DESC))[1],
  (array_agg(t_min ORDER BY v_min))[1], min(v_min),
  (array_agg(t_max ORDER BY v_max DESC))[1], max(v_max)
FROM measurement_rollups
GROUP BY series_id, b;
