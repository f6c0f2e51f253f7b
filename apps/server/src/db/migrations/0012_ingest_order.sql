-- Evaluation in ingestion order (issue 11, docs/decisions/0005): every stored batch queues, per series, the points it
-- added, as they arrived; the analysis takes the queue in order, evaluates each point once and deletes what it took.
-- The measurements table and its binary COPY stay as they are (decision 0002): the queue is one row per series and
-- batch, its points packed as little-endian float64 pairs (epoch milliseconds, value) and sent as one binary value.
CREATE TABLE measurement_arrivals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  series_id bigint NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  points bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Packed doubles hardly compress: stored out of line without trying.
ALTER TABLE measurement_arrivals ALTER COLUMN points SET STORAGE EXTERNAL;
CREATE INDEX measurement_arrivals_series_idx ON measurement_arrivals (series_id, id);
