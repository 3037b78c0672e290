CREATE SEQUENCE "public"."contribution_receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" integer,
	"data" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "churches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"section_id" integer NOT NULL,
	"city" text,
	"address" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "managed_churches" (
	"user_id" integer NOT NULL,
	"church_id" integer NOT NULL,
	CONSTRAINT "managed_churches_user_id_church_id_pk" PRIMARY KEY("user_id","church_id")
);
--> statement-breakpoint
CREATE TABLE "national_offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"scopes" text[] NOT NULL,
	CONSTRAINT "permissions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"national_office_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"group" text,
	"group_id" integer,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scope" text,
	"priority" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"expires_at" timestamp with time zone,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text,
	"phone" text,
	"registration_number" text,
	"password_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"church_id" integer,
	"gender" text,
	"birth_date" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"receipt_account_id" integer NOT NULL,
	"payment_account_id" integer NOT NULL,
	"notes" text,
	"receipt_number" text NOT NULL,
	"public_id" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contributions_amount_ck" CHECK ("contributions"."amount" > 0),
	CONSTRAINT "contributions_type_ck" CHECK ("contributions"."type" in ('tithe', 'offering', 'special_gift', 'pledge', 'other')),
	CONSTRAINT "contributions_status_ck" CHECK ("contributions"."status" in ('valid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "expense_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_request_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"unit_price" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"amount_validated" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"donation_type" text DEFAULT 'none' NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"notes" text,
	"recipient_first_name" text,
	"recipient_last_name" text,
	"recipient_phone" text,
	"recipient_address" text,
	"recipient_company_name" text,
	"recipient_registration_number" text,
	"recipient_tax_id" text,
	"recipient_company_address" text,
	"recipient_company_phone" text,
	"recipient_company_email" text,
	"recipient_entity_type" text,
	"recipient_entity_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_lines_status_ck" CHECK ("expense_lines"."status" in ('pending', 'paid', 'validated', 'cancelled')),
	CONSTRAINT "expense_lines_donation_type_ck" CHECK ("expense_lines"."donation_type" in ('none', 'individual', 'legal_entity', 'system_entity')),
	CONSTRAINT "expense_lines_amounts_ck" CHECK ("expense_lines"."quantity" >= 0 and "expense_lines"."unit_price" >= 0 and "expense_lines"."amount" >= 0 and "expense_lines"."amount_validated" >= 0 and "expense_lines"."amount_validated" <= "expense_lines"."amount")
);
--> statement-breakpoint
CREATE TABLE "expense_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_line_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"validated_at" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"payment_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"treasury_movement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_payments_amount_ck" CHECK ("expense_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "expense_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'approval_pending' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"operation_account_id" integer NOT NULL,
	"budget_line_id" integer,
	"planned_activity_id" integer,
	"made_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"validated_by" integer,
	"validated_at" timestamp with time zone,
	"rejected_by" integer,
	"rejected_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_requests_status_ck" CHECK ("expense_requests"."status" in ('approval_pending', 'rejected', 'approved', 'validated')),
	CONSTRAINT "expense_requests_entity_type_ck" CHECK ("expense_requests"."entity_type" in ('NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH', 'ACTIVITY_GROUP')),
	CONSTRAINT "expense_requests_amount_ck" CHECK ("expense_requests"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operation_account_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "operation_account_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "operation_account_exclusions" (
	"operation_account_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_account_exclusions_entity_type_entity_id_operation_account_id_pk" PRIMARY KEY("entity_type","entity_id","operation_account_id")
);
--> statement-breakpoint
CREATE TABLE "operation_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_id" integer NOT NULL,
	"journal_type" text,
	"entity_type" text,
	"entity_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "operation_accounts_journal_type_ck" CHECK ("operation_accounts"."journal_type" is null or "operation_accounts"."journal_type" in ('CASH', 'BANK', 'ELECTRONIK'))
);
--> statement-breakpoint
CREATE TABLE "subscription_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"period_months" integer NOT NULL,
	"amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"church_id" integer,
	"section_id" integer,
	"region_id" integer,
	"national_office_id" integer,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"payment_method" text,
	"payer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_one_group_ck" CHECK (num_nonnulls("subscriptions"."church_id", "subscriptions"."section_id", "subscriptions"."region_id", "subscriptions"."national_office_id") = 1),
	CONSTRAINT "subscriptions_period_ck" CHECK ("subscriptions"."end_date" >= "subscriptions"."start_date"),
	CONSTRAINT "subscriptions_amount_ck" CHECK ("subscriptions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "treasury_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"payment_account_id" integer NOT NULL,
	"journal_type" text NOT NULL,
	"operation_account_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"designation" text NOT NULL,
	"reference" text,
	"receipt" integer DEFAULT 0 NOT NULL,
	"expense" integer DEFAULT 0 NOT NULL,
	"observations" text,
	"source_type" text NOT NULL,
	"source_id" integer,
	"reverses_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_movements_amount_ck" CHECK (("treasury_movements"."receipt" > 0 and "treasury_movements"."expense" = 0) or ("treasury_movements"."receipt" = 0 and "treasury_movements"."expense" > 0)),
	CONSTRAINT "treasury_movements_journal_type_ck" CHECK ("treasury_movements"."journal_type" in ('CASH', 'BANK', 'ELECTRONIK')),
	CONSTRAINT "treasury_movements_source_type_ck" CHECK ("treasury_movements"."source_type" in ('contribution', 'expense_payment', 'reversal', 'opening_balance'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_churches" ADD CONSTRAINT "managed_churches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_churches" ADD CONSTRAINT "managed_churches_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_national_office_id_national_offices_id_fk" FOREIGN KEY ("national_office_id") REFERENCES "public"."national_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_receipt_account_id_operation_accounts_id_fk" FOREIGN KEY ("receipt_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_expense_request_id_expense_requests_id_fk" FOREIGN KEY ("expense_request_id") REFERENCES "public"."expense_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payments" ADD CONSTRAINT "expense_payments_expense_line_id_expense_lines_id_fk" FOREIGN KEY ("expense_line_id") REFERENCES "public"."expense_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payments" ADD CONSTRAINT "expense_payments_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payments" ADD CONSTRAINT "expense_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payments" ADD CONSTRAINT "expense_payments_treasury_movement_id_treasury_movements_id_fk" FOREIGN KEY ("treasury_movement_id") REFERENCES "public"."treasury_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_operation_account_id_operation_accounts_id_fk" FOREIGN KEY ("operation_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_account_exclusions" ADD CONSTRAINT "operation_account_exclusions_operation_account_id_operation_accounts_id_fk" FOREIGN KEY ("operation_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_account_exclusions" ADD CONSTRAINT "operation_account_exclusions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_accounts" ADD CONSTRAINT "operation_accounts_category_id_operation_account_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."operation_account_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_national_office_id_national_offices_id_fk" FOREIGN KEY ("national_office_id") REFERENCES "public"."national_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_operation_account_id_operation_accounts_id_fk" FOREIGN KEY ("operation_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_reverses_id_treasury_movements_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."treasury_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "churches_section_idx" ON "churches" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "departments_entity_idx" ON "departments" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "regions_national_office_idx" ON "regions" USING btree ("national_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_assignments_uq" ON "role_assignments" USING btree ("user_id","role_id",coalesce("group", ''),coalesce("group_id", 0));--> statement-breakpoint
CREATE INDEX "role_assignments_group_idx" ON "role_assignments" USING btree ("group","group_id");--> statement-breakpoint
CREATE INDEX "role_assignments_user_idx" ON "role_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sections_region_idx" ON "sections" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_permissions_user_idx" ON "user_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_registration_number_uq" ON "users" USING btree ("registration_number");--> statement-breakpoint
CREATE INDEX "users_church_idx" ON "users" USING btree ("church_id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("lastname","firstname");--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_receipt_number_uq" ON "contributions" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_public_id_uq" ON "contributions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "contributions_entity_idx" ON "contributions" USING btree ("entity_type","entity_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "contributions_user_idx" ON "contributions" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "expense_lines_request_idx" ON "expense_lines" USING btree ("expense_request_id");--> statement-breakpoint
CREATE INDEX "expense_payments_line_idx" ON "expense_payments" USING btree ("expense_line_id");--> statement-breakpoint
CREATE INDEX "expense_requests_entity_idx" ON "expense_requests" USING btree ("entity_type","entity_id","made_at","id");--> statement-breakpoint
CREATE INDEX "expense_requests_created_by_idx" ON "expense_requests" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "operation_accounts_category_idx" ON "operation_accounts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "subscriptions_church_idx" ON "subscriptions" USING btree ("church_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_section_idx" ON "subscriptions" USING btree ("section_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_region_idx" ON "subscriptions" USING btree ("region_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_national_office_idx" ON "subscriptions" USING btree ("national_office_id","start_date");--> statement-breakpoint
CREATE INDEX "treasury_movements_journal_idx" ON "treasury_movements" USING btree ("entity_type","entity_id","journal_type","occurred_at","id");--> statement-breakpoint
CREATE INDEX "treasury_movements_account_idx" ON "treasury_movements" USING btree ("entity_type","entity_id","operation_account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "treasury_movements_source_idx" ON "treasury_movements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_movements_reverses_uq" ON "treasury_movements" USING btree ("reverses_id");