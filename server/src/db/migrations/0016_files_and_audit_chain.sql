CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachment_chunks" (
	"stored_name" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_chunks_stored_name_seq_pk" PRIMARY KEY("stored_name","seq"),
	CONSTRAINT "attachment_chunks_size_ck" CHECK (octet_length("attachment_chunks"."data") between 1 and 262144)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chain_seq_unique" UNIQUE("chain_seq");--> statement-breakpoint
-- Decision 0044: the attachments' contents in the database (pieces stored as they come: no compression
-- attempt on files that are JPEG, PDF or HEIC already).
ALTER TABLE "attachment_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Decision 0044: the audit log as one tamper-evident chain. A record's hash is sha256 of the previous
-- record's hash and of its own fields, written as one canonical jsonb array (the same text on every
-- PostgreSQL and on PGlite, whatever the session's time zone).
CREATE FUNCTION audit_record_hash(prev text, r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    prev, r.chain_seq, r.id, r.user_id, r.action, r.entity_type, r.entity_id, r.data, r.ip,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The existing records chained in the order they were written (by id), from a head of zeros.
DO $$
DECLARE
  r audit_log;
  prev text := repeat('0', 64);
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1;
    r.chain_seq := n;
    UPDATE audit_log SET chain_seq = n, prev_hash = prev, hash = audit_record_hash(prev, r) WHERE id = r.id
      RETURNING hash INTO prev;
  END LOOP;
  INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, n, prev);
END $$;--> statement-breakpoint
-- Every new record takes the next place under the head's row lock, held until its transaction ends:
-- concurrent writers chain one after the other in the order they commit. A record that arrives with
-- its hash (db:copy, a restore) keeps it: the head comes with it.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  IF NEW.hash IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, 0, repeat('0', 64))
      ON CONFLICT (id) DO NOTHING;
    SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  END IF;
  NEW.chain_seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := audit_record_hash(NEW.prev_hash, NEW);
  UPDATE audit_chain_head SET last_seq = NEW.chain_seq, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
