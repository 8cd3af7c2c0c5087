CREATE TABLE "membership" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"identity_id" text NOT NULL,
	"scan_code" text NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"zip_code" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"ticket_order_id" text,
	"auto_renew_state" text
);
--> statement-breakpoint
CREATE TABLE "otp_challenge" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"identity_id" text,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"identity_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenge" ADD CONSTRAINT "otp_challenge_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenge" ADD CONSTRAINT "otp_challenge_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_scan_code_idx" ON "membership" USING btree ("seller_id","scan_code");--> statement-breakpoint
CREATE INDEX "membership_identity_idx" ON "membership" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "otp_challenge_identity_idx" ON "otp_challenge" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "password_reset_identity_idx" ON "password_reset_token" USING btree ("identity_id");