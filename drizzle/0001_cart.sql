CREATE TABLE "auth_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"identity_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"cart_number" text NOT NULL,
	"state" text NOT NULL,
	"identity_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"campaign" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"additional_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_order_id" text
);
--> statement-breakpoint
CREATE TABLE "identity" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"password_hash" text,
	"additional_info" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"state" text NOT NULL,
	"ticket_type_id" text NOT NULL,
	"ticket_group_id" text NOT NULL,
	"event_template_id" text NOT NULL,
	"event_session_id" text,
	"counts_against_session" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"face_value" integer NOT NULL,
	"fee_fixed_outside" integer DEFAULT 0 NOT NULL,
	"fee_percent_outside" integer DEFAULT 0 NOT NULL,
	"admit_name" text,
	"admit_email" text,
	"seat_template_id" text,
	"code" text,
	"created_at" timestamp with time zone NOT NULL,
	"ticket_order_id" text
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity" ADD CONSTRAINT "identity_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_event_session_id_event_session_id_fk" FOREIGN KEY ("event_session_id") REFERENCES "public"."event_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_session_identity_idx" ON "auth_session" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "cart_state_expires_idx" ON "cart" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_seller_number_idx" ON "cart" USING btree ("seller_id","cart_number");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_seller_email_idx" ON "identity" USING btree ("seller_id",lower("email")) WHERE "identity"."email" is not null;--> statement-breakpoint
CREATE INDEX "ticket_cart_idx" ON "ticket" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "ticket_session_idx" ON "ticket" USING btree ("event_session_id");