-- Pictures and documents of a model (issue 12 item 2; spec 02 §3 'Model image' and 'Document info', §7 calls).
-- Their bytes are stored files of two new kinds; each file row names its model, and GET /api/v1/files serves it
-- only to who sees that model's equipment (equipment-visibility.ts).
ALTER TABLE stored_files DROP CONSTRAINT stored_files_kind_check;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_kind_check
  CHECK (kind IN ('companys', 'profiles', 'equipment-tags', 'recommendations', 'model-images', 'model-documents'));
ALTER TABLE stored_files DROP CONSTRAINT stored_files_name_check;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_name_check
  CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,159}\.(png|jpg|xlsx|pdf)$');
-- PDFs are documents of a model, nothing else.
ALTER TABLE stored_files ADD CONSTRAINT stored_files_pdf_check
  CHECK ((kind = 'model-documents') = (name ~ '\.pdf$'));
ALTER TABLE stored_files ADD COLUMN model_id uuid REFERENCES equipment_models (id) ON DELETE CASCADE;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_model_check
  CHECK ((kind IN ('model-images', 'model-documents')) = (model_id IS NOT NULL));
CREATE INDEX stored_files_model_idx ON stored_files (model_id) WHERE model_id IS NOT NULL;

-- The pictures of a model's Image tab, oldest first. A picture exists only with its stored file.
CREATE TABLE equipment_model_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  file_kind text NOT NULL DEFAULT 'model-images' CHECK (file_kind = 'model-images'),
  file_name text NOT NULL UNIQUE,
  original_name text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (file_kind, file_name) REFERENCES stored_files (kind, name) ON DELETE CASCADE
);
CREATE INDEX equipment_model_images_model_idx ON equipment_model_images (model_id, created_at);

-- The Document tab: at most one PM report and one manual per model; uploading again replaces it.
CREATE TABLE equipment_model_documents (
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  doc_type text NOT NULL CHECK (doc_type IN ('pm_report', 'manual')),
  file_kind text NOT NULL DEFAULT 'model-documents' CHECK (file_kind = 'model-documents'),
  file_name text NOT NULL UNIQUE,
  original_name text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, doc_type),
  FOREIGN KEY (file_kind, file_name) REFERENCES stored_files (kind, name) ON DELETE CASCADE
);
