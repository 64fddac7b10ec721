-- KycCorporateWs: quick search on the company name, and the choices of its dropdowns.
CREATE INDEX kyc_corporate_name_search ON kyc_corporate USING gin (to_tsvector('simple'::regconfig, coalesce(name::text, '')));

INSERT INTO ref_codes (cat, code, label, sort) VALUES
  ('entityType', 'PTE', 'Private limited company', 1),
  ('entityType', 'PLC', 'Public limited company', 2),
  ('entityType', 'LLP', 'Limited liability partnership', 3),
  ('entityType', 'TRU', 'Trust', 4),
  ('entityType', 'FND', 'Foundation', 5),
  ('ownershipType', 'PRI', 'Privately held', 1),
  ('ownershipType', 'LIS', 'Listed', 2),
  ('ownershipType', 'GOV', 'Government owned', 3),
  ('businessType', 'FIN', 'Financial services', 1),
  ('businessType', 'TEC', 'Technology', 2),
  ('businessType', 'TRD', 'Trading', 3),
  ('businessType', 'OTH', 'Other', 4),
  ('corpRelation', 'DIR', 'Director', 1),
  ('corpRelation', 'SHA', 'Shareholder', 2),
  ('corpRelation', 'UBO', 'Ultimate beneficial owner', 3),
  ('corpRelation', 'SIG', 'Authorised signatory', 4),
  ('corpRole', 'CEO', 'Chief executive', 1),
  ('corpRole', 'CFO', 'Chief financial officer', 2),
  ('corpRole', 'MEM', 'Board member', 3),
  ('corpRole', 'OTH', 'Other', 4);
