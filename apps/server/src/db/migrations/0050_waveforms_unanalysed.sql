-- Captures waiting for their model's analysis, found without reading the table (issue 28 item 1). A binary capture is
-- committed on its own and its model's analysis job is enqueued after the commit (a job sent inside the capture's
-- transaction made concurrent captures of one model wait on each other's commit at the queue's singleton); the
-- minute's maintenance enqueues the job again for any model that still has captures not analysed, so a process that
-- stops between the commit and the enqueue loses nothing. The analysis reads its pending captures through it too.
CREATE INDEX waveforms_unanalysed_idx ON waveforms (model_id, captured_at) WHERE analysed_at IS NULL;
