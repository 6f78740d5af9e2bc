ALTER TABLE "organizations" ADD COLUMN "manager_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "buttons" ADD COLUMN "type" varchar(20) DEFAULT 'default' NOT NULL;
