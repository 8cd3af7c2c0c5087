CREATE TABLE "gate_scan" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"gate" text NOT NULL,
	"ticket_id" text,
	"membership_id" text,
	"verdict" text NOT NULL,
	"light" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_admission" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"event_session_id" text,
	"admitted_at" timestamp with time zone NOT NULL,
	"gate" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"scan_id" text NOT NULL,
	"overridden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_scan" ADD CONSTRAINT "gate_scan_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admission" ADD CONSTRAINT "ticket_admission_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admission" ADD CONSTRAINT "ticket_admission_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_scan_seller_recorded_idx" ON "gate_scan" USING btree ("seller_id","recorded_at");--> statement-breakpoint
CREATE INDEX "gate_scan_conflict_idx" ON "gate_scan" USING btree ("seller_id","recorded_at") WHERE "gate_scan"."conflict";--> statement-breakpoint
CREATE INDEX "ticket_admission_session_idx" ON "ticket_admission" USING btree ("event_session_id");