ALTER TABLE "churches" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "national_offices" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "national_offices" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "national_offices" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "national_offices" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "national_offices" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "archived_at" timestamp with time zone;