CREATE TABLE "external_identity_link" (
	"seller_id" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"identity_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_login_flow" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"issuer" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_path" text NOT NULL,
	"cart_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "external_identity_link" ADD CONSTRAINT "external_identity_link_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_identity_link" ADD CONSTRAINT "external_identity_link_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_flow" ADD CONSTRAINT "external_login_flow_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_identity_link_subject_idx" ON "external_identity_link" USING btree ("seller_id","issuer","subject");--> statement-breakpoint
CREATE INDEX "external_identity_link_identity_idx" ON "external_identity_link" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "external_login_flow_expires_idx" ON "external_login_flow" USING btree ("expires_at");