CREATE TABLE "membership_renewal" (
	"membership_id" text NOT NULL,
	"term_end" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"payment_reference" text,
	"new_membership_id" text,
	"ticket_order_id" text,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_renewal_membership_id_term_end_pk" PRIMARY KEY("membership_id","term_end")
);
--> statement-breakpoint
CREATE TABLE "saved_payment_method" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"identity_id" text NOT NULL,
	"gateway_id" text NOT NULL,
	"identifier" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "membership_scan_code_idx";--> statement-breakpoint
ALTER TABLE "code" ADD COLUMN "source_order_id" text;--> statement-breakpoint
ALTER TABLE "code" ADD COLUMN "redeemed_cart_id" text;--> statement-breakpoint
ALTER TABLE "code" ADD COLUMN "redeemed_order_id" text;--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "membership_options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "party_role" text;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "giftee_identity_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "ticket_group_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "ticket_type_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "event_template_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "benefits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "member_event_purchase_limit" integer;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "saved_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "renews_membership_id" text;--> statement-breakpoint
ALTER TABLE "saved_payment_method" ADD CONSTRAINT "saved_payment_method_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_method" ADD CONSTRAINT "saved_payment_method_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_payment_method_identity_idx" ON "saved_payment_method" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_scan_code_idx" ON "membership" USING btree ("seller_id","scan_code") WHERE "membership"."renews_membership_id" is null;