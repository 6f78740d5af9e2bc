-- A warning keeps the values its texts need (args), not English sentences: the server renders title
-- and message from rule_code and args in the reader's language. title and message are no longer
-- written; they stay for the rows written before (a resolved warning is never evaluated again), and
-- the evaluator clears them on the live rows at its next run.
ALTER TABLE "project_warning" ADD COLUMN "args" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_warning" ALTER COLUMN "title" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_warning" ALTER COLUMN "message" DROP NOT NULL;
--> statement-breakpoint
-- title is no longer searched: it is worded on read, in the reader's language.
DROP INDEX IF EXISTS "project_warning_title";
