-- The install's secret (tokens, its own logins' passwords, sealed data-source passwords) when TOKEN_SECRET
-- is not given, kept where every app node finds it. The first node to start draws it (installation-secret.ts).
-- The app and SQL roles have no grant on this table (0017).
ALTER TABLE "installation" ADD COLUMN "secret" text;
