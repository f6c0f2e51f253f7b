-- Issue 28 item 3 (docs/scale.md): a distributed PostgreSQL (Citus) requires every primary key and unique index of a
-- distributed table to hold its distribution column. Waveforms are distributed by model_id: the primary key becomes
-- (model_id, id); the unique capture key (model_id, sensor, kind, channel, captured_at) and waveforms_model_idx already
-- lead with it. A capture looked up by its id alone (the waveform routes) keeps an index of its own.
ALTER TABLE waveforms DROP CONSTRAINT waveforms_pkey;
ALTER TABLE waveforms ADD PRIMARY KEY (model_id, id);
CREATE INDEX waveforms_id_idx ON waveforms (id);
