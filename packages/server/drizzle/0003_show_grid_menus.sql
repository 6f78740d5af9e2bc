-- The Employee and dictionary screens exist now: show the menus that earlier seeds created hidden (enable 2).
-- Only rows still at the seed's value change; a menu an admin has edited since is left as it is.
UPDATE "menus" SET "enable" = 1 WHERE "code" IN ('Project', 'Employee', 'Dictionary', 'DictionaryList') AND "enable" = 2;
