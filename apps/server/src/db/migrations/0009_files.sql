-- Uploaded files (issue 11 item 1): which company, or for profile pictures which user, each belongs to.
-- GET /api/v1/files/{kind}/{name} serves a file only when it has a row here, and only to the people who may see
-- it: a company's files to its active members, a profile picture to its owner and the people who share an
-- active company with them, everything to platform administrators. The row is written with the upload.
CREATE TABLE stored_files (
  kind text NOT NULL CHECK (kind IN ('companys', 'profiles', 'equipment-tags', 'recommendations')),
  name text NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,159}\.(png|jpg|xlsx)$'),
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  -- The company whose members see the file (logos, equipment images, recommendation workbooks). A logo
  -- uploaded while a company is being created has none until that company is saved with it.
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  -- Profile pictures: the user they show.
  owner_user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, name)
);
CREATE INDEX stored_files_company_idx ON stored_files (company_id) WHERE company_id IS NOT NULL;
CREATE INDEX stored_files_owner_idx ON stored_files (owner_user_id) WHERE owner_user_id IS NOT NULL;

-- Files uploaded before this table existed belong to whatever references them: an equipment image or RVS
-- diagram to the company of its equipment, a logo to its company, a recommendation workbook to its model's
-- company, a profile picture to its user. When several rows reference one file, the earliest reference wins.
-- A file nothing references gets no row and is served to nobody. Their sizes are unknown here (0): the
-- per-company quota counts uploads from now on.
WITH refs AS (
  SELECT i.url, s.company_id, NULL::uuid AS owner_user_id, i.created_at, 1 AS rank
    FROM equipment_tag_images i JOIN structure_items s ON s.id = i.equipment_tag_id
  UNION ALL
  SELECT st.document -> 'rvs_diagram_in' ->> 'diagram_url', m.company_id, NULL, m.created_at, 2
    FROM equipment_model_settings st JOIN equipment_models m ON m.id = st.model_id
  UNION ALL
  SELECT c.image_path, c.id, NULL, c.created_at, 3 FROM companies c
  UNION ALL
  SELECT m.recommendation_file_url, m.company_id, NULL, m.created_at, 4 FROM equipment_models m
  UNION ALL
  SELECT u.image_url, NULL, u.id, u.created_at, 5 FROM users u
),
parsed AS (
  SELECT substring(url FROM '^/api/v1/files/([a-z-]+)/[^/]+$') AS kind,
         substring(url FROM '^/api/v1/files/[a-z-]+/([^/]+)$') AS name,
         company_id, owner_user_id, created_at, rank
    FROM refs
   WHERE url IS NOT NULL
)
INSERT INTO stored_files (kind, name, content_type, size_bytes, company_id, owner_user_id)
SELECT DISTINCT ON (kind, name)
       kind, name,
       CASE substring(name FROM '\.([a-z]+)$')
         WHEN 'png' THEN 'image/png'
         WHEN 'jpg' THEN 'image/jpeg'
         ELSE 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
       END,
       0,
       CASE WHEN kind = 'profiles' THEN NULL ELSE company_id END,
       CASE WHEN kind = 'profiles' THEN owner_user_id END
  FROM parsed
 WHERE kind IN ('companys', 'profiles', 'equipment-tags', 'recommendations')
   AND name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,159}\.(png|jpg|xlsx)$'
   -- A profile picture is owned by a user, everything else by a company.
   AND ((kind = 'profiles') = (owner_user_id IS NOT NULL))
 ORDER BY kind, name, rank, created_at;

-- A logo uploaded while its company was being created belongs to no company yet: saving a company with it
-- makes it that company's (only platform administrators upload logos and save companies).
CREATE FUNCTION stored_files_claim_logo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.image_path IS NOT NULL THEN
    UPDATE stored_files SET company_id = NEW.id
     WHERE kind = 'companys'
       AND name = substring(NEW.image_path FROM '^/api/v1/files/companys/([^/]+)$')
       AND company_id IS NULL;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER companies_claim_logo AFTER INSERT OR UPDATE OF image_path ON companies
  FOR EACH ROW EXECUTE FUNCTION stored_files_claim_logo();

-- RVS diagrams take only our own image URLs from now on (packages/contracts ownImageUrl): a stored diagram that
-- points anywhere else is dropped, so the model's settings still read as valid.
UPDATE equipment_model_settings
   SET document = jsonb_set(document, '{rvs_diagram_in,diagram_url}', 'null'::jsonb)
 WHERE document -> 'rvs_diagram_in' ->> 'diagram_url' IS NOT NULL
   AND document -> 'rvs_diagram_in' ->> 'diagram_url'
       !~ '^/api/v1/files/equipment-tags/[A-Za-z0-9][A-Za-z0-9_-]{0,159}\.(png|jpg)$';
