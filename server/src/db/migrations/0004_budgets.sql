DROP INDEX "budget_lines_budget_idx";--> statement-breakpoint
DROP INDEX "budgets_entity_idx";--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD COLUMN "operation_account_id" integer;--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "copied_from_id" integer;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "finalized_by" integer;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD CONSTRAINT "budget_item_templates_operation_account_id_operation_accounts_id_fk" FOREIGN KEY ("operation_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_item_templates" ADD CONSTRAINT "budget_item_templates_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_finalized_by_users_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_requests_budget_line_idx" ON "expense_requests" USING btree ("budget_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_lines_budget_template_uq" ON "budget_lines" USING btree ("budget_id","budget_item_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_entity_year_uq" ON "budgets" USING btree ("entity_type","entity_id","year");--> statement-breakpoint
CREATE INDEX "budgets_year_status_idx" ON "budgets" USING btree ("year","status");--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_status_ck" CHECK ("budgets"."status" in ('draft', 'submitted', 'approved', 'finalized', 'rejected'));