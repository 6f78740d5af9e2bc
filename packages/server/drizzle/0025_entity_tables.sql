-- The built-in entities whose table the app made from the definition at start-up (not from a migration):
-- the definition it was made or last brought in line from, so a start after the definition changes plans
-- the difference. Platform-wide and read only by the owner's connection at start-up, like table_designs.
CREATE TABLE "entity_tables" (
  "name" varchar(64) PRIMARY KEY,
  "table_name" varchar(63) NOT NULL UNIQUE,
  "definition" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
