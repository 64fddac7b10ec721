-- The languages payd is translated into (issue 28): the same ids as packages/i18n's LANGUAGES,
-- whose catalogues hold the texts. GetCultureList lists these rows.
INSERT INTO cultures (culture_id, lang_code, culture_name) VALUES
  (2, 'de', 'Deutsch'),
  (3, 'fr', 'Français'),
  (4, 'es', 'Español'),
  (5, 'zh-CN', '简体中文')
ON CONFLICT (culture_id) DO NOTHING;
