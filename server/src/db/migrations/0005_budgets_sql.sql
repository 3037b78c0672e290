-- Issue 13 (decision 0021): yearly totals behind budget against actual, kept by statement-level triggers
-- so that the consolidated national view reads thousands of rows, not every contribution of the year.
-- They live in their own schema: `npm run db:copy` copies the `public` tables, whose triggers rebuild them.
CREATE SCHEMA IF NOT EXISTS derived;--> statement-breakpoint
CREATE TABLE derived.contribution_year_totals (
  entity_type text NOT NULL,
  entity_id integer NOT NULL,
  receipt_account_id integer NOT NULL,
  year integer NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (entity_type, entity_id, receipt_account_id, year)
);--> statement-breakpoint
CREATE TABLE derived.budget_line_year_spent (
  budget_line_id integer NOT NULL,
  year integer NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (budget_line_id, year)
);--> statement-breakpoint
CREATE INDEX budget_line_year_spent_year_idx ON derived.budget_line_year_spent (year, budget_line_id);--> statement-breakpoint
CREATE INDEX contribution_year_totals_year_idx ON derived.contribution_year_totals (year, receipt_account_id);--> statement-breakpoint
-- valid contributions, by entity, receipt account and year (UTC); a row of old_rows counts negatively
CREATE FUNCTION derived.contribution_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO derived.contribution_year_totals AS t (entity_type, entity_id, receipt_account_id, year, amount)
    SELECT entity_type, entity_id, receipt_account_id, extract(year FROM occurred_at AT TIME ZONE 'UTC')::int, -sum(amount)
    FROM old_rows WHERE status = 'valid' GROUP BY 1, 2, 3, 4
    ON CONFLICT (entity_type, entity_id, receipt_account_id, year) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO derived.contribution_year_totals AS t (entity_type, entity_id, receipt_account_id, year, amount)
    SELECT entity_type, entity_id, receipt_account_id, extract(year FROM occurred_at AT TIME ZONE 'UTC')::int, sum(amount)
    FROM new_rows WHERE status = 'valid' GROUP BY 1, 2, 3, 4
    ON CONFLICT (entity_type, entity_id, receipt_account_id, year) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contributions_totals_insert AFTER INSERT ON contributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.contribution_totals_apply();--> statement-breakpoint
CREATE TRIGGER contributions_totals_update AFTER UPDATE ON contributions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.contribution_totals_apply();--> statement-breakpoint
CREATE TRIGGER contributions_totals_delete AFTER DELETE ON contributions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.contribution_totals_apply();--> statement-breakpoint
-- payments, by the budget line of their request and the year of their date (UTC)
CREATE FUNCTION derived.payment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO derived.budget_line_year_spent AS t (budget_line_id, year, amount)
    SELECT er.budget_line_id, extract(year FROM p.validated_at AT TIME ZONE 'UTC')::int, -sum(p.amount)
    FROM old_rows p JOIN expense_lines el ON el.id = p.expense_line_id
    JOIN expense_requests er ON er.id = el.expense_request_id
    WHERE er.budget_line_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (budget_line_id, year) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO derived.budget_line_year_spent AS t (budget_line_id, year, amount)
    SELECT er.budget_line_id, extract(year FROM p.validated_at AT TIME ZONE 'UTC')::int, sum(p.amount)
    FROM new_rows p JOIN expense_lines el ON el.id = p.expense_line_id
    JOIN expense_requests er ON er.id = el.expense_request_id
    WHERE er.budget_line_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (budget_line_id, year) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER expense_payments_totals_insert AFTER INSERT ON expense_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.payment_totals_apply();--> statement-breakpoint
CREATE TRIGGER expense_payments_totals_update AFTER UPDATE ON expense_payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.payment_totals_apply();--> statement-breakpoint
CREATE TRIGGER expense_payments_totals_delete AFTER DELETE ON expense_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.payment_totals_apply();--> statement-breakpoint
-- a request moved to another budget line takes its payments with it
CREATE FUNCTION derived.request_line_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.budget_line_year_spent AS t (budget_line_id, year, amount)
  SELECT line, year, sum(amount) FROM (
    SELECT m.line, extract(year FROM p.validated_at AT TIME ZONE 'UTC')::int AS year, m.sign * p.amount AS amount
    FROM (
      SELECT o.id, o.budget_line_id AS line, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.budget_line_id IS DISTINCT FROM n.budget_line_id AND o.budget_line_id IS NOT NULL
      UNION ALL
      SELECT n.id, n.budget_line_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.budget_line_id IS DISTINCT FROM n.budget_line_id AND n.budget_line_id IS NOT NULL
    ) m
    JOIN expense_lines el ON el.expense_request_id = m.id
    JOIN expense_payments p ON p.expense_line_id = el.id
  ) moved GROUP BY 1, 2
  ON CONFLICT (budget_line_id, year) DO UPDATE SET amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER expense_requests_budget_line_moved AFTER UPDATE ON expense_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived.request_line_moved();--> statement-breakpoint
-- what exists already
INSERT INTO derived.contribution_year_totals (entity_type, entity_id, receipt_account_id, year, amount)
SELECT entity_type, entity_id, receipt_account_id, extract(year FROM occurred_at AT TIME ZONE 'UTC')::int, sum(amount)
FROM contributions WHERE status = 'valid' GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO derived.budget_line_year_spent (budget_line_id, year, amount)
SELECT er.budget_line_id, extract(year FROM p.validated_at AT TIME ZONE 'UTC')::int, sum(p.amount)
FROM expense_payments p JOIN expense_lines el ON el.id = p.expense_line_id
JOIN expense_requests er ON er.id = el.expense_request_id
WHERE er.budget_line_id IS NOT NULL GROUP BY 1, 2;
