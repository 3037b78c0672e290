CREATE TABLE "church_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"church_id" integer NOT NULL,
	"from_section_id" integer NOT NULL,
	"to_section_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "church_moves" ADD CONSTRAINT "church_moves_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_moves" ADD CONSTRAINT "church_moves_from_section_id_sections_id_fk" FOREIGN KEY ("from_section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_moves" ADD CONSTRAINT "church_moves_to_section_id_sections_id_fk" FOREIGN KEY ("to_section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "church_moves_church_idx" ON "church_moves" USING btree ("church_id","effective_date");