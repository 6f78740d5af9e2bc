-- Users and roles (issue 4): a user belongs to several organisations (users.organization_id stays the main one),
-- and a session remembers when its token was last rotated (shown in the user's session list).
CREATE TABLE "user_organizations" (
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	CONSTRAINT "user_organizations_pk" PRIMARY KEY ("user_id", "organization_id")
);
--> statement-breakpoint
CREATE INDEX "user_organizations_organization" ON "user_organizations" ("tenant_id", "organization_id");
--> statement-breakpoint
INSERT INTO "user_organizations" ("tenant_id", "user_id", "organization_id")
SELECT "tenant_id", "id", "organization_id" FROM "users" WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "users_tenant_name" ON "users" ("tenant_id", "user_name");
--> statement-breakpoint
CREATE INDEX "roles_tenant_parent" ON "roles" ("tenant_id", "parent_id");
