-- Reminders are for events that can still be acted on in time (issue 26 item 6, docs/fault-events-and-notes.md
-- "Escalation"). Each event records when the escalation job began to watch it: when the server stored it, or, for
-- the events stored before this column existed, when this migration ran. An event whose first reminder time (its
-- date plus its company's time) had already passed by then is history (a demo's or a gateway's backfill, data
-- delivered late, events of before reminders existed): it is never reminded, so switching reminders on or loading
-- history does not mail a burst of 'Fault event not acknowledged' for old events. Events raised since are reminded.
ALTER TABLE fault_events ADD COLUMN escalation_watched_from timestamptz NOT NULL DEFAULT now();
