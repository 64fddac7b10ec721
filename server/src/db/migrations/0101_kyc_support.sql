-- KYC persons and corporates with their documents, and support requests (spec 002 section 3).
-- Served by the screen framework (KycPersonWs, KycCorporateWs, SupportRequestWs); the customer
-- flow of issue 4 reads and writes the same rows.
CREATE TABLE kyc_person (
  kyc_person_id serial PRIMARY KEY,
  name text,
  gender_cd text,
  nationality_id text,
  country_of_res_id text,
  date_of_birth date,
  former_name text,
  alias text,
  email_addrs text,
  phone_nbrs text,
  addresses text,
  postal_code text,
  bank_accts text,
  title text,
  country_of_birth_id text,
  industry_id text,
  occupation_id text,
  source_of_funds_id text,
  others_of_funds text,
  source_of_wealth_id text,
  others_of_wealth text,
  annual_income numeric(20, 2),
  trans_amount numeric(20, 2),
  trans_frequency text,
  purpose_id text,
  others_of_purpose text,
  id_type_id text,
  id_number text,
  id_issue_country_id text,
  id_issue_date date,
  id_expiry_date date,
  kyc_desc text,
  pep text CHECK (pep IN ('Y', 'N')),
  internal_status text,
  reason text,
  kyc_customer_id text,
  kyc_record_id text,
  kyc_status_id text,
  kyc_risk_rating_id text,
  response text,
  risk_report text,
  active text NOT NULL DEFAULT 'Y' CHECK (active IN ('Y', 'N')),
  liveness_passed text CHECK (liveness_passed IN ('Y', 'N')),
  disclosures_chked text CHECK (disclosures_chked IN ('Y', 'N')),
  pic_med text,
  input_for integer REFERENCES users(usr_id) ON DELETE CASCADE,
  input_by integer,
  input_on timestamptz,
  modified_by integer,
  modified_on timestamptz,
  row_version integer NOT NULL DEFAULT 1
);
CREATE INDEX kyc_person_input_for ON kyc_person (input_for, kyc_person_id);
CREATE INDEX kyc_person_status ON kyc_person (internal_status, kyc_person_id);
CREATE INDEX kyc_person_name_search ON kyc_person USING gin (to_tsvector('simple'::regconfig, coalesce(name::text, '')));
CREATE INDEX kyc_person_email_search ON kyc_person USING gin (to_tsvector('simple'::regconfig, coalesce(email_addrs::text, '')));

CREATE TABLE kyc_person_doc (
  doc_id serial PRIMARY KEY,
  kyc_person_id integer NOT NULL REFERENCES kyc_person(kyc_person_id) ON DELETE CASCADE,
  doc_name text NOT NULL,
  doc_type_cd text,
  mime_type text NOT NULL DEFAULT 'application/octet-stream',
  doc_size integer NOT NULL DEFAULT 0 CHECK (doc_size >= 0),
  content bytea,
  input_by integer,
  input_on timestamptz
);
CREATE INDEX kyc_person_doc_person ON kyc_person_doc (kyc_person_id, doc_id);

CREATE TABLE kyc_corporate (
  kyc_corp_id serial PRIMARY KEY,
  entity_type_id text,
  ownership_type_id text,
  internal_status text,
  reason text,
  name text,
  incorp_number text,
  country_of_incorp_id text,
  country_of_op_id text,
  country_of_addr_id text,
  business_type_id text,
  source_of_funds_id text,
  bus_source_of_wealth_id text,
  purpose_id text,
  pep text CHECK (pep IN ('Y', 'N')),
  kyc_status_id text,
  kyc_risk_rating_id text,
  addresses text,
  phone_nbrs text,
  input_for integer REFERENCES users(usr_id) ON DELETE CASCADE,
  input_by integer,
  input_on timestamptz,
  modified_by integer,
  modified_on timestamptz,
  row_version integer NOT NULL DEFAULT 1
);
CREATE INDEX kyc_corporate_input_for ON kyc_corporate (input_for, kyc_corp_id);
CREATE INDEX kyc_corporate_status ON kyc_corporate (internal_status, kyc_corp_id);

-- Related persons of a corporate (detail rows, suffix 23).
CREATE TABLE kyc_corp_person (
  kyc_corp_crp_id serial PRIMARY KEY,
  kyc_corp_id integer NOT NULL REFERENCES kyc_corporate(kyc_corp_id) ON DELETE CASCADE,
  kyc_person_id integer REFERENCES kyc_person(kyc_person_id) ON DELETE SET NULL,
  kyc_corp_relation_id text,
  role_id text,
  date_appointed date,
  date_resigned date,
  active text NOT NULL DEFAULT 'Y' CHECK (active IN ('Y', 'N'))
);
CREATE INDEX kyc_corp_person_corp ON kyc_corp_person (kyc_corp_id, kyc_corp_crp_id);

CREATE TABLE kyc_corp_doc (
  doc_id serial PRIMARY KEY,
  kyc_corp_id integer NOT NULL REFERENCES kyc_corporate(kyc_corp_id) ON DELETE CASCADE,
  doc_name text NOT NULL,
  doc_type_cd text,
  mime_type text NOT NULL DEFAULT 'application/octet-stream',
  doc_size integer NOT NULL DEFAULT 0 CHECK (doc_size >= 0),
  content bytea,
  input_by integer,
  input_on timestamptz
);
CREATE INDEX kyc_corp_doc_corp ON kyc_corp_doc (kyc_corp_id, doc_id);

CREATE TABLE support_request (
  support_request_id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  kyc_person_id integer REFERENCES kyc_person(kyc_person_id) ON DELETE SET NULL,
  kyc_corp_id integer REFERENCES kyc_corporate(kyc_corp_id) ON DELETE SET NULL,
  request_type_id text,
  request_info text,
  input_on timestamptz,
  row_version integer NOT NULL DEFAULT 1
);
CREATE INDEX support_request_user ON support_request (user_id, support_request_id);
CREATE INDEX support_request_info_search ON support_request USING gin (to_tsvector('simple'::regconfig, coalesce(request_info::text, '')));

CREATE INDEX users_name_search ON users USING gin (to_tsvector('simple'::regconfig, coalesce(usr_name::text, '')));

INSERT INTO ref_codes (cat, code, label, sort) VALUES
  ('kycStatus', 'P1', 'Waiting for Review', 1),
  ('kycStatus', 'p1', 'Waiting for Review (locked)', 2),
  ('kycStatus', 'P2', 'Problem With Data Collection', 3),
  ('kycStatus', 'P3', 'Waiting for Review (screening)', 4),
  ('kycStatus', 'P4', 'Waiting for Review (escalated)', 5),
  ('kycStatus', 'AP', 'KYC Approved', 6),
  ('kycStatus', 'DE', 'KYC Declined', 7),
  ('gender', 'M', 'Male', 1),
  ('gender', 'F', 'Female', 2),
  ('docType', 'ID', 'Identity document', 1),
  ('docType', 'POA', 'Proof of address', 2),
  ('docType', 'OTH', 'Other', 3),
  ('riskRating', 'L', 'Low', 1),
  ('riskRating', 'M', 'Medium', 2),
  ('riskRating', 'H', 'High', 3),
  ('requestType', 'GEN', 'General enquiry', 1),
  ('requestType', 'KYC', 'KYC and onboarding', 2),
  ('requestType', 'LIV', 'Liveness test issue', 3),
  ('requestType', 'PAY', 'Payments and credits', 4),
  ('requestType', 'VAL', 'Validators and staking', 5),
  ('requestType', 'BUS', 'Business account', 6);
