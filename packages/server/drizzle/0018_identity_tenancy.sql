-- The identity tables join tenancy (ADR 0005): users, roles, sessions, user_roles and role_types get
-- forced row-level security like every business table. Sign-in, which must find a user by name before
-- any tenant is known, goes through one SECURITY DEFINER function that answers (user id, tenant id) for
-- one key and nothing else. Also: role types become per tenant, settings a tenant may change get a
-- per-tenant table, and failed sign-ins are counted per account and client address.

-- Role types, shared until now: the platform tenant keeps the rows it has, every other tenant gets its
-- own copy of each, and its roles are pointed at their tenant's copy (same code).
ALTER TABLE "role_types" DROP CONSTRAINT "role_types_code_unique";
--> statement-breakpoint
ALTER TABLE "role_types" ADD COLUMN "tenant_id" integer REFERENCES "tenants"("id");
--> statement-breakpoint
UPDATE "role_types" SET "tenant_id" = (SELECT "id" FROM "tenants" WHERE "is_platform");
--> statement-breakpoint
INSERT INTO "role_types" ("tenant_id", "code", "name")
SELECT t."id", rt."code", rt."name"
FROM "role_types" rt CROSS JOIN "tenants" t
WHERE rt."tenant_id" = (SELECT "id" FROM "tenants" WHERE "is_platform") AND NOT t."is_platform";
--> statement-breakpoint
UPDATE "roles" r SET "role_type_id" = mine."id"
FROM "role_types" theirs JOIN "role_types" mine ON mine."code" = theirs."code"
WHERE r."role_type_id" = theirs."id" AND mine."tenant_id" = r."tenant_id" AND theirs."tenant_id" IS DISTINCT FROM r."tenant_id";
--> statement-breakpoint
-- Only without a platform tenant could a type still be unowned: no tenant can see it, so it goes.
UPDATE "roles" SET "role_type_id" = NULL
WHERE "role_type_id" IN (SELECT "id" FROM "role_types" WHERE "tenant_id" IS NULL);
--> statement-breakpoint
DELETE FROM "role_types" WHERE "tenant_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "role_types" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "role_types_tenant_code" ON "role_types" ("tenant_id", "code");
--> statement-breakpoint
CREATE UNIQUE INDEX "role_types_tenant_id" ON "role_types" ("tenant_id", "id");
--> statement-breakpoint
-- A role's type is one of its own tenant's, whatever the code that writes it.
ALTER TABLE "roles" DROP CONSTRAINT "roles_role_type_id_role_types_id_fk";
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_role_type_same_tenant"
  FOREIGN KEY ("tenant_id", "role_type_id") REFERENCES "role_types"("tenant_id", "id");
--> statement-breakpoint
-- user_roles carries its tenant, so row-level security can keep it, and a user holds only roles of
-- its own tenant (two composite foreign keys); a stray cross-tenant link granted nothing legitimate.
ALTER TABLE "user_roles" ADD COLUMN "tenant_id" integer REFERENCES "tenants"("id");
--> statement-breakpoint
UPDATE "user_roles" ur SET "tenant_id" = u."tenant_id" FROM "users" u WHERE u."id" = ur."user_id";
--> statement-breakpoint
DELETE FROM "user_roles" ur USING "roles" r WHERE r."id" = ur."role_id" AND r."tenant_id" <> ur."tenant_id";
--> statement-breakpoint
ALTER TABLE "user_roles" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id" ON "users" ("tenant_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_id" ON "roles" ("tenant_id", "id");
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_same_tenant"
  FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_same_tenant"
  FOREIGN KEY ("tenant_id", "role_id") REFERENCES "roles"("tenant_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
-- What a tenant's admin may set for its own tenant (site name and logo, page size, password policy),
-- over the platform's values in "settings", which stay the platform administrator's.
CREATE TABLE "tenant_settings" (
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "key" varchar(50) NOT NULL,
  "value" jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tenant_settings_pk" PRIMARY KEY ("tenant_id", "key")
);
--> statement-breakpoint
-- Registration names its tenant and role by id (a role code can be renamed or reused); an install
-- that had registration on keeps it, into the platform tenant's role of that code. With no saved
-- switch, registration is now off until the platform administrator turns it on.
UPDATE "settings" s SET "value" = (s."value" - 'defaultRoleCode') || jsonb_build_object(
  'registerTenantId', p."id",
  'registerRoleId', (SELECT r."id" FROM "roles" r
                     WHERE r."tenant_id" = p."id" AND r."code" = coalesce(s."value"->>'defaultRoleCode', 'staff')))
FROM "tenants" p WHERE p."is_platform" AND s."key" = 'login';
--> statement-breakpoint
-- Failed sign-ins per account and client address: one address's failures lock only that address out
-- of that account. The counts are short-lived, so the old per-name rows are simply dropped.
DROP TABLE "login_failures";
--> statement-breakpoint
CREATE TABLE "login_failures" (
  "user_key" varchar(100) NOT NULL,
  "address" varchar(64) NOT NULL,
  "failures" integer NOT NULL,
  "first_failed_at" timestamp with time zone NOT NULL,
  "last_failed_at" timestamp with time zone NOT NULL,
  -- How many times this address was locked out of this account: each lock lasts twice the last.
  "locks" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone,
  CONSTRAINT "login_failures_pk" PRIMARY KEY ("user_key", "address")
);
--> statement-breakpoint
-- Row-level security on the identity tables and the new tenant tables. A platform administrator
-- working in another tenant (TenantMan's switch) still reads its own user row and role links, and its
-- home tenant's roles, where its grants come from: the request binds app.acting_user_id and
-- app.acting_tenant_id then, and nothing otherwise. (Naming the roles through user_roles instead
-- would cost every session check a sub-plan.)
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "users"
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer
         OR id = nullif(current_setting('app.acting_user_id', true), '')::integer)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer
         OR id = nullif(current_setting('app.acting_user_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "user_roles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "user_roles" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "user_roles"
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer
         OR user_id = nullif(current_setting('app.acting_user_id', true), '')::integer)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "roles" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "roles"
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer
         OR tenant_id = nullif(current_setting('app.acting_tenant_id', true), '')::integer)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer);
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['sessions', 'role_types', 'tenant_settings']) t;
--> statement-breakpoint
-- Sign-in's one pre-tenant read: the user id and tenant of one normalised user name, nothing else.
-- It runs as the owner (SECURITY DEFINER, fixed search_path); only trestle_app may call it. Row-level
-- security is forced on the owner too, so the owner gets a read-only policy of its own on users
-- (a superuser owner, as on PGlite, passes anyway).
CREATE POLICY owner_reads ON "users" FOR SELECT TO CURRENT_USER USING (true);
--> statement-breakpoint
CREATE FUNCTION "trestle_sign_in_lookup"(p_key text) RETURNS TABLE ("user_id" integer, "tenant_id" integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT u.id, u.tenant_id FROM public.users u WHERE u.user_key = p_key
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "trestle_sign_in_lookup"(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "trestle_sign_in_lookup"(text) TO trestle_app;
