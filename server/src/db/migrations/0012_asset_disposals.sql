ALTER TABLE "treasury_movements" DROP CONSTRAINT "treasury_movements_source_type_ck";--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposal_kind" text;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposed_on" date;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposal_price" integer;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposal_net_book_value" integer;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposal_payment_account_id" integer;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposal_movement_id" bigint;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD COLUMN "disposed_by" integer;--> statement-breakpoint
ALTER TABLE "fiscal_closings" ADD COLUMN "disposals" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_disposal_payment_account_id_operation_accounts_id_fk" FOREIGN KEY ("disposal_payment_account_id") REFERENCES "public"."operation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_disposal_movement_id_treasury_movements_id_fk" FOREIGN KEY ("disposal_movement_id") REFERENCES "public"."treasury_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_disposed_by_users_id_fk" FOREIGN KEY ("disposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_movements" ADD CONSTRAINT "treasury_movements_source_type_ck" CHECK ("treasury_movements"."source_type" in ('contribution', 'expense_payment', 'reversal', 'opening_balance', 'payslip', 'fixed_asset_disposal'));--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_disposal_ck" CHECK (("fixed_assets"."disposal_kind" is null and "fixed_assets"."disposed_on" is null and "fixed_assets"."disposal_price" is null)
        or ("fixed_assets"."disposal_kind" in ('sale', 'scrap') and "fixed_assets"."disposed_on" is not null and "fixed_assets"."disposal_price" >= 0
          and "fixed_assets"."disposal_net_book_value" is not null));