import { useState, type ReactNode } from 'react';
import type { FinancialStatements as Statements, StatementLine } from '@contract/journals';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatLongDate, formatMoney } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import type { EntityLevel } from '@/shared/level/level-context';
import { Card } from '@/shared/ui/card';
import { ExportButton, PrintButton, PrintStyles } from '@/shared/ui/print';
import { Select } from '@/shared/ui/select';
import { useFinancialStatements } from '../api/statements';
import { Figure, Figures, PrintHeading } from './document-parts';

/*
 * The financial statements of a year in the SYCEBNL layout (decision 0030): the 'Compte de résultat' and
 * the 'Bilan' on 31 December, every figure from GET /financial-statements; printed on A4, exported to xlsx.
 */

const cell = 'px-3 py-2';
const num = `${cell} text-right whitespace-nowrap tabular-nums`;
const money = (value: number) => formatMoney(value, { suffix: false });
const SYSTEM = 'Système comptable OHADA des entités à but non lucratif (SYCEBNL)';

function Region({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
      {children}
    </div>
  );
}

function Row({
  label,
  value,
  strong,
  indent,
}: {
  label: string;
  value: number;
  strong?: boolean;
  indent?: boolean;
}) {
  return (
    <tr className={strong ? 'border-t border-slate-300 font-semibold' : 'border-t border-slate-100'}>
      <th scope="row" className={`${cell} text-left ${strong ? '' : 'font-normal'} ${indent ? 'pl-6' : ''}`}>
        {label}
      </th>
      <td className={`${num} ${value < 0 ? 'text-red-700' : ''}`}>{money(value)}</td>
    </tr>
  );
}

function Heading({ children, span = 2 }: { children: ReactNode; span?: number }) {
  return (
    <tr className="bg-slate-50">
      <th
        scope="rowgroup"
        colSpan={span}
        className={`${cell} text-left text-xs font-semibold text-slate-700 uppercase`}
      >
        {children}
      </th>
    </tr>
  );
}

const lineLabel = (line: StatementLine) => `${line.code} ${line.name}`.trim();

function IncomeStatement({ s }: { s: Statements }) {
  const i = s.income;
  return (
    <Card title="Compte de résultat">
      <Region label="Compte de résultat">
        <table className="w-full min-w-[320px] text-sm">
          <caption className="sr-only">Compte de résultat de l’exercice {s.year}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500 uppercase">
              <th className={cell}>Rubrique</th>
              <th className={`${cell} text-right`}>Montant (FCFA)</th>
            </tr>
          </thead>
          <tbody>
            <Heading>Produits des activités ordinaires (classe 7)</Heading>
            {i.products.map((line) => (
              <Row key={line.code} label={lineLabel(line)} value={line.amount} indent />
            ))}
            <Row label="Total des produits" value={i.products_total} strong />
            <Heading>Charges des activités ordinaires (classe 6)</Heading>
            {i.charges.map((line) => (
              <Row key={line.code} label={lineLabel(line)} value={line.amount} indent />
            ))}
            <Row label="681 Dotations aux amortissements" value={i.depreciation} indent />
            <Row label="Total des charges" value={i.charges_total + i.depreciation} strong />
            <Row label="Résultat des activités ordinaires" value={i.ordinary_result} strong />
            <Heading>Hors activités ordinaires (HAO)</Heading>
            <Row label="82 Produits des cessions d’immobilisations" value={i.disposal_proceeds} indent />
            <Row label="81 Valeurs comptables des cessions" value={i.disposal_book_values} indent />
            <Row label="Résultat HAO" value={i.disposal_result} strong />
          </tbody>
          <tfoot className="border-t-2 border-slate-400 font-bold">
            <Row
              label={`Résultat net de l’exercice (${i.result >= 0 ? 'excédent, 121' : 'déficit, 129'})`}
              value={i.result}
              strong
            />
          </tfoot>
        </table>
      </Region>
    </Card>
  );
}

function BalanceSheet({ s }: { s: Statements }) {
  const b = s.balance;
  return (
    <Card title={`Bilan au 31 décembre ${s.year}`}>
      <div className="grid gap-4 xl:grid-cols-2">
        <Region label="Actif du bilan">
          <table className="w-full min-w-[480px] text-sm">
            <caption className="sr-only">Actif</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500 uppercase">
                <th className={cell}>Actif</th>
                <th className={`${cell} text-right`}>Brut</th>
                <th className={`${cell} text-right`}>Amort.</th>
                <th className={`${cell} text-right`}>Net</th>
              </tr>
            </thead>
            <tbody>
              <Heading span={4}>Actif immobilisé</Heading>
              {b.fixed_assets.length === 0 && (
                <tr>
                  <td colSpan={4} className={`${cell} text-slate-500`}>
                    Aucune immobilisation
                  </td>
                </tr>
              )}
              {b.fixed_assets.map((line) => (
                <tr key={`${line.code}-${line.name}`} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} pl-6 text-left font-normal`}>
                    {lineLabel({ ...line, amount: line.net })}
                  </th>
                  <td className={num}>{money(line.gross)}</td>
                  <td className={num}>{money(line.depreciation)}</td>
                  <td className={num}>{money(line.net)}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-300 font-semibold">
                <th scope="row" className={`${cell} text-left`}>
                  Total actif immobilisé
                </th>
                <td className={num}>{money(b.fixed_assets_total.gross)}</td>
                <td className={num}>{money(b.fixed_assets_total.depreciation)}</td>
                <td className={num}>{money(b.fixed_assets_total.net)}</td>
              </tr>
              <Heading span={4}>Trésorerie-actif</Heading>
              {b.treasury.map((line) => (
                <tr key={line.code} className="border-t border-slate-100">
                  <th scope="row" colSpan={3} className={`${cell} pl-6 text-left font-normal`}>
                    {lineLabel(line)}
                  </th>
                  <td className={num}>{money(line.amount)}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-300 font-semibold">
                <th scope="row" colSpan={3} className={`${cell} text-left`}>
                  Total trésorerie-actif
                </th>
                <td className={num}>{money(b.treasury_total)}</td>
              </tr>
            </tbody>
            <tfoot className="border-t-2 border-slate-400 font-bold">
              <tr>
                <th scope="row" colSpan={3} className={`${cell} text-left`}>
                  Total actif
                </th>
                <td className={num}>{money(b.assets_total)}</td>
              </tr>
            </tfoot>
          </table>
        </Region>
        <Region label="Passif du bilan">
          <table className="w-full min-w-[320px] text-sm">
            <caption className="sr-only">Passif</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500 uppercase">
                <th className={cell}>Passif</th>
                <th className={`${cell} text-right`}>Montant</th>
              </tr>
            </thead>
            <tbody>
              <Heading>Fonds propres et ressources assimilées</Heading>
              <Row label="Fonds associatifs et réserves" value={b.funds} indent />
              <Row label="Report à nouveau (121 / 129)" value={b.carried_forward} indent />
              <Row label="Apports et autres variations de l’exercice" value={b.other_changes} indent />
              <Row label="Résultat net de l’exercice" value={b.result} indent />
              <Row label="Total fonds propres" value={b.equity_total} strong />
              <Heading>Trésorerie-passif</Heading>
              {b.treasury_liabilities.map((line) => (
                <Row key={line.code} label={lineLabel(line)} value={line.amount} indent />
              ))}
              <Row label="Total trésorerie-passif" value={b.treasury_liabilities_total} strong />
            </tbody>
            <tfoot className="border-t-2 border-slate-400 font-bold">
              <Row label="Total passif" value={b.liabilities_total} strong />
            </tfoot>
          </table>
        </Region>
      </div>
    </Card>
  );
}

type XLine = {
  table: string;
  label: string;
  gross: number | '';
  depreciation: number | '';
  amount: number | '';
};

/** One sheet: the income statement, then the balance sheet's two sides. */
export function exportStatements(s: Statements) {
  const i = s.income;
  const b = s.balance;
  const l = (table: string, label: string, amount: number | '' = ''): XLine => ({
    table,
    label,
    gross: '',
    depreciation: '',
    amount,
  });
  const R = 'Compte de résultat';
  const rows: XLine[] = [
    l(`États financiers ${s.year}`, s.entity.name),
    l(SYSTEM, s.closing ? `Exercice clôturé le ${formatLongDate(s.closing.closed_at)}` : 'États provisoires'),
    ...i.products.map((line) => l(R, lineLabel(line), line.amount)),
    l(R, 'Total des produits', i.products_total),
    ...i.charges.map((line) => l(R, lineLabel(line), line.amount)),
    l(R, '681 Dotations aux amortissements', i.depreciation),
    l(R, 'Total des charges', i.charges_total + i.depreciation),
    l(R, 'Résultat des activités ordinaires', i.ordinary_result),
    l(R, '82 Produits des cessions d’immobilisations', i.disposal_proceeds),
    l(R, '81 Valeurs comptables des cessions', i.disposal_book_values),
    l(R, 'Résultat HAO', i.disposal_result),
    l(R, 'Résultat net de l’exercice', i.result),
    ...b.fixed_assets.map((line) => ({
      table: 'Bilan - actif',
      label: lineLabel({ ...line, amount: line.net }),
      gross: line.gross,
      depreciation: line.depreciation,
      amount: line.net,
    })),
    {
      table: 'Bilan - actif',
      label: 'Total actif immobilisé',
      gross: b.fixed_assets_total.gross,
      depreciation: b.fixed_assets_total.depreciation,
      amount: b.fixed_assets_total.net,
    },
    ...b.treasury.map((line) => l('Bilan - actif', lineLabel(line), line.amount)),
    l('Bilan - actif', 'Total actif', b.assets_total),
    l('Bilan - passif', 'Fonds associatifs et réserves', b.funds),
    l('Bilan - passif', 'Report à nouveau (121 / 129)', b.carried_forward),
    l('Bilan - passif', 'Apports et autres variations de l’exercice', b.other_changes),
    l('Bilan - passif', 'Résultat net de l’exercice', b.result),
    l('Bilan - passif', 'Total fonds propres', b.equity_total),
    ...b.treasury_liabilities.map((line) => l('Bilan - passif', lineLabel(line), line.amount)),
    l('Bilan - passif', 'Total passif', b.liabilities_total),
  ];
  return exportToXlsx<XLine>({
    fileName: `etats-financiers-${slugify(s.entity.name)}-${s.year}`,
    sheetName: `États financiers ${s.year}`,
    columns: [
      { header: 'Tableau', value: (r) => r.table },
      { header: 'Rubrique', value: (r) => r.label },
      { header: 'Brut', value: (r) => r.gross },
      { header: 'Amortissements', value: (r) => r.depreciation },
      { header: 'Montant net', value: (r) => r.amount },
    ],
    rows,
  });
}

/** The years offered: this one and the nine before, last year first chosen. */
function yearOptions(now = new Date()) {
  const current = now.getFullYear();
  return Array.from({ length: 10 }, (_, k) => String(current - k)).map((y) => ({ value: y, label: y }));
}

export function FinancialStatementsView({ entity, name }: { entity: EntityLevel; name: string }) {
  const [year, setYear] = useState(() => new Date().getFullYear() - 1);
  const statements = useFinancialStatements(entity, year);
  const data = statements.data;
  const onExport = async () => {
    if (data) await exportStatements(data);
  };
  return (
    <section aria-label="États financiers" className="space-y-4">
      <PrintStyles />
      <PrintHeading title={`États financiers ${year} - ${name}`} lines={[SYSTEM]} />
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="w-full sm:w-48">
          <Select
            label="Exercice"
            options={yearOptions()}
            value={String(year)}
            onChange={(value) => setYear(Number(value))}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <PrintButton disabled={!data} />
          <ExportButton onExport={onExport} disabled={!data} />
        </div>
      </div>
      {statements.isPending ? (
        <p className="py-8 text-center text-sm text-slate-500">Patientez</p>
      ) : statements.isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(statements.error)}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {data.closing
              ? `Exercice ${data.year} clôturé le ${formatLongDate(data.closing.closed_at)}.`
              : `Exercice ${data.year} non clôturé : états provisoires.`}{' '}
            {SYSTEM}.
          </p>
          <Figures>
            <Figure label="Résultat net" value={data.income.result} strong />
            <Figure label="Total actif" value={data.balance.assets_total} />
            <Figure label="Total passif" value={data.balance.liabilities_total} />
            <Figure label="Immobilisations nettes" value={data.balance.fixed_assets_total.net} />
          </Figures>
          {data.balance.assets_total !== data.balance.liabilities_total && (
            <p role="alert" className="text-sm text-red-700">
              Le bilan n’est pas équilibré : vérifiez les écritures de l’exercice.
            </p>
          )}
          <IncomeStatement s={data} />
          <BalanceSheet s={data} />
        </>
      )}
    </section>
  );
}
