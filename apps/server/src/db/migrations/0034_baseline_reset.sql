-- Reset baseline (issue 25 item 4, docs/baselines.md): after maintenance a model's learned baselines learn again. The
-- instant is kept on the model, so the analysis restarts each value's learning period at its next round whatever it
-- was doing when the reset came; the audit log keeps who reset and when.
ALTER TABLE equipment_models ADD COLUMN baseline_reset_at timestamptz;
