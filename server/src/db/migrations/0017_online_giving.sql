CREATE TABLE "giving_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"church_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer,
	"guest_name" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"phone" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'xof' NOT NULL,
	"notes" text,
	"payment_account_id" integer NOT NULL,
	"receipt_account_id" integer NOT NULL,
	"merchant" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"token" text,
	"payment_url" text,
	"provider_reference" text,
	"operator" text,
	"fee" integer,
	"failure_reason" text,
	"contribution_id" integer,
	"fee_movement_id" bigint,
	"ip" text,
	"checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_checkouts_status_ck" CHECK ("giving_checkouts"."status" in ('started', 'pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "giving_checkouts_amount_ck" CHECK ("giving_checkouts"."amount" > 0),
	CONSTRAINT "giving_checkouts_entity_ck" CHECK ("giving_checkouts"."entity_type" in ('church', 'department')),
	CONSTRAINT "giving_checkouts_paid_ck" CHECK ("giving_checkouts"."status" <> 'paid' or "giving_checkouts"."contribution_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "giving_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"church_id" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"collection" text DEFAULT 'church' NOT NULL,
	"payment_account_id" integer,
	"code" text,
	"api_key_encrypted" text,
	"api_token_encrypted" text,
	"key_hint" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_settings_collection_ck" CHECK ("giving_settings"."collection" in ('church', 'central'))
);
--> statement-breakpoint
ALTER TABLE "treasury_movements" DROP CONSTRAINT "treasury_movements_source_type_ck";--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "giver_name" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "online_reference" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "online_operator" text;--> statement-breakpoint
ALTER TABLE "giving_checkouts" ADD CONSTRAINT "giving_checkouts_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_checkouts" ADD CONSTRAINT "giving_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_checkouts" ADD CONSTRAINT "giving_checkouts_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_checkouts" ADD CONSTRAINT "giving_checkouts_receipt_account_id_operation_accounts_id_fk" FOREIGN KEY ("receipt_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_checkouts" ADD CONSTRAINT "giving_checkouts_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giving_checkouts_public_id_uq" ON "giving_checkouts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giving_checkouts_transaction_uq" ON "giving_checkouts" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giving_checkouts_token_uq" ON "giving_checkouts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "giving_checkouts_contribution_uq" ON "giving_checkouts" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "giving_checkouts_church_idx" ON "giving_checkouts" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE INDEX "giving_checkouts_user_idx" ON "giving_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "giving_checkouts_open_idx" ON "giving_checkouts" USING btree ("status","created_at") WHERE "giving_checkouts"."status" in ('started', 'pending');--> statement-breakpoint
CREATE INDEX "giving_checkouts_guest_ip_idx" ON "giving_checkouts" USING btree ("ip","created_at") WHERE "giving_checkouts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "giving_checkouts_guest_phone_idx" ON "giving_checkouts" USING btree ("phone","created_at") WHERE "giving_checkouts"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "giving_settings_church_uq" ON "giving_settings" USING btree (coalesce("church_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "giving_settings_code_uq" ON "giving_settings" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_online_reference_uq" ON "contributions" USING btree ("online_reference");--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_source_type_ck" CHECK ("treasury_movements"."source_type" in ('contribution', 'expense_payment', 'reversal', 'opening_balance', 'payslip', 'fixed_asset_disposal', 'online_giving_fee'));