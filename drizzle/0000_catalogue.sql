CREATE TABLE "code" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"advertise" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer DEFAULT -1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"benefit" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_session" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"event_template_id" text NOT NULL,
	"start_datetime" timestamp with time zone NOT NULL,
	"end_datetime" timestamp with time zone NOT NULL,
	"capacity" integer DEFAULT -1 NOT NULL,
	"used_capacity" integer DEFAULT 0 NOT NULL,
	"oversell_capacity" integer DEFAULT 0 NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"price_tier" text
);
--> statement-breakpoint
CREATE TABLE "event_template" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"venue_id" text NOT NULL,
	"name" text NOT NULL,
	"subtitle" text,
	"summary" text,
	"description" text,
	"category" text,
	"event_type" text NOT NULL,
	"hidden_type" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"balance" integer NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"ticket_type_id" text NOT NULL,
	"ticket_group_id" text NOT NULL,
	"party_role" text NOT NULL,
	"named" text NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"event_template_id" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"actions" jsonb NOT NULL,
	"triggers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_map" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"event_template_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"other_elements" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_template" (
	"id" text PRIMARY KEY NOT NULL,
	"seat_map_id" text NOT NULL,
	"name" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"radius" integer NOT NULL,
	"previous_id" text,
	"next_id" text,
	"ticket_group_ids" jsonb NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"currency_code" text NOT NULL,
	CONSTRAINT "seller_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "session_seat" (
	"event_session_id" text NOT NULL,
	"seat_template_id" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_group" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"event_template_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"handler" text NOT NULL,
	"hidden_type" text NOT NULL,
	"start_policy" text,
	"start_policy_date" timestamp with time zone,
	"duration_new" text,
	"min_tickets_per_order" integer,
	"max_tickets_per_order" integer,
	"capacity" integer DEFAULT -1 NOT NULL,
	"oversell_capacity" integer DEFAULT 0 NOT NULL,
	"used_capacity" integer DEFAULT 0 NOT NULL,
	"exclude_from_event_capacity" boolean DEFAULT false NOT NULL,
	"color" text,
	"additional_info_spec" jsonb,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_type" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"ticket_group_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"summary" text,
	"rank" integer DEFAULT 0 NOT NULL,
	"currency_amount" integer NOT NULL,
	"currency_amount_min" integer,
	"currency_amount_max" integer,
	"fee_fixed_outside" integer DEFAULT 0 NOT NULL,
	"fee_percent_outside" integer DEFAULT 0 NOT NULL,
	"tier_amounts" jsonb
);
--> statement-breakpoint
CREATE TABLE "venue" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"address" text
);
--> statement-breakpoint
ALTER TABLE "code" ADD CONSTRAINT "code_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config" ADD CONSTRAINT "config_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_session" ADD CONSTRAINT "event_session_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_session" ADD CONSTRAINT "event_session_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_template" ADD CONSTRAINT "event_template_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_template" ADD CONSTRAINT "event_template_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rule" ADD CONSTRAINT "membership_rule_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rule" ADD CONSTRAINT "membership_rule_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rule" ADD CONSTRAINT "membership_rule_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_rule" ADD CONSTRAINT "message_rule_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_rule" ADD CONSTRAINT "message_rule_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta" ADD CONSTRAINT "meta_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_map" ADD CONSTRAINT "seat_map_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_map" ADD CONSTRAINT "seat_map_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_template" ADD CONSTRAINT "seat_template_seat_map_id_seat_map_id_fk" FOREIGN KEY ("seat_map_id") REFERENCES "public"."seat_map"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_seat" ADD CONSTRAINT "session_seat_event_session_id_event_session_id_fk" FOREIGN KEY ("event_session_id") REFERENCES "public"."event_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_seat" ADD CONSTRAINT "session_seat_seat_template_id_seat_template_id_fk" FOREIGN KEY ("seat_template_id") REFERENCES "public"."seat_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_group" ADD CONSTRAINT "ticket_group_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_group" ADD CONSTRAINT "ticket_group_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue" ADD CONSTRAINT "venue_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_seller_code_idx" ON "code" USING btree ("seller_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "config_resource_key_idx" ON "config" USING btree ("resource_id","key");--> statement-breakpoint
CREATE INDEX "event_session_event_start_idx" ON "event_session" USING btree ("event_template_id","start_datetime");--> statement-breakpoint
CREATE INDEX "event_template_seller_idx" ON "event_template" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_number_idx" ON "ledger" USING btree ("seller_id","type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "meta_resource_idx" ON "meta" USING btree ("resource","resource_id");--> statement-breakpoint
CREATE INDEX "seat_template_map_idx" ON "seat_template" USING btree ("seat_map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_seat_pk" ON "session_seat" USING btree ("event_session_id","seat_template_id");--> statement-breakpoint
CREATE INDEX "ticket_group_event_idx" ON "ticket_group" USING btree ("event_template_id");--> statement-breakpoint
CREATE INDEX "ticket_type_group_idx" ON "ticket_type" USING btree ("ticket_group_id");