-- Structure items are disabled rather than deleted, so a removed equipment tag keeps its models and data.
-- An equipment code is unique among the enabled tags of a company.
DROP INDEX structure_items_equipment_code_key;
CREATE UNIQUE INDEX structure_items_equipment_code_key
  ON structure_items (company_id, title) WHERE item_type = 'EquipmentTag' AND NOT is_disabled;
CREATE UNIQUE INDEX structure_items_primary_folder_key
  ON structure_items (company_id) WHERE is_primary_folder;
CREATE INDEX structure_items_parent_idx ON structure_items (parent_id);
CREATE INDEX equipment_models_company_idx ON equipment_models (company_id);
