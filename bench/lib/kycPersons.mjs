// The KYC persons the screen framework benches search: a reviewer and `rows` persons (one
// INSERT ... SELECT generate_series) with a document each. Returns the reviewer's id.
export async function seedKycPersons(database, rows) {
  const [staff] = await database.query(
    `INSERT INTO users (usr_name, password_hash, role, created_at, password_changed_at)
     VALUES ('reviewer@payd.test', 'x', 10, now(), now()) RETURNING usr_id`,
  );
  await database.exec(`
    INSERT INTO kyc_person (name, email_addrs, gender_cd, internal_status, date_of_birth, annual_income, input_on, input_by)
    SELECT (array['Alice','Bob','Carol','Dave','Erin','Frank','Grace','Heidi','Ivan','Judy'])[1 + g % 10] || ' ' ||
           (array['Smith','Jones','Brown','Taylor','Wilson','Davies','Evans','Thomas','Roberts','Walker',
                  'Wright','Hall','Green','Wood','Clarke','King','Baker','Lee','Hill','Scott'])[1 + (g / 10) % 20] || ' ' || g,
           'person' || g || '@example.com',
           (array['M','F'])[1 + g % 2],
           (array['P1','P2','P3','P4','AP','AP','AP','DE'])[1 + g % 8],
           date '1960-01-01' + (g % 15000),
           (g % 200000)::numeric + 0.5,
           now() - (g || ' minutes')::interval,
           ${staff.usr_id}
    FROM generate_series(1, ${rows}) g;
    INSERT INTO kyc_person_doc (kyc_person_id, doc_name, doc_type_cd, mime_type, doc_size, content, input_on)
    SELECT kyc_person_id, 'passport-' || kyc_person_id || '.jpg', 'ID', 'image/jpeg', 3, '\\x010203', now() FROM kyc_person;
    ANALYZE kyc_person; ANALYZE kyc_person_doc;`);
  return staff.usr_id;
}

/** The quick search words of the benches: dense (over the count cap of 1,000) and sparse ones. */
export const SEARCH_WORDS = [
  'smith',
  'jon',
  'grace wal',
  'taylor',
  'person123',
  'heidi',
  'kin',
  'brown 4',
  'lee',
  'scott',
];
