-- Issue 17 item 3: the company tree is served from a per-company version. Every change to what the tree shows
-- (items, models and their statuses, offline models, tag images, member assignments) bumps the company's version in
-- the same transaction, so a cached tree body on any instance is known stale by one indexed read.
CREATE TABLE structure_versions (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1
);

-- An update only: a company being deleted (its rows cascading) must not be written back.
CREATE FUNCTION bump_structure_version(company uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE structure_versions SET version = version + 1 WHERE company_id = company;
$$;

CREATE FUNCTION structure_version_of_new_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO structure_versions (company_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER companies_structure_version AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION structure_version_of_new_company();

-- Tables that carry company_id themselves.
CREATE FUNCTION structure_version_by_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_structure_version(OLD.company_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
    PERFORM bump_structure_version(NEW.company_id);
  END IF;
  RETURN NULL;
END $$;

-- Tables that hang off an equipment tag.
CREATE FUNCTION structure_version_by_tag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_structure_version(s.company_id)
  FROM structure_items s
  WHERE s.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.equipment_tag_id ELSE NEW.equipment_tag_id END;
  RETURN NULL;
END $$;

CREATE TRIGGER structure_items_version AFTER INSERT OR UPDATE OR DELETE ON structure_items
  FOR EACH ROW EXECUTE FUNCTION structure_version_by_company();
CREATE TRIGGER equipment_model_offlines_version AFTER INSERT OR UPDATE OR DELETE ON equipment_model_offlines
  FOR EACH ROW EXECUTE FUNCTION structure_version_by_company();
-- Models change often in columns the tree does not show (settings, last data time): only the tree's columns count.
CREATE TRIGGER equipment_models_version_insert_delete AFTER INSERT OR DELETE ON equipment_models
  FOR EACH ROW EXECUTE FUNCTION structure_version_by_company();
CREATE TRIGGER equipment_models_version_update AFTER UPDATE ON equipment_models
  FOR EACH ROW WHEN (
    (OLD.company_id, OLD.equipment_tag_id, OLD.model_type_id, OLD.title, OLD.code, OLD.is_active, OLD.status)
      IS DISTINCT FROM
    (NEW.company_id, NEW.equipment_tag_id, NEW.model_type_id, NEW.title, NEW.code, NEW.is_active, NEW.status)
  ) EXECUTE FUNCTION structure_version_by_company();
CREATE TRIGGER equipment_tag_images_version AFTER INSERT OR UPDATE OR DELETE ON equipment_tag_images
  FOR EACH ROW EXECUTE FUNCTION structure_version_by_tag();
CREATE TRIGGER equipment_tag_members_version AFTER INSERT OR UPDATE OR DELETE ON equipment_tag_members
  FOR EACH ROW EXECUTE FUNCTION structure_version_by_tag();

INSERT INTO structure_versions (company_id) SELECT id FROM companies ON CONFLICT DO NOTHING;
