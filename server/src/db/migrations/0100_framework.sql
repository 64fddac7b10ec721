-- The screen framework (issue 3): labels per culture, reference codes for dropdowns, each
-- user's saved screen criteria, and the audit trail of staff changes.
CREATE TABLE labels (
  culture_id integer NOT NULL,
  label_cat text NOT NULL,
  label_key text NOT NULL,
  label_text text NOT NULL,
  -- System labels (GetSystemLabels) are the framework's own texts; others are per screen.
  is_system boolean NOT NULL DEFAULT false,
  PRIMARY KEY (culture_id, label_cat, label_key)
);

CREATE TABLE ref_codes (
  cat text NOT NULL,
  code text NOT NULL,
  label text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cat, code)
);

CREATE TABLE screen_criteria (
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  screen_id integer NOT NULL,
  screen_cri_id integer NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (usr_id, screen_id, screen_cri_id)
);

CREATE TABLE audit_log (
  audit_id bigserial PRIMARY KEY,
  screen_id integer NOT NULL,
  table_name text NOT NULL,
  row_key text NOT NULL,
  column_name text NOT NULL,
  before_value text,
  after_value text,
  changed_by integer NOT NULL,
  changed_by_name text NOT NULL,
  changed_by_role integer NOT NULL,
  changed_on timestamptz NOT NULL
);
CREATE INDEX audit_log_row ON audit_log (table_name, row_key, audit_id);

INSERT INTO labels (culture_id, label_cat, label_key, label_text, is_system) VALUES
  (1, 'Framework', 'NoResults', 'No results found', true),
  (1, 'Framework', 'NoDetailSelected', 'No detail record selected', true),
  (1, 'Framework', 'NoMasterSelected', 'No master record selected', true),
  (1, 'Framework', 'UnsavedChanges', 'You have not saved your changes. Are you sure you want to leave?', true),
  (1, 'Framework', 'UnsavedChangesTitle', 'Unsaved Changes', true),
  (1, 'Framework', 'UnsavedChangesPage', 'You have unsaved changes on this page. Are you sure you want to leave?', true),
  (1, 'Framework', 'FailedToLoad', 'failed to load required record {id}', true),
  (1, 'Framework', 'EmptySelection', 'empty selection list', true),
  (1, 'Framework', 'NewVersion', 'A new version of application is available. Application will be refreshed!', true),
  (1, 'Framework', 'ViewMore', 'View {n} more', true),
  (1, 'Framework', 'Saved', 'Saved', true),
  (1, 'Framework', 'Deleted', 'Deleted', true),
  (1, 'Framework', 'All', 'All', true),
  (1, 'Framework', 'AccessDenied', 'Access denied', true),
  (1, 'Framework', 'Conflict', 'This record was changed by someone else. Reload it and try again.', true),
  (1, 'Buttons', 'New', 'New', true),
  (1, 'Buttons', 'Copy', 'Copy', true),
  (1, 'Buttons', 'Delete', 'Delete', true),
  (1, 'Buttons', 'Save', 'Save', true),
  (1, 'Buttons', 'SaveClose', 'Save & Close', true),
  (1, 'Buttons', 'DrillDown', 'Drill Down', true),
  (1, 'Buttons', 'InsRow', 'Insert Row', true),
  (1, 'Buttons', 'CopyRow', 'Copy Row', true),
  (1, 'Buttons', 'DelRow', 'Delete Row', true),
  (1, 'Buttons', 'NewSaveDtl', 'Save Row', true);

INSERT INTO ref_codes (cat, code, label, sort) VALUES
  ('yn', 'Y', 'Yes', 1),
  ('yn', 'N', 'No', 2),
  ('role', '1', 'Borrower', 1),
  ('role', '2', 'Guarantor', 2),
  ('role', '3', 'Lender', 3),
  ('role', '10', 'KYC reviewer', 10),
  ('role', '11', 'Operator', 11),
  ('role', '12', 'Admin', 12);
