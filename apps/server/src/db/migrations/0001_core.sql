-- Core schema of spec 01: accounts, companies, memberships, the structure tree, models,
-- assignments, e-mail schedules, report settings, sessions and the audit log.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  image_url text,
  password_hash text,
  platform_role text NOT NULL DEFAULT 'USER' CHECK (platform_role IN ('ADMIN', 'USER')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'inactive')),
  oidc_subject text,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_path text,
  initial_code text NOT NULL CHECK (initial_code ~ '^[A-Z0-9]+$'),
  start_date date NOT NULL,
  end_date date NOT NULL,
  rvs_upgrade boolean NOT NULL DEFAULT false,
  time_zone text NOT NULL DEFAULT 'Asia/Bangkok',
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_date <= end_date)
);
CREATE UNIQUE INDEX companies_initial_code_key ON companies (initial_code);

CREATE TABLE memberships (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'owner_rvs', 'supmem', 'member')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'inactive')),
  is_notify boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE structure_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES structure_items (id) ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('Folder', 'EquipmentTag')),
  title text NOT NULL,
  alias text,
  is_primary_folder boolean NOT NULL DEFAULT false,
  is_disabled boolean NOT NULL DEFAULT false,
  equipment_group_type text CHECK (equipment_group_type IN ('electric', 'rotating', 'static', 'instrument', 'process')),
  pos_lat double precision,
  pos_lng double precision,
  status smallint NOT NULL DEFAULT -1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (item_type = 'Folder' OR equipment_group_type IS NOT NULL)
);
CREATE INDEX structure_items_company_idx ON structure_items (company_id, parent_id);
CREATE UNIQUE INDEX structure_items_equipment_code_key ON structure_items (company_id, title) WHERE item_type = 'EquipmentTag';

CREATE TABLE equipment_tag_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  equipment_tag_id uuid NOT NULL REFERENCES structure_items (id) ON DELETE CASCADE,
  url text NOT NULL,
  image_name text NOT NULL,
  image_size bigint NOT NULL CHECK (image_size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX equipment_tag_images_tag_idx ON equipment_tag_images (equipment_tag_id);

CREATE TABLE equipment_models (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  equipment_tag_id uuid NOT NULL REFERENCES structure_items (id) ON DELETE CASCADE,
  model_type_id smallint NOT NULL CHECK (model_type_id BETWEEN 1 AND 5),
  title text NOT NULL,
  code text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  status smallint NOT NULL DEFAULT -1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX equipment_models_tag_idx ON equipment_models (equipment_tag_id);
CREATE UNIQUE INDEX equipment_models_code_key ON equipment_models (company_id, code);

CREATE TABLE equipment_model_offlines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  equipment_tag_id uuid NOT NULL REFERENCES structure_items (id) ON DELETE CASCADE,
  title text NOT NULL,
  link_url text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX equipment_model_offlines_tag_idx ON equipment_model_offlines (equipment_tag_id);

CREATE TABLE equipment_tag_members (
  equipment_tag_id uuid NOT NULL REFERENCES structure_items (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (equipment_tag_id, user_id)
);
CREATE INDEX equipment_tag_members_user_idx ON equipment_tag_members (user_id);

CREATE TABLE email_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  equipment_tag_id uuid NOT NULL REFERENCES structure_items (id) ON DELETE CASCADE,
  iterable smallint NOT NULL CHECK (iterable IN (1, 7, 30)),
  is_warning boolean NOT NULL DEFAULT false,
  is_alarm boolean NOT NULL DEFAULT false,
  start_time time NOT NULL,
  time_zone text NOT NULL DEFAULT 'Asia/Bangkok',
  day smallint CHECK (day BETWEEN 1 AND 7),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (equipment_tag_id, iterable)
);

CREATE TABLE report_settings (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('MCA', 'RVS')),
  is_auto_send boolean NOT NULL DEFAULT false,
  interval_day smallint CHECK (interval_day BETWEEN 1 AND 28),
  interval_time time,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, kind)
);

CREATE TABLE report_recipients (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('MCA', 'RVS')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (company_id, kind, user_id)
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  selected_company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  id_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE oidc_login_requests (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_company_idx ON audit_log (company_id, at DESC);
