CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position" text NOT NULL,
	"hired_on" date,
	"base_salary" integer NOT NULL,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_salary_ck" CHECK ("employees"."base_salary" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fiscal_closing_accounts" (
	"closing_id" integer NOT NULL,
	"payment_account_id" integer NOT NULL,
	"opening_balance" bigint NOT NULL,
	"receipts" bigint NOT NULL,
	"expenses" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	CONSTRAINT "fiscal_closing_accounts_closing_id_payment_account_id_pk" PRIMARY KEY("closing_id","payment_account_id")
);
--> statement-breakpoint
CREATE TABLE "fiscal_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"year" integer NOT NULL,
	"products" bigint NOT NULL,
	"charges" bigint NOT NULL,
	"depreciation" bigint NOT NULL,
	"result" bigint NOT NULL,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"month" text NOT NULL,
	"gross" integer NOT NULL,
	"allowances" integer DEFAULT 0 NOT NULL,
	"deductions" integer DEFAULT 0 NOT NULL,
	"net" integer NOT NULL,
	"payment_account_id" integer,
	"paid_on" date,
	"movement_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payslips_amounts_ck" CHECK ("payslips"."gross" >= 0 and "payslips"."allowances" >= 0 and "payslips"."deductions" >= 0 and "payslips"."net" = "payslips"."gross" + "payslips"."allowances" - "payslips"."deductions" and "payslips"."net" >= 0)
);
--> statement-breakpoint
ALTER TABLE "treasury_movements" DROP CONSTRAINT "treasury_movements_source_type_ck";--> statement-breakpoint
ALTER TABLE "operation_accounts" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "fiscal_closing_accounts" ADD CONSTRAINT "fiscal_closing_accounts_closing_id_fiscal_closings_id_fk" FOREIGN KEY ("closing_id") REFERENCES "public"."fiscal_closings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_closing_accounts" ADD CONSTRAINT "fiscal_closing_accounts_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_closings" ADD CONSTRAINT "fiscal_closings_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_movement_id_treasury_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."treasury_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_entity_idx" ON "employees" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_closings_entity_year_uq" ON "fiscal_closings" USING btree ("entity_type","entity_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_employee_month_uq" ON "payslips" USING btree ("employee_id","month");--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_source_type_ck" CHECK ("treasury_movements"."source_type" in ('contribution', 'expense_payment', 'reversal', 'opening_balance', 'payslip'));