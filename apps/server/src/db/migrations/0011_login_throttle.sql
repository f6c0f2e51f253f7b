-- Sign-in throttling (auth/login-throttle.repository.ts). One row per throttled key: `account:<sha256 of the
-- lower-cased e-mail>` (known or not, so unknown e-mails are treated exactly as known ones) and `ip:<address>`.
-- `failures` counts attempts in a row that did not succeed, each reserved here before its password is checked;
-- past the allowance every attempt sets `blocked_until`, a delay that doubles up to LOGIN_LOCK_MINUTES.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_throttle_updated_idx ON login_throttle (updated_at);

-- Replaced by login_throttle: kept per e-mail, it also covers addresses without an account.
ALTER TABLE users DROP COLUMN failed_logins, DROP COLUMN locked_until;
