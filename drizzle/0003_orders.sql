CREATE TABLE "checkout_idempotency" (
	"cart_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_idempotency_cart_id_key_pk" PRIMARY KEY("cart_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"gateway_id" text NOT NULL,
	"state" text NOT NULL,
	"amount" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"card_number" text,
	"remaining_balance" integer,
	"provider_reference" text,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "ticket_order" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"order_number" text NOT NULL,
	"identity_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"state" text NOT NULL,
	"guest" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_scan" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"ticket_order_id" text NOT NULL,
	"scan_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_idempotency" ADD CONSTRAINT "checkout_idempotency_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD CONSTRAINT "ticket_order_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD CONSTRAINT "ticket_order_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD CONSTRAINT "ticket_order_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_ticket_order_id_ticket_order_id_fk" FOREIGN KEY ("ticket_order_id") REFERENCES "public"."ticket_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_cart_idx" ON "payment" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cart_key_idx" ON "payment" USING btree ("cart_id","idempotency_key") WHERE "payment"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_order_cart_idx" ON "ticket_order" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_order_seller_number_idx" ON "ticket_order" USING btree ("seller_id","order_number");--> statement-breakpoint
CREATE INDEX "ticket_order_identity_idx" ON "ticket_order" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_scan_code_idx" ON "ticket_scan" USING btree ("scan_code");--> statement-breakpoint
CREATE INDEX "ticket_scan_order_idx" ON "ticket_scan" USING btree ("ticket_order_id");