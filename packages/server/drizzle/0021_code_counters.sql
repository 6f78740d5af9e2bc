-- Document numbers (XM2026-0001): one counter per tenant, entity table and period (the pattern with its
-- date parts filled in, "XM2026-{seq}"). The add that takes a number moves the counter with
-- UPDATE … RETURNING inside its own transaction, so concurrent adds queue on the row and a rolled-back
-- add gives its number back: no two documents share a number and none is skipped.
CREATE TABLE "code_counters" (
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "entity" varchar(64) NOT NULL,
  "period" varchar(64) NOT NULL,
  "value" bigint NOT NULL,
  CONSTRAINT "code_counters_pk" PRIMARY KEY ("tenant_id", "entity", "period")
);
--> statement-breakpoint
-- Tenant row-level security as on every tenant table (0018). Not a business table: user SQL gets no grant.
SELECT enable_tenant_isolation('code_counters');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "code_counters" TO trestle_app;
--> statement-breakpoint
-- Purchasing documents were numbered from one sequence; they use the counters now (their first number
-- of a period follows the highest one already stored).
DROP SEQUENCE IF EXISTS "purchase_doc_no";
