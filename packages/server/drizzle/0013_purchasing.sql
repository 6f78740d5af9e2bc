-- The project area (issue 5), purchasing: versioned project budgets with category lines, purchase
-- requests, purchase contracts (the purchase order), goods receipts, supplier invoices and supplier
-- payments (docs/domain.md §2.5, §2.6, §2.13–§2.16). Money is numeric(18,2), quantities numeric(18,4).
-- Totals, received/accepted/invoiced quantities and budget usage are cached columns the hooks keep.
-- Document numbers (CG2026-00001, ...): one sequence for every purchasing document.
CREATE SEQUENCE "purchase_doc_no";
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "purchase_doc_no" TO trestle_app;
--> statement-breakpoint
CREATE TABLE "project_budget" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(40) NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "version_no" integer NOT NULL,
  "budget_type" varchar(20) DEFAULT 'INITIAL' NOT NULL CHECK ("budget_type" IN ('INITIAL', 'REVISED', 'SUPPLEMENT')),
  "revision_of_id" integer REFERENCES "project_budget"("id"),
  "total_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "target_margin_pct" numeric(5, 2),
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'IN_APPROVAL', 'APPROVED', 'SUPERSEDED', 'REJECTED')),
  "is_current" boolean DEFAULT false NOT NULL,
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
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "project_budget_code" ON "project_budget" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "project_budget_version" ON "project_budget" ("tenant_id", "project_id", "version_no") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- B1: at most one current (approved) budget per project.
CREATE UNIQUE INDEX "project_budget_current" ON "project_budget" ("tenant_id", "project_id") WHERE is_current AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "project_budget_status" ON "project_budget" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "project_budget_total" ON "project_budget" ("tenant_id", "total_amount");
--> statement-breakpoint
CREATE TABLE "project_budget_line" (
  "id" serial PRIMARY KEY NOT NULL,
  "budget_id" integer NOT NULL REFERENCES "project_budget"("id") ON DELETE CASCADE,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "category" varchar(20) NOT NULL CHECK ("category" IN ('EQUIPMENT', 'SOFTWARE', 'SUBCONTRACT', 'LABOR', 'TRAVEL', 'LOGISTICS', 'TAX_OTHER', 'CONTINGENCY')),
  "item_name" varchar(200),
  "planned_amount" numeric(18, 2) DEFAULT 0 NOT NULL CHECK ("planned_amount" >= 0),
  "control_action" varchar(10) DEFAULT 'WARN' NOT NULL CHECK ("control_action" IN ('STOP', 'WARN', 'IGNORE')),
  "committed_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "actual_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "available_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "label" varchar(300),
  "remark" varchar(500),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "project_budget_line_item" ON "project_budget_line" ("tenant_id", "budget_id", "category", coalesce("item_name", ''));
--> statement-breakpoint
CREATE INDEX "project_budget_line_project" ON "project_budget_line" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "project_budget_line_label" ON "project_budget_line" ("tenant_id", "label");
--> statement-breakpoint
CREATE TABLE "purchase_request" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "requester_id" integer NOT NULL REFERENCES "employees"("id"),
  "request_date" date NOT NULL,
  "required_date" date NOT NULL,
  "reason" text,
  "total_est_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'IN_APPROVAL', 'APPROVED', 'PARTIALLY_ORDERED', 'ORDERED', 'CLOSED', 'REJECTED', 'CANCELLED')),
  "budget_warning" varchar(1000),
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
  CONSTRAINT "purchase_request_dates" CHECK ("required_date" >= "request_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_request_code" ON "purchase_request" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "purchase_request_project" ON "purchase_request" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "purchase_request_status" ON "purchase_request" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "purchase_request_request_date" ON "purchase_request" ("tenant_id", "request_date");
--> statement-breakpoint
CREATE INDEX "purchase_request_required_date" ON "purchase_request" ("tenant_id", "required_date");
--> statement-breakpoint
CREATE TABLE "purchase_request_line" (
  "id" serial PRIMARY KEY NOT NULL,
  "request_id" integer NOT NULL REFERENCES "purchase_request"("id") ON DELETE CASCADE,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "budget_line_id" integer NOT NULL REFERENCES "project_budget_line"("id"),
  "item_name" varchar(200) NOT NULL,
  "spec_model" varchar(200),
  "brand" varchar(100),
  "unit" varchar(20) NOT NULL,
  "qty" numeric(18, 4) NOT NULL CHECK ("qty" > 0),
  "est_unit_price" numeric(18, 2) DEFAULT 0 NOT NULL CHECK ("est_unit_price" >= 0),
  "est_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "ordered_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
  "label" varchar(300),
  "remark" varchar(500),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "purchase_request_line_request" ON "purchase_request_line" ("tenant_id", "request_id");
--> statement-breakpoint
CREATE INDEX "purchase_request_line_budget_line" ON "purchase_request_line" ("tenant_id", "budget_line_id");
--> statement-breakpoint
CREATE INDEX "purchase_request_line_project" ON "purchase_request_line" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "purchase_request_line_label" ON "purchase_request_line" ("tenant_id", "label");
--> statement-breakpoint
CREATE TABLE "purchase_contract" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "supplier_contract_no" varchar(64),
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
  "buyer_id" integer NOT NULL REFERENCES "employees"("id"),
  "sign_date" date NOT NULL,
  "promised_date" date NOT NULL,
  "delivery_address" varchar(300),
  "amount_excl_tax" numeric(18, 2) DEFAULT 0 NOT NULL,
  "tax_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "amount_incl_tax" numeric(18, 2) DEFAULT 0 NOT NULL,
  "warranty_months" integer,
  "back_to_back" boolean DEFAULT false NOT NULL,
  "receipt_status" varchar(10) DEFAULT 'NONE' NOT NULL CHECK ("receipt_status" IN ('NONE', 'PARTIAL', 'FULL')),
  "billing_status" varchar(20) DEFAULT 'NOTHING_TO_BILL' NOT NULL CHECK ("billing_status" IN ('NOTHING_TO_BILL', 'TO_BILL', 'BILLED')),
  "accepted_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "invoiced_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "paid_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "pct_received" numeric(5, 2) DEFAULT 0 NOT NULL,
  "pct_billed" numeric(5, 2) DEFAULT 0 NOT NULL,
  "pct_paid" numeric(5, 2) DEFAULT 0 NOT NULL,
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'IN_APPROVAL', 'APPROVED', 'REJECTED', 'SIGNED', 'IN_EXECUTION', 'COMPLETED', 'CLOSED', 'TERMINATED', 'CANCELLED')),
  "close_reason" varchar(500),
  "budget_warning" varchar(1000),
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
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_contract_code" ON "purchase_contract" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "purchase_contract_project" ON "purchase_contract" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "purchase_contract_supplier" ON "purchase_contract" ("tenant_id", "supplier_id");
--> statement-breakpoint
CREATE INDEX "purchase_contract_status" ON "purchase_contract" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "purchase_contract_sign_date" ON "purchase_contract" ("tenant_id", "sign_date");
--> statement-breakpoint
CREATE INDEX "purchase_contract_promised_date" ON "purchase_contract" ("tenant_id", "promised_date");
--> statement-breakpoint
CREATE INDEX "purchase_contract_amount" ON "purchase_contract" ("tenant_id", "amount_incl_tax");
--> statement-breakpoint
CREATE TABLE "purchase_contract_line" (
  "id" serial PRIMARY KEY NOT NULL,
  "contract_id" integer NOT NULL REFERENCES "purchase_contract"("id") ON DELETE CASCADE,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "request_line_id" integer REFERENCES "purchase_request_line"("id"),
  "budget_line_id" integer NOT NULL REFERENCES "project_budget_line"("id"),
  "item_name" varchar(200) NOT NULL,
  "spec_model" varchar(200),
  "brand" varchar(100),
  "unit" varchar(20) NOT NULL,
  "qty" numeric(18, 4) NOT NULL CHECK ("qty" > 0),
  "unit_price" numeric(18, 2) NOT NULL CHECK ("unit_price" >= 0),
  "tax_rate" numeric(5, 2) DEFAULT 13 NOT NULL CHECK ("tax_rate" >= 0 AND "tax_rate" <= 100),
  "amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "amount_excl_tax" numeric(18, 2) DEFAULT 0 NOT NULL,
  "line_promised_date" date,
  "received_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
  "accepted_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
  "invoiced_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
  "label" varchar(300),
  "remark" varchar(500),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "purchase_contract_line_contract" ON "purchase_contract_line" ("tenant_id", "contract_id");
--> statement-breakpoint
CREATE INDEX "purchase_contract_line_request_line" ON "purchase_contract_line" ("tenant_id", "request_line_id");
--> statement-breakpoint
CREATE INDEX "purchase_contract_line_budget_line" ON "purchase_contract_line" ("tenant_id", "budget_line_id");
--> statement-breakpoint
CREATE INDEX "purchase_contract_line_project" ON "purchase_contract_line" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "purchase_contract_line_label" ON "purchase_contract_line" ("tenant_id", "label");
--> statement-breakpoint
CREATE TABLE "goods_receipt" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "purchase_contract_id" integer NOT NULL REFERENCES "purchase_contract"("id"),
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
  "arrival_date" date NOT NULL,
  "delivery_note_no" varchar(64),
  "logistics_company" varchar(100),
  "tracking_no" varchar(64),
  "receiver_id" integer NOT NULL REFERENCES "employees"("id"),
  "location" varchar(200),
  "inspection_status" varchar(20) DEFAULT 'PENDING' NOT NULL CHECK ("inspection_status" IN ('PENDING', 'PASSED', 'PARTIAL', 'REJECTED')),
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'CONFIRMED', 'CANCELLED')),
  "late_days" integer DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX "goods_receipt_code" ON "goods_receipt" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "goods_receipt_contract" ON "goods_receipt" ("tenant_id", "purchase_contract_id");
--> statement-breakpoint
CREATE INDEX "goods_receipt_project" ON "goods_receipt" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "goods_receipt_status" ON "goods_receipt" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "goods_receipt_arrival_date" ON "goods_receipt" ("tenant_id", "arrival_date");
--> statement-breakpoint
CREATE TABLE "goods_receipt_line" (
  "id" serial PRIMARY KEY NOT NULL,
  "receipt_id" integer NOT NULL REFERENCES "goods_receipt"("id") ON DELETE CASCADE,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "contract_line_id" integer NOT NULL REFERENCES "purchase_contract_line"("id"),
  "delivered_qty" numeric(18, 4) NOT NULL CHECK ("delivered_qty" >= 0),
  "accepted_qty" numeric(18, 4) NOT NULL CHECK ("accepted_qty" >= 0),
  "rejected_qty" numeric(18, 4) DEFAULT 0 NOT NULL CHECK ("rejected_qty" >= 0),
  "serial_nos" text,
  "remark" varchar(500),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  -- GR1: what was delivered is either accepted or rejected.
  CONSTRAINT "goods_receipt_line_qty" CHECK ("delivered_qty" = "accepted_qty" + "rejected_qty")
);
--> statement-breakpoint
CREATE INDEX "goods_receipt_line_receipt" ON "goods_receipt_line" ("tenant_id", "receipt_id");
--> statement-breakpoint
CREATE INDEX "goods_receipt_line_contract_line" ON "goods_receipt_line" ("tenant_id", "contract_line_id");
--> statement-breakpoint
CREATE TABLE "purchase_invoice" (
  "id" serial PRIMARY KEY NOT NULL,
  "purchase_contract_id" integer NOT NULL REFERENCES "purchase_contract"("id"),
  "supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "invoice_type" varchar(20) DEFAULT 'VAT_SPECIAL' NOT NULL CHECK ("invoice_type" IN ('VAT_SPECIAL', 'VAT_NORMAL')),
  "invoice_no" varchar(32) NOT NULL,
  "invoice_date" date NOT NULL,
  "received_date" date NOT NULL,
  "amount_excl_tax" numeric(18, 2) NOT NULL CHECK ("amount_excl_tax" > 0),
  "tax_rate" numeric(5, 2) DEFAULT 13 NOT NULL CHECK ("tax_rate" >= 0 AND "tax_rate" <= 100),
  "tax_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "amount_incl_tax" numeric(18, 2) DEFAULT 0 NOT NULL,
  "deduction_status" varchar(20) DEFAULT 'PENDING' NOT NULL CHECK ("deduction_status" IN ('NOT_APPLICABLE', 'PENDING', 'CERTIFIED')),
  "status" varchar(20) DEFAULT 'REGISTERED' NOT NULL CHECK ("status" IN ('REGISTERED', 'VERIFIED', 'REJECTED', 'REVERSED')),
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
CREATE UNIQUE INDEX "purchase_invoice_number" ON "purchase_invoice" ("tenant_id", "supplier_id", "invoice_no") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "purchase_invoice_invoice_no" ON "purchase_invoice" ("tenant_id", "invoice_no");
--> statement-breakpoint
CREATE INDEX "purchase_invoice_contract" ON "purchase_invoice" ("tenant_id", "purchase_contract_id");
--> statement-breakpoint
CREATE INDEX "purchase_invoice_project" ON "purchase_invoice" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "purchase_invoice_status" ON "purchase_invoice" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "purchase_invoice_invoice_date" ON "purchase_invoice" ("tenant_id", "invoice_date");
--> statement-breakpoint
CREATE TABLE "supplier_payment" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "purchase_contract_id" integer NOT NULL REFERENCES "purchase_contract"("id"),
  "supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "is_advance" boolean DEFAULT false NOT NULL,
  "requested_amount" numeric(18, 2) NOT NULL CHECK ("requested_amount" > 0),
  "requested_by" integer NOT NULL REFERENCES "employees"("id"),
  "request_date" date NOT NULL,
  "paid_amount" numeric(18, 2),
  "paid_date" date,
  "method" varchar(30),
  "bank_serial_no" varchar(64),
  "payee_account" varchar(64),
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'IN_APPROVAL', 'APPROVED', 'PAID', 'REJECTED', 'CANCELLED')),
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
  CONSTRAINT "supplier_payment_paid" CHECK ("paid_amount" IS NULL OR ("paid_amount" > 0 AND "paid_amount" <= "requested_amount"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payment_code" ON "supplier_payment" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "supplier_payment_contract" ON "supplier_payment" ("tenant_id", "purchase_contract_id");
--> statement-breakpoint
CREATE INDEX "supplier_payment_project" ON "supplier_payment" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX "supplier_payment_status" ON "supplier_payment" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "supplier_payment_request_date" ON "supplier_payment" ("tenant_id", "request_date");
--> statement-breakpoint
CREATE INDEX "supplier_payment_paid_date" ON "supplier_payment" ("tenant_id", "paid_date");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['project_budget', 'project_budget_line', 'purchase_request', 'purchase_request_line',
    'purchase_contract', 'purchase_contract_line', 'goods_receipt', 'goods_receipt_line', 'purchase_invoice',
    'supplier_payment']) t;
