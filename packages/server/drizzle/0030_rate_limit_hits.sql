-- Each client address's attempts at a rate-limited route (sign-in, captcha, first-run setup) in its current
-- window, counted here so that every app node on the database counts them together (http/rate-limit.ts).
-- The key is the SHA-256 of route and address (base64url). Unlogged: a count lost in a crash only
-- restarts a one-minute window.
CREATE TABLE "rate_limit_hits" (
  "key" varchar(43) PRIMARY KEY,
  "hits" integer NOT NULL,
  "window_ends_at" timestamptz NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
