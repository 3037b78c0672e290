CREATE TABLE "faithful_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_church_id" integer NOT NULL,
	"to_church_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_item_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_item_templates_category_ck" CHECK ("budget_item_templates"."category" in ('INCOME', 'EXPENSE'))
);
--> statement-breakpoint
CREATE TABLE "budget_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_id" integer NOT NULL,
	"budget_item_template_id" integer NOT NULL,
	"category" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_lines_category_ck" CHECK ("budget_lines"."category" in ('INCOME', 'EXPENSE')),
	CONSTRAINT "budget_lines_amount_ck" CHECK ("budget_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planned_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"title" text NOT NULL,
	"planned_date" date NOT NULL,
	"activity_type_id" integer,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attachable_type" text NOT NULL,
	"attachable_id" integer NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "attachments_attachable_type_ck" CHECK ("attachments"."attachable_type" in ('expense_request')),
	CONSTRAINT "attachments_size_ck" CHECK ("attachments"."size" > 0 and "attachments"."size" <= 10485760)
);
--> statement-breakpoint
CREATE TABLE "fixed_assets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"reference" text,
	"brand" text,
	"model" text,
	"operation_account_id" integer,
	"purchase_price" integer NOT NULL,
	"additional_costs" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"purchase_date" date,
	"commissioning_date" date,
	"supplier" text,
	"invoice_number" text,
	"location" text,
	"condition_notes" text,
	"depreciable" boolean DEFAULT true NOT NULL,
	"useful_life_years" integer,
	"residual_value" integer DEFAULT 0 NOT NULL,
	"annual_depreciation_rate" numeric(5, 2),
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"expense_payment_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixed_assets_currency_ck" CHECK (char_length("fixed_assets"."currency") between 1 and 3),
	CONSTRAINT "fixed_assets_amounts_ck" CHECK ("fixed_assets"."purchase_price" >= 0 and "fixed_assets"."additional_costs" >= 0 and "fixed_assets"."residual_value" >= 0),
	CONSTRAINT "fixed_assets_rate_ck" CHECK ("fixed_assets"."annual_depreciation_rate" is null or ("fixed_assets"."annual_depreciation_rate" >= 0.01 and "fixed_assets"."annual_depreciation_rate" <= 100)),
	CONSTRAINT "fixed_assets_life_ck" CHECK ("fixed_assets"."useful_life_years" is null or "fixed_assets"."useful_life_years" >= 1)
);
--> statement-breakpoint
DROP INDEX "treasury_movements_journal_idx";--> statement-breakpoint
ALTER TABLE "faithful_transfers" ADD CONSTRAINT "faithful_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faithful_transfers" ADD CONSTRAINT "faithful_transfers_from_church_id_churches_id_fk" FOREIGN KEY ("from_church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faithful_transfers" ADD CONSTRAINT "faithful_transfers_to_church_id_churches_id_fk" FOREIGN KEY ("to_church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faithful_transfers" ADD CONSTRAINT "faithful_transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faithful_transfers" ADD CONSTRAINT "faithful_transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_item_template_id_budget_item_templates_id_fk" FOREIGN KEY ("budget_item_template_id") REFERENCES "public"."budget_item_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD CONSTRAINT "planned_activities_activity_type_id_activity_types_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."activity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD CONSTRAINT "planned_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_operation_account_id_operation_accounts_id_fk" FOREIGN KEY ("operation_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_expense_payment_id_expense_payments_id_fk" FOREIGN KEY ("expense_payment_id") REFERENCES "public"."expense_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faithful_transfers_to_idx" ON "faithful_transfers" USING btree ("to_church_id","status");--> statement-breakpoint
CREATE INDEX "faithful_transfers_from_idx" ON "faithful_transfers" USING btree ("from_church_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "faithful_transfers_pending_uq" ON "faithful_transfers" USING btree ("user_id") WHERE "faithful_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "budget_lines_budget_idx" ON "budget_lines" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "budgets_entity_idx" ON "budgets" USING btree ("entity_type","entity_id","year");--> statement-breakpoint
CREATE INDEX "planned_activities_entity_idx" ON "planned_activities" USING btree ("entity_type","entity_id","planned_date");--> statement-breakpoint
CREATE INDEX "attachments_attachable_idx" ON "attachments" USING btree ("attachable_type","attachable_id");--> statement-breakpoint
CREATE INDEX "fixed_assets_entity_idx" ON "fixed_assets" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "users_church_name_idx" ON "users" USING btree ("church_id","lastname","firstname","id");--> statement-breakpoint
CREATE INDEX "treasury_movements_journal_idx" ON "treasury_movements" USING btree ("entity_type","entity_id","journal_type","occurred_at","id","receipt","expense");
--> statement-breakpoint
-- Search of the faithful lists (server/src/modules/faithful/service.ts SEARCH_EXPRESSION): a trigram
-- index on one lower-cased text per user, created only where pg_trgm can be installed (PostgreSQL).
-- PGlite has no pg_trgm: the migration then does nothing and the same query scans (small databases).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN others THEN
    RAISE NOTICE 'pg_trgm indisponible (%): recherche des fidèles sans index trigramme', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE $sql$CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin (
      lower(firstname || ' ' || lastname || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '') || ' ' || coalesce(registration_number, ''))
      gin_trgm_ops)$sql$;
  END IF;
END $$;
