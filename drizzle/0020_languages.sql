ALTER TABLE "cart" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "event_template" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_group" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD COLUMN "language" text;