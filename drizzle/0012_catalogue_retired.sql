ALTER TABLE "event_session" ADD COLUMN "planned_capacity" integer;--> statement-breakpoint
ALTER TABLE "event_session" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_template" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_group" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "retired_at" timestamp with time zone;