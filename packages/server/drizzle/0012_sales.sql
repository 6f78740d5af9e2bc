-- The project area (issue 5), part 2: the sales side (docs/domain.md §2.4, §2.11, §2.12). Customer
-- contracts with their payment terms, the invoices issued against them, and the money received with
-- its allocation to invoices. Money is numeric(18,2); the *_amount totals marked "cached" are kept by
-- the sales hooks in the transaction that changes them (features/sales/sales.totals.ts).
CREATE TABLE "sales_contracts" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "customer_contract_no" varchar(64),
  "name" varchar(200) NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "customer_id" integer NOT NULL REFERENCES "customers"("id"),
  "contract_type" varchar(20) NOT NULL CHECK ("contract_type" IN ('SALES', 'SERVICE', 'FRAMEWORK', 'SUPPLEMENT')),
  "parent_contract_id" integer REFERENCES "sales_contracts"("id"),
  "sign_date" date NOT NULL,
  "effective_date" date,
  "expiry_date" date,
  "amount_incl_tax" numeric(18, 2) NOT NULL,
  "tax_rate" numeric(5, 2) NOT NULL,
  "amount_excl_tax" numeric(18, 2) NOT NULL,
  "tax_amount" numeric(18, 2) NOT NULL,
  "warranty_months" integer,
  "sales_owner_id" integer REFERENCES "employees"("id"),
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'APPROVED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED', 'TERMINATED', 'CANCELLED')),
  -- cached: the own amount plus the approved supplements (a main contract's ceiling for I1 and PR1)
  "total_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  -- cached: issued invoices (red ones negative) and confirmed receipts
  "invoiced_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "received_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "receivable_amount" numeric(18, 2) GENERATED ALWAYS AS ("invoiced_amount" - "received_amount") STORED,
  "uninvoiced_amount" numeric(18, 2) GENERATED ALWAYS AS ("total_amount" - "invoiced_amount") STORED,
  "remark" text,
  "audit_status" smallint DEFAULT 0 NOT NULL,
  "audit_reason" varchar(500),
  "audited_by" integer REFERENCES "users"("id"),
  "audited_at" timestamp with time zone,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "sales_contracts_parent" CHECK (("contract_type" = 'SUPPLEMENT') = ("parent_contract_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_contracts_code" ON "sales_contracts" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "sales_contracts_name" ON "sales_contracts" ("tenant_id", "name");
--> statement-breakpoint
CREATE INDEX "sales_contracts_project" ON "sales_contracts" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "sales_contracts_customer" ON "sales_contracts" ("tenant_id", "customer_id");
--> statement-breakpoint
CREATE INDEX "sales_contracts_type" ON "sales_contracts" ("tenant_id", "contract_type");
--> statement-breakpoint
CREATE INDEX "sales_contracts_status" ON "sales_contracts" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "sales_contracts_sign_date" ON "sales_contracts" ("tenant_id", "sign_date");
--> statement-breakpoint
CREATE INDEX "sales_contracts_expiry_date" ON "sales_contracts" ("tenant_id", "expiry_date");
--> statement-breakpoint
CREATE INDEX "sales_contracts_amount" ON "sales_contracts" ("tenant_id", "amount_incl_tax");
--> statement-breakpoint
CREATE INDEX "sales_contracts_parent_id" ON "sales_contracts" ("tenant_id", "parent_contract_id");
--> statement-breakpoint
CREATE TABLE "contract_payment_terms" (
  "id" serial PRIMARY KEY NOT NULL,
  "contract_id" integer NOT NULL REFERENCES "sales_contracts"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "name" varchar(100) NOT NULL,
  "term_type" varchar(20) NOT NULL CHECK ("term_type" IN ('ADVANCE', 'ARRIVAL', 'PRELIM_ACCEPTANCE', 'FINAL_ACCEPTANCE', 'WARRANTY', 'PERIODIC')),
  "percent" numeric(5, 2) NOT NULL,
  "amount" numeric(18, 2) NOT NULL,
  "due_days" integer,
  "planned_date" date,
  "remind_days" integer DEFAULT 7 NOT NULL,
  -- cached: issued invoices and confirmed receipts naming the term
  "invoiced_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "received_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  CONSTRAINT "contract_payment_terms_percent" CHECK ("percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX "contract_payment_terms_contract" ON "contract_payment_terms" ("tenant_id", "contract_id", "seq");
--> statement-breakpoint
CREATE INDEX "contract_payment_terms_planned_date" ON "contract_payment_terms" ("tenant_id", "planned_date");
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "contract_id" integer NOT NULL REFERENCES "sales_contracts"("id"),
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "payment_term_id" integer REFERENCES "contract_payment_terms"("id"),
  "invoice_type" varchar(20) NOT NULL,
  "invoice_no" varchar(30),
  "invoice_date" date,
  "buyer_name" varchar(200) NOT NULL,
  "buyer_tax_no" varchar(30) NOT NULL,
  "amount_excl_tax" numeric(18, 2) NOT NULL,
  "tax_rate" numeric(5, 2) NOT NULL,
  "tax_amount" numeric(18, 2) NOT NULL,
  "amount_incl_tax" numeric(18, 2) NOT NULL,
  "is_red" boolean DEFAULT false NOT NULL,
  "original_invoice_id" integer REFERENCES "sales_invoices"("id"),
  "credit_days" integer,
  "due_date" date GENERATED ALWAYS AS ("invoice_date" + coalesce("credit_days", 0)) STORED,
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'APPROVED', 'ISSUED', 'VOID', 'REVERSED')),
  -- cached: allocations of confirmed receipts
  "received_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "remark" text,
  "audit_status" smallint DEFAULT 0 NOT NULL,
  "audit_reason" varchar(500),
  "audited_by" integer REFERENCES "users"("id"),
  "audited_at" timestamp with time zone,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "sales_invoices_red" CHECK ("is_red" = ("original_invoice_id" IS NOT NULL)),
  CONSTRAINT "sales_invoices_issued_no" CHECK ("status" <> 'ISSUED' OR "invoice_no" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_code" ON "sales_invoices" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_invoice_no" ON "sales_invoices" ("tenant_id", "invoice_no") WHERE invoice_no IS NOT NULL AND status <> 'VOID' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "sales_invoices_invoice_no_search" ON "sales_invoices" ("tenant_id", "invoice_no");
--> statement-breakpoint
CREATE INDEX "sales_invoices_contract" ON "sales_invoices" ("tenant_id", "contract_id");
--> statement-breakpoint
CREATE INDEX "sales_invoices_project" ON "sales_invoices" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "sales_invoices_term" ON "sales_invoices" ("tenant_id", "payment_term_id");
--> statement-breakpoint
CREATE INDEX "sales_invoices_original" ON "sales_invoices" ("tenant_id", "original_invoice_id");
--> statement-breakpoint
CREATE INDEX "sales_invoices_status" ON "sales_invoices" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "sales_invoices_invoice_date" ON "sales_invoices" ("tenant_id", "invoice_date");
--> statement-breakpoint
CREATE INDEX "sales_invoices_due_date" ON "sales_invoices" ("tenant_id", "due_date");
--> statement-breakpoint
CREATE INDEX "sales_invoices_amount" ON "sales_invoices" ("tenant_id", "amount_incl_tax");
--> statement-breakpoint
CREATE TABLE "customer_receipts" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "contract_id" integer NOT NULL REFERENCES "sales_contracts"("id"),
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "customer_id" integer NOT NULL REFERENCES "customers"("id"),
  "payment_term_id" integer REFERENCES "contract_payment_terms"("id"),
  "receipt_date" date NOT NULL,
  "amount" numeric(18, 2) NOT NULL CHECK ("amount" > 0),
  "method" varchar(30) NOT NULL,
  "bank_serial_no" varchar(64),
  "payer_name" varchar(200),
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'CONFIRMED', 'CANCELLED')),
  -- cached: Σ of the receipt's allocations; the rest is an advance or not yet matched (预收)
  "allocated_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "unallocated_amount" numeric(18, 2) GENERATED ALWAYS AS ("amount" - "allocated_amount") STORED,
  "remark" text,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_receipts_code" ON "customer_receipts" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_receipts_bank_serial_no" ON "customer_receipts" ("tenant_id", "bank_serial_no") WHERE bank_serial_no IS NOT NULL AND status <> 'CANCELLED' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "customer_receipts_bank_serial_no_search" ON "customer_receipts" ("tenant_id", "bank_serial_no");
--> statement-breakpoint
CREATE INDEX "customer_receipts_contract" ON "customer_receipts" ("tenant_id", "contract_id");
--> statement-breakpoint
CREATE INDEX "customer_receipts_project" ON "customer_receipts" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "customer_receipts_customer" ON "customer_receipts" ("tenant_id", "customer_id");
--> statement-breakpoint
CREATE INDEX "customer_receipts_term" ON "customer_receipts" ("tenant_id", "payment_term_id");
--> statement-breakpoint
CREATE INDEX "customer_receipts_status" ON "customer_receipts" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "customer_receipts_receipt_date" ON "customer_receipts" ("tenant_id", "receipt_date");
--> statement-breakpoint
CREATE INDEX "customer_receipts_amount" ON "customer_receipts" ("tenant_id", "amount");
--> statement-breakpoint
CREATE TABLE "receipt_allocations" (
  "id" serial PRIMARY KEY NOT NULL,
  "receipt_id" integer NOT NULL REFERENCES "customer_receipts"("id") ON DELETE CASCADE,
  "invoice_id" integer NOT NULL REFERENCES "sales_invoices"("id"),
  "amount" numeric(18, 2) NOT NULL CHECK ("amount" > 0),
  "remark" varchar(200),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "receipt_allocations_receipt" ON "receipt_allocations" ("tenant_id", "receipt_id");
--> statement-breakpoint
CREATE INDEX "receipt_allocations_invoice" ON "receipt_allocations" ("tenant_id", "invoice_id");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['sales_contracts', 'contract_payment_terms', 'sales_invoices', 'customer_receipts', 'receipt_allocations']) t;
