-- Roles and organisations get a Chinese name beside the English one, as menus and buttons (name_zh) and
-- dictionary items (label_zh) already have: a plain column the grid engine can sort and filter like any
-- other. Empty means "no translation": a zh reader then sees the English name.
ALTER TABLE "roles" ADD COLUMN "name_zh" varchar(100);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "name_zh" varchar(100);
