-- Quick-search GIN indexes of the screen framework without the fast-update pending list.
-- With fastupdate on, new rows' entries wait in an unordered pending list that every search
-- reads in full until a VACUUM merges it; PGlite never autovacuums, so after 100,000 inserts a
-- prefix search spent ~30 ms per index reading that list (bench/framework.bench.mjs). Entries
-- now go straight into the index (inserts pay a little more), and lists already pending are merged.
ALTER INDEX kyc_person_name_search SET (fastupdate = off);
ALTER INDEX kyc_person_email_search SET (fastupdate = off);
ALTER INDEX kyc_corporate_name_search SET (fastupdate = off);
ALTER INDEX support_request_info_search SET (fastupdate = off);
ALTER INDEX users_name_search SET (fastupdate = off);
SELECT gin_clean_pending_list(i::regclass)
FROM unnest(array['kyc_person_name_search', 'kyc_person_email_search', 'kyc_corporate_name_search',
                  'support_request_info_search', 'users_name_search']) AS i;
