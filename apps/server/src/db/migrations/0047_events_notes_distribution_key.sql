-- Fault events and notes carry their distribution key (issue 28 item 3, docs/scale.md "Distribution keys",
-- docs/decisions/0007): they are per model, co-located with the waveforms by model_id. Each primary key becomes
-- (model_id, id), the tables that point at them take model_id into their rows, keys and foreign keys (backfilled from
-- the parent rows), and a plain index on id stays for the one lookup of a route that names a row by its id alone.
-- Ids keep coming from their sequences (events) and gen_random_uuid (notes): clients see the same ids as before.

-- Fault events and their recipients.
ALTER TABLE fault_event_recipients ADD COLUMN model_id uuid;
UPDATE fault_event_recipients r SET model_id = f.model_id FROM fault_events f WHERE f.id = r.fault_event_id;
ALTER TABLE fault_event_recipients ALTER COLUMN model_id SET NOT NULL;
ALTER TABLE fault_event_recipients DROP CONSTRAINT fault_event_recipients_fault_event_id_fkey;
ALTER TABLE fault_event_recipients DROP CONSTRAINT fault_event_recipients_pkey;
ALTER TABLE fault_events DROP CONSTRAINT fault_events_reopened_from_fkey;
-- An event continues a closed event of its own tag, so of its own model; a link that is not (none is expected) goes.
UPDATE fault_events f SET reopened_from = NULL
WHERE f.reopened_from IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM fault_events p WHERE p.id = f.reopened_from AND p.model_id = f.model_id);
ALTER TABLE fault_events DROP CONSTRAINT fault_events_pkey;
ALTER TABLE fault_events ADD PRIMARY KEY (model_id, id);
CREATE INDEX fault_events_id_idx ON fault_events (id);
-- Deleting the continued event clears the link only, never the model of the event that names it.
ALTER TABLE fault_events ADD CONSTRAINT fault_events_reopened_from_fkey FOREIGN KEY (model_id, reopened_from)
  REFERENCES fault_events (model_id, id) ON DELETE SET NULL (reopened_from);
ALTER TABLE fault_event_recipients ADD PRIMARY KEY (model_id, fault_event_id, stage, email);
ALTER TABLE fault_event_recipients ADD CONSTRAINT fault_event_recipients_fault_event_fkey
  FOREIGN KEY (model_id, fault_event_id) REFERENCES fault_events (model_id, id) ON DELETE CASCADE;

-- Notes and their comments.
ALTER TABLE note_comments ADD COLUMN model_id uuid;
UPDATE note_comments c SET model_id = t.model_id FROM note_topics t WHERE t.id = c.topic_id;
ALTER TABLE note_comments ALTER COLUMN model_id SET NOT NULL;
ALTER TABLE note_comments DROP CONSTRAINT note_comments_topic_id_fkey;
ALTER TABLE note_comments DROP CONSTRAINT note_comments_pkey;
ALTER TABLE note_topics DROP CONSTRAINT note_topics_pkey;
ALTER TABLE note_topics ADD PRIMARY KEY (model_id, id);
CREATE INDEX note_topics_id_idx ON note_topics (id);
ALTER TABLE note_comments ADD PRIMARY KEY (model_id, id);
CREATE INDEX note_comments_id_idx ON note_comments (id);
ALTER TABLE note_comments ADD CONSTRAINT note_comments_topic_fkey
  FOREIGN KEY (model_id, topic_id) REFERENCES note_topics (model_id, id) ON DELETE CASCADE;
DROP INDEX note_comments_topic_idx;
CREATE INDEX note_comments_topic_idx ON note_comments (model_id, topic_id, created_at);

-- Sensor point notes (the routes name the model by its code, so no lookup by id alone is needed).
ALTER TABLE sensor_point_notes DROP CONSTRAINT sensor_point_notes_pkey;
ALTER TABLE sensor_point_notes ADD PRIMARY KEY (model_id, id);
