CREATE TABLE "waiting_room_state" (
	"seller_id" text NOT NULL,
	"room_key" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"rate_override" integer,
	"credit" double precision DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_room_state_seller_id_room_key_pk" PRIMARY KEY("seller_id","room_key")
);
--> statement-breakpoint
CREATE TABLE "waiting_room_visitor" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"room_key" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"random_key" text NOT NULL,
	"admitted_at" timestamp with time zone,
	"leaves_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "waiting_room_state" ADD CONSTRAINT "waiting_room_state_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_visitor" ADD CONSTRAINT "waiting_room_visitor_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_room_line_early_idx" ON "waiting_room_visitor" USING btree ("seller_id","room_key","admitted_at","random_key");--> statement-breakpoint
CREATE INDEX "waiting_room_line_late_idx" ON "waiting_room_visitor" USING btree ("seller_id","room_key","admitted_at","arrived_at");