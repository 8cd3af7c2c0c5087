CREATE TABLE "waiting_list_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"event_session_id" text NOT NULL,
	"email" text NOT NULL,
	"identity_id" text,
	"quantity" integer NOT NULL,
	"ticket_type_ids" jsonb NOT NULL,
	"state" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_cart_id" text,
	"leave_token_hash" text NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD CONSTRAINT "waiting_list_entry_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD CONSTRAINT "waiting_list_entry_event_session_id_event_session_id_fk" FOREIGN KEY ("event_session_id") REFERENCES "public"."event_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_live_email_idx" ON "waiting_list_entry" USING btree ("event_session_id",lower("email")) WHERE "waiting_list_entry"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_session_idx" ON "waiting_list_entry" USING btree ("event_session_id","joined_at");