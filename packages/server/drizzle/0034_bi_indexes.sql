-- Indexes for the charts over project contracts (issue 17), by one rule the metadata implies. A soft-deleted
-- document's searched fields that a chart groups or filters by (its dates, dictionaries and references) are
-- indexed over the live rows only (`WHERE deleted_at IS NULL`, as every list and chart reads them). A date's
-- and a reference's index also carries the amount the document's user enters (the money its list totals,
-- neither computed nor kept by the server: amount_incl_tax here), so a sum by month, by customer, or the
-- total is read from one index instead of the whole table. A dictionary's index carries nothing: over a few
-- codes, btree deduplication keeps it about a sixth of the size (7 MB against 42 at 1,000,000 rows; INCLUDE
-- turns deduplication off), and a count by it is read from that index alone. A list's search and a
-- dashboard's date range use the same indexes as before; they keep their names. engine.test.ts checks the
-- rule against ProjectContract's metadata. Only this table for now: it is the rule for the next entity a
-- dashboard reads at this size.
DROP INDEX "sales_contracts_sign_date";
--> statement-breakpoint
CREATE INDEX "sales_contracts_sign_date" ON "sales_contracts" ("tenant_id", "sign_date") INCLUDE ("amount_incl_tax") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX "sales_contracts_customer";
--> statement-breakpoint
CREATE INDEX "sales_contracts_customer" ON "sales_contracts" ("tenant_id", "customer_id") INCLUDE ("amount_incl_tax") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX "sales_contracts_project";
--> statement-breakpoint
CREATE INDEX "sales_contracts_project" ON "sales_contracts" ("tenant_id", "project_id") INCLUDE ("amount_incl_tax") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX "sales_contracts_status";
--> statement-breakpoint
CREATE INDEX "sales_contracts_status" ON "sales_contracts" ("tenant_id", "status") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX "sales_contracts_type";
--> statement-breakpoint
CREATE INDEX "sales_contracts_type" ON "sales_contracts" ("tenant_id", "contract_type") WHERE "deleted_at" IS NULL;
