CREATE TABLE "activity_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"title" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"planned_activity_id" integer,
	"men" integer DEFAULT 0 NOT NULL,
	"women" integer DEFAULT 0 NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"summary" text NOT NULL,
	"results" text,
	"difficulties" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"return_comment" text,
	"created_by" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"returned_by" integer,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_reports_status_ck" CHECK ("activity_reports"."status" in ('draft', 'submitted', 'returned')),
	CONSTRAINT "activity_reports_attendance_ck" CHECK ("activity_reports"."men" >= 0 and "activity_reports"."women" >= 0 and "activity_reports"."children" >= 0),
	CONSTRAINT "activity_reports_period_ck" CHECK ("activity_reports"."period_end" >= "activity_reports"."period_start")
);
--> statement-breakpoint
CREATE TABLE "department_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_members_role_ck" CHECK ("department_members"."role" in ('leader', 'member'))
);
--> statement-breakpoint
ALTER TABLE "activity_types" ADD COLUMN "entity_type" text;--> statement-breakpoint
ALTER TABLE "activity_types" ADD COLUMN "entity_id" integer;--> statement-breakpoint
ALTER TABLE "activity_types" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "planned_time" text;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "estimated_cost" integer;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "budget_line_id" integer;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "status" text DEFAULT 'planned' NOT NULL;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_planned_activity_id_planned_activities_id_fk" FOREIGN KEY ("planned_activity_id") REFERENCES "public"."planned_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_reports_entity_idx" ON "activity_reports" USING btree ("entity_type","entity_id","period_start");--> statement-breakpoint
CREATE INDEX "activity_reports_status_idx" ON "activity_reports" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "department_members_uq" ON "department_members" USING btree ("department_id","user_id");--> statement-breakpoint
CREATE INDEX "department_members_user_idx" ON "department_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "activity_types" ADD CONSTRAINT "activity_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD CONSTRAINT "planned_activities_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_activities" ADD CONSTRAINT "planned_activities_budget_line_id_budget_lines_id_fk" FOREIGN KEY ("budget_line_id") REFERENCES "public"."budget_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_requests_planned_activity_idx" ON "expense_requests" USING btree ("planned_activity_id");--> statement-breakpoint
CREATE INDEX "activity_types_entity_idx" ON "activity_types" USING btree ("entity_type","entity_id");--> statement-breakpoint
ALTER TABLE "planned_activities" ADD CONSTRAINT "planned_activities_status_ck" CHECK ("planned_activities"."status" in ('planned', 'done', 'cancelled'));--> statement-breakpoint
ALTER TABLE "planned_activities" ADD CONSTRAINT "planned_activities_cost_ck" CHECK ("planned_activities"."estimated_cost" is null or "planned_activities"."estimated_cost" >= 0);