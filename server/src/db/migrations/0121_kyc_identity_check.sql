-- The reviewer's identity checks of a personal KYC record (issue 17): each FaceCompare or DocOCR a
-- KYC reviewer or admin runs on one record's own pictures is kept with its result, so that the
-- server knows the latest ones when the record is approved (an approval against failed checks needs
-- a reason) and the back office can show them again. `result` is JSON: FaceCompare's reply, or
-- DocOCR's {ocr, mrz} (the document's text is not kept).
CREATE TABLE kyc_identity_check (
  check_id serial PRIMARY KEY,
  kyc_person_id integer NOT NULL REFERENCES kyc_person(kyc_person_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('faces', 'document')),
  result text NOT NULL,
  checked_by integer REFERENCES users(usr_id) ON DELETE SET NULL,
  checked_by_name text NOT NULL,
  checked_on timestamptz NOT NULL
);
CREATE INDEX kyc_identity_check_latest ON kyc_identity_check (kyc_person_id, kind, check_id);
