-- What a fault event says is wrong and what to do (issue 26 item 2): the failure mode, the part and the evidence
-- numbers found when the event opened, stored once beside its evidence; the page, mail and report put them into
-- the reader's language.
ALTER TABLE fault_events ADD COLUMN diagnosis jsonb;
