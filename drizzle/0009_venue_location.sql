ALTER TABLE "venue" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "longitude" double precision;