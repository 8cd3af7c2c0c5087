ALTER TABLE "event_session" ADD COLUMN "waiting_list_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD COLUMN "lines" jsonb;--> statement-breakpoint
UPDATE "waiting_list_entry" SET "lines" = jsonb_build_array(jsonb_build_object('ticketTypeId', "ticket_type_ids"->>0, 'quantity', "quantity"));--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ALTER COLUMN "lines" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD COLUMN "offer_token_hash" text;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" DROP COLUMN "ticket_type_ids";
