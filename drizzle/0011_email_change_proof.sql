CREATE TABLE "change_code" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"identity_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_change" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"identity_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"previous_password_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "change_code" ADD CONSTRAINT "change_code_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_code" ADD CONSTRAINT "change_code_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_code_identity_idx" ON "change_code" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "email_change_identity_idx" ON "email_change" USING btree ("identity_id");