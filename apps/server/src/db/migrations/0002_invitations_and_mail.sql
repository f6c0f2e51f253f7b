-- Invitations (local accounts set a password through them; OIDC users just sign in) and the mail outbox.

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- NULL for a platform administrator's invitation.
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_user_idx ON invitations (user_id);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  -- queued: waiting for the worker; sent: accepted by the SMTP server; failed: gave up after retries;
  -- stored: no SMTP server configured, the outbox is the delivery.
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed', 'stored')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
