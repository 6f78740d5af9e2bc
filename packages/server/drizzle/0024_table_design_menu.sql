-- The table designer's screen, in the same folder as the menu editor. A fresh install gets it from the seed,
-- which runs after the migrations (no SysMenu yet here, so nothing is inserted); an install seeded before
-- gets it now, next to SysMenu wherever an admin has moved that, last among its siblings.
INSERT INTO "menus" ("code", "name", "name_zh", "url", "icon", "parent_id", "enable", "sort")
SELECT 'tableDesign', 'Table designer', '表设计器', '/tableDesign', 'TableOutlined', s."parent_id", 1,
  (SELECT coalesce(max(o."sort"), 0) + 10 FROM "menus" o WHERE o."parent_id" IS NOT DISTINCT FROM s."parent_id")
FROM "menus" s WHERE s."code" = 'SysMenu'
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" IN ('Search', 'Add', 'Update')
WHERE m."code" = 'tableDesign'
ON CONFLICT DO NOTHING;
