-- People security (issue 11): the Mail outbox shows administrators a copy of each message without its secrets
-- (invitation links); the message itself keeps them only until it is delivered. Invitations are counted per
-- inviter and per company for the hourly invitation limits.

ALTER TABLE mail_outbox ADD COLUMN shown_text text;

CREATE INDEX invitations_invited_by_created_idx ON invitations (invited_by, created_at);
CREATE INDEX invitations_company_created_idx ON invitations (company_id, created_at);
