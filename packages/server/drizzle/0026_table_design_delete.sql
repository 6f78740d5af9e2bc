-- The table designer offers Delete: a design never applied may be deleted. An install seeded before gets the
-- button here; a fresh one from the seed, which runs after the migrations.
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" = 'Delete'
WHERE m."code" = 'tableDesign'
ON CONFLICT DO NOTHING;
