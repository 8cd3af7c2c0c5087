ALTER TABLE "cart" ADD COLUMN "edits_ticket_order_id" text;--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "edit_removals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_of_payment_id" text;