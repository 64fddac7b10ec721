-- Supporting documents (issue 4): the date a document bears. A proof of address must be dated
-- within 3 months of its upload (spec 002 section 5); server/src/kyc/documents.ts checks it.
ALTER TABLE kyc_person_doc ADD COLUMN doc_date date;
ALTER TABLE kyc_corp_doc ADD COLUMN doc_date date;
