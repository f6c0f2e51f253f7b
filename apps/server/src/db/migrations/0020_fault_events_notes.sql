-- Fault events people own (acknowledge, done, recipients, evidence), notes and comments, sensor point notes,
-- each user's 'Real time fault event' choice and language, and the replayable live event log (issue 15).

-- What a reliability engineer needs to trust an event, stored once when it opens (limits edited later do not
-- rewrite it): value against limits and persistence, the 24 h trend, the spectrum summary of the capture.
ALTER TABLE fault_events ADD COLUMN evidence jsonb;
ALTER TABLE fault_events ADD COLUMN done_updated_at timestamptz;
CREATE INDEX fault_events_company_date_idx ON fault_events (company_id, event_date DESC);

-- Who was told at acknowledge ('ack') and done ('done'): the Acked To and Done To lists.
CREATE TABLE fault_event_recipients (
  fault_event_id bigint NOT NULL REFERENCES fault_events (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('ack', 'done')),
  email text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (fault_event_id, stage, email)
);

CREATE TABLE note_topics (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  topic text NOT NULL,
  description text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX note_topics_model_idx ON note_topics (model_id, updated_at DESC);

CREATE TABLE note_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topic_id uuid NOT NULL REFERENCES note_topics (id) ON DELETE CASCADE,
  description text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX note_comments_topic_idx ON note_comments (topic_id, created_at);

CREATE TABLE sensor_point_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  sensor_id text NOT NULL,
  phase text NOT NULL DEFAULT '',
  axis text NOT NULL DEFAULT '',
  ts timestamptz NOT NULL,
  y_position double precision NOT NULL,
  description text NOT NULL,
  rvs_graph_id text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sensor_point_notes_model_idx ON sensor_point_notes (model_id, sensor_id, ts);

-- The header's 'Real time fault event' switch (browser notification and e-mail per new event) and the language
-- mail to the user is written in.
CREATE TABLE user_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'th')),
  realtime_fault_event boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Live events, kept a day so a stream that reconnects with Last-Event-ID (even to another instance, or after a
-- restart) gets what it missed. sdp_publish stores one and NOTIFYs it with its id in the same transaction.
CREATE TABLE live_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_company_idx ON live_events (company_id, id);

CREATE FUNCTION sdp_publish(event jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  INSERT INTO live_events (company_id, payload) VALUES ((event ->> 'companyId')::uuid, event) RETURNING id INTO new_id;
  PERFORM pg_notify('sdp_events', (event || jsonb_build_object('liveId', new_id))::text);
  IF new_id % 500 = 0 THEN
    DELETE FROM live_events WHERE created_at < now() - interval '1 day';
  END IF;
  RETURN new_id;
END;
$$;
