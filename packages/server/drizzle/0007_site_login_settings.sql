-- Image captcha challenges: kept in the database so any node can check an answer; one use, short expiry.
CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captchas_expires_at" ON "captchas" USING btree ("expires_at");
