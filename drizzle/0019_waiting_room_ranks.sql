DROP INDEX "waiting_room_line_early_idx";--> statement-breakpoint
DROP INDEX "waiting_room_line_late_idx";--> statement-breakpoint
ALTER TABLE "waiting_room_state" ADD COLUMN "ranked_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_room_state" ADD COLUMN "admitted_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_room_visitor" ADD COLUMN "line_rank" integer;--> statement-breakpoint
CREATE INDEX "waiting_room_line_rank_idx" ON "waiting_room_visitor" USING btree ("seller_id","room_key","line_rank");