-- Issue 16 (decision 0031): daily treasury totals behind the dashboards, kept by statement-level
-- triggers on treasury_movements, so that a dashboard reads a few thousand day rows, not the tens of
-- thousands of movements of an entity's two years. Per entity, treasury account and UTC day:
-- `receipts` (contributions net of their reversals), `expenses` (expense payments net of theirs) and
-- `net` (receipt - expense of every movement, opening balances and payslips included: the balance).
CREATE SCHEMA IF NOT EXISTS derived;--> statement-breakpoint
CREATE TABLE derived.treasury_day_totals (
  entity_type text NOT NULL,
  entity_id integer NOT NULL,
  payment_account_id integer NOT NULL,
  journal_type text NOT NULL,
  day date NOT NULL,
  receipts bigint NOT NULL,
  expenses bigint NOT NULL,
  net bigint NOT NULL,
  PRIMARY KEY (entity_type, entity_id, day, payment_account_id, journal_type)
);--> statement-breakpoint
-- the rows of `moves` (a transition table) counted with `sign`; a reversal counts against the kind of
-- the movement it reverses
CREATE FUNCTION derived.treasury_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO derived.treasury_day_totals AS t
      (entity_type, entity_id, payment_account_id, journal_type, day, receipts, expenses, net)
    SELECT m.entity_type, m.entity_id, m.payment_account_id, m.journal_type, (m.occurred_at AT TIME ZONE 'UTC')::date,
      -sum(CASE WHEN m.source_type = 'contribution' THEN m.receipt
                WHEN m.source_type = 'reversal' AND r.source_type = 'contribution' THEN -r.receipt ELSE 0 END),
      -sum(CASE WHEN m.source_type = 'expense_payment' THEN m.expense
                WHEN m.source_type = 'reversal' AND r.source_type = 'expense_payment' THEN -r.expense ELSE 0 END),
      -sum(m.receipt - m.expense)
    FROM old_rows m LEFT JOIN treasury_movements r ON r.id = m.reverses_id
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (entity_type, entity_id, day, payment_account_id, journal_type) DO UPDATE
      SET receipts = t.receipts + excluded.receipts, expenses = t.expenses + excluded.expenses, net = t.net + excluded.net;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO derived.treasury_day_totals AS t
      (entity_type, entity_id, payment_account_id, journal_type, day, receipts, expenses, net)
    SELECT m.entity_type, m.entity_id, m.payment_account_id, m.journal_type, (m.occurred_at AT TIME ZONE 'UTC')::date,
      sum(CASE WHEN m.source_type = 'contribution' THEN m.receipt
               WHEN m.source_type = 'reversal' AND r.source_type = 'contribution' THEN -r.receipt ELSE 0 END),
      sum(CASE WHEN m.source_type = 'expense_payment' THEN m.expense
               WHEN m.source_type = 'reversal' AND r.source_type = 'expense_payment' THEN -r.expense ELSE 0 END),
      sum(m.receipt - m.expense)
    FROM new_rows m LEFT JOIN treasury_movements r ON r.id = m.reverses_id
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (entity_type, entity_id, day, payment_account_id, journal_type) DO UPDATE
      SET receipts = t.receipts + excluded.receipts, expenses = t.expenses + excluded.expenses, net = t.net + excluded.net;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER treasury_movements_day_totals_insert AFTER INSERT ON treasury_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.treasury_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER treasury_movements_day_totals_update AFTER UPDATE ON treasury_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.treasury_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER treasury_movements_day_totals_delete AFTER DELETE ON treasury_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.treasury_day_totals_apply();--> statement-breakpoint
-- the movements already recorded
INSERT INTO derived.treasury_day_totals
  (entity_type, entity_id, payment_account_id, journal_type, day, receipts, expenses, net)
SELECT m.entity_type, m.entity_id, m.payment_account_id, m.journal_type, (m.occurred_at AT TIME ZONE 'UTC')::date,
  sum(CASE WHEN m.source_type = 'contribution' THEN m.receipt
           WHEN m.source_type = 'reversal' AND r.source_type = 'contribution' THEN -r.receipt ELSE 0 END),
  sum(CASE WHEN m.source_type = 'expense_payment' THEN m.expense
           WHEN m.source_type = 'reversal' AND r.source_type = 'expense_payment' THEN -r.expense ELSE 0 END),
  sum(m.receipt - m.expense)
FROM treasury_movements m LEFT JOIN treasury_movements r ON r.id = m.reverses_id
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ANALYZE derived.treasury_day_totals;
--> statement-breakpoint
-- The active faithful of each church, kept by statement-level triggers on users: a national office's
-- dashboard reads its churches' counts instead of counting its 100,000 members.
CREATE TABLE derived.church_faithful (
  church_id integer PRIMARY KEY,
  n bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION derived.church_faithful_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO derived.church_faithful AS t (church_id, n)
    SELECT church_id, -count(*) FROM old_rows WHERE active AND church_id IS NOT NULL GROUP BY 1
    ON CONFLICT (church_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO derived.church_faithful AS t (church_id, n)
    SELECT church_id, count(*) FROM new_rows WHERE active AND church_id IS NOT NULL GROUP BY 1
    ON CONFLICT (church_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_faithful_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.church_faithful_apply();--> statement-breakpoint
CREATE TRIGGER users_faithful_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.church_faithful_apply();--> statement-breakpoint
CREATE TRIGGER users_faithful_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.church_faithful_apply();--> statement-breakpoint
INSERT INTO derived.church_faithful (church_id, n)
SELECT church_id, count(*) FROM users WHERE active AND church_id IS NOT NULL GROUP BY 1;
--> statement-breakpoint
-- a truncated table empties its totals (`npm run db:copy` truncates the target before copying)
CREATE FUNCTION derived.dashboard_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'treasury_movements' THEN
    DELETE FROM derived.treasury_day_totals;
  ELSE
    DELETE FROM derived.church_faithful;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER treasury_movements_day_totals_truncate AFTER TRUNCATE ON treasury_movements
  FOR EACH STATEMENT EXECUTE FUNCTION derived.dashboard_totals_truncated();--> statement-breakpoint
CREATE TRIGGER users_faithful_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION derived.dashboard_totals_truncated();
