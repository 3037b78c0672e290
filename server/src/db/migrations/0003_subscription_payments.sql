CREATE TABLE "subscription_payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"token" text,
	"payment_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'xof' NOT NULL,
	"payer_id" integer NOT NULL,
	"phone" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"provider_reference" text,
	"operator" text,
	"failure_reason" text,
	"checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payment_attempts_status_ck" CHECK ("subscription_payment_attempts"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "subscription_payment_attempts" ADD CONSTRAINT "subscription_payment_attempts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_attempts" ADD CONSTRAINT "subscription_payment_attempts_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payment_attempts_transaction_uq" ON "subscription_payment_attempts" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payment_attempts_token_uq" ON "subscription_payment_attempts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payment_attempts_one_pending_uq" ON "subscription_payment_attempts" USING btree ("subscription_id") WHERE "subscription_payment_attempts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "subscription_payment_attempts_subscription_idx" ON "subscription_payment_attempts" USING btree ("subscription_id","created_at");