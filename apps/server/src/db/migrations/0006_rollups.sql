-- Hourly rollups of every series: first, last, minimum and maximum with their times. A chart over a long range
-- is drawn by M4 from these (a year is 8,760 rows instead of 525,600), exact to the hour.
-- Merging is idempotent (least/greatest/earliest/latest), so a repeated point never skews them.
CREATE TABLE measurement_rollups (
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
