-- E-mails to customers when staff change their KYC status (issue 4). The status change is in the
-- audit log, committed with the record; a sweep mails each staff change once and records it here.
CREATE TABLE kyc_status_mail (
  audit_id bigint PRIMARY KEY,
  mailed_on timestamptz NOT NULL
);

-- Changes made before this migration are not mailed.
CREATE TABLE kyc_status_mail_start (audit_id bigint NOT NULL);
INSERT INTO kyc_status_mail_start (audit_id) SELECT coalesce(max(audit_id), 0) FROM audit_log;

CREATE INDEX audit_log_kyc_status ON audit_log (audit_id)
  WHERE column_name IN ('InternalStatus15', 'InternalStatus16');
