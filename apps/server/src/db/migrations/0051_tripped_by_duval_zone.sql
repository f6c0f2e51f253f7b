-- A fault event opened because a DGA sensor's gases sit in Duval Triangle 1 zone D2 or T3 (issue 26 items 1 and 8) was
-- stored as tripped by a 'fixed_limit', although no limit was crossed: every gas may be under its limits and the zone
-- alone drives the status. Its details, mail and export now say 'Duval zone'. Zone events opened before keep the
-- word they were stored with, corrected here by their tag.
ALTER TABLE fault_events DROP CONSTRAINT fault_events_tripped_by_check;
ALTER TABLE fault_events ADD CONSTRAINT fault_events_tripped_by_check
  CHECK (tripped_by IN ('fixed_limit', 'learned_baseline', 'duval_zone'));
UPDATE fault_events SET tripped_by = 'duval_zone' WHERE tag IN ('dga_duval_zone', 'oltc_dga_duval_zone');
