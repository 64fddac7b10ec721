-- Customer alerts (issue 29, server/src/alerts/). Several server instances evaluate the same
-- conditions; these keys make each alert exist once and each e-mail go out once.
--
-- alert_condition: one row per condition of a customer (kind + subject, e.g. 'cache_band' +
-- '<owner>:150'); `occurrence` counts the times it began. A condition that is already active does not
-- begin again (no duplicate); once cleared (active false) its next beginning is occurrence + 1.
CREATE TABLE alert_condition (
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  kind text NOT NULL,
  subject text NOT NULL,
  occurrence integer NOT NULL DEFAULT 1,
  active boolean NOT NULL,
  changed_on timestamptz NOT NULL,
  PRIMARY KEY (usr_id, kind, subject)
);

-- alert: what the customer is told, once per (usr_id, kind, subject, occurrence): an occurrence is a
-- condition's counter or an event's own key (a withdrawal's slot). `facts` holds the figures of the
-- moment; the text is made from them (@payd/schemas alertText). email_state: 'pending' (to send
-- now), 'digest' (in the next daily digest), 'sent', 'off' (e-mail turned off for the kind).
CREATE TABLE alert (
  alert_id bigserial PRIMARY KEY,
  usr_id integer NOT NULL REFERENCES users(usr_id) ON DELETE CASCADE,
  kind text NOT NULL,
  subject text NOT NULL,
  occurrence text NOT NULL,
  facts jsonb NOT NULL,
  created_on timestamptz NOT NULL,
  in_app boolean NOT NULL,
  read_on timestamptz,
  email_state text NOT NULL CHECK (email_state IN ('pending', 'digest', 'sent', 'off')),
  emailed_on timestamptz,
  UNIQUE (usr_id, kind, subject, occurrence)
);
CREATE INDEX alert_usr_list ON alert (usr_id, alert_id DESC) WHERE in_app;
CREATE INDEX alert_email_due ON alert (alert_id) WHERE email_state IN ('pending', 'digest');

-- alert_preference: a customer's choices (@payd/schemas alertPreferencesSchema); none: the defaults.
-- digest_day: the last UTC day whose digest went out.
CREATE TABLE alert_preference (
  usr_id integer PRIMARY KEY REFERENCES users(usr_id) ON DELETE CASCADE,
  prefs jsonb NOT NULL,
  digest_day date,
  modified_on timestamptz NOT NULL
);
