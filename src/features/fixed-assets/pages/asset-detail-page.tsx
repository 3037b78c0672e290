import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { depreciationSchedule, netBookValueOn } from '@contract/values/depreciation';
import { todayInDenomination } from '@contract/values/dates';
import { ASSET_DISPOSAL_KIND_LABELS } from '@contract/values/fixed-assets';
import type { FixedAsset } from '@contract/fixed-assets';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { permissionEntity } from '@/shared/level/wire';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Money } from '@/shared/ui/money';
import { PrintButton, PrintStyles } from '@/shared/ui/print';
import { SimpleTable } from '@/shared/ui/simple-table';
import { toastWrite } from '@/shared/ui/toast';
import { useAsset, useDeleteAsset } from '../api/fixed-assets';
import { ASSET_WRITE_CODE, currencyLabel } from '../lib/labels';

// the disposal form (react-hook-form, zod) loads when it is opened
const DisposalDialog = lazy(() =>
  import('../components/disposal-dialog').then((m) => ({ default: m.DisposalDialog })),
);

/** 'immobilisations/:assetId': the asset, its total cost and its straight-line depreciation schedule. */
export function AssetDetailPage() {
  const id = Number(useParams().assetId);
  const valid = Number.isInteger(id) && id > 0;
  const asset = useAsset(valid ? id : null);
  const paths = useSpacePaths();
  usePageTitle(asset.data?.name ?? 'Immobilisation', { back: paths.page('fixed-assets.list') ?? paths.here });
  if (!valid) return <FormError message="Immobilisation introuvable." />;
  if (asset.isPending) return <LogoLoader />;
  if (asset.isError) return <FormError message={errorMessage(asset.error, 'Immobilisation introuvable.')} />;
  return <AssetView asset={asset.data} />;
}

function AssetView({ asset }: { asset: FixedAsset }) {
  const paths = useSpacePaths();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [disposing, setDisposing] = useState(false);
  const disposal = asset.disposal;
  const remove = useDeleteAsset(asset.id);
  const permissions = usePermissions(
    [ASSET_WRITE_CODE],
    permissionEntity({ entityType: asset.entity_type, entityId: asset.entity_id }),
  );
  // a sold or scrapped asset no longer changes
  const canWrite = permissions.has(ASSET_WRITE_CODE) && disposal === null;
  const editPath = paths.page('fixed-assets.edit', { assetId: asset.id });
  const plan = depreciationSchedule(asset);
  const today = todayInDenomination();
  const net = disposal ? 0 : netBookValueOn(asset, today);

  const facts: Array<[string, string | null]> = [
    ['Compte', asset.operationAccount?.name ?? null],
    ['Description', asset.description],
    ['Référence', asset.reference],
    ['Marque', asset.brand],
    ['Modèle', asset.model],
    ['Fournisseur', asset.supplier],
    ['Numéro de facture', asset.invoice_number],
    ['Emplacement', asset.location],
    ["Date d'achat", asset.purchase_date ? formatDate(asset.purchase_date) : null],
    ['Date de mise en service', asset.commissioning_date ? formatDate(asset.commissioning_date) : null],
    ['Devise', currencyLabel(asset.currency)],
    ['État', asset.condition_notes],
  ];

  return (
    <div className="asset-print mx-auto max-w-5xl space-y-6">
      <PrintStyles scope="asset-print" />
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold text-slate-900">{asset.name}</h2>
            <p className="text-sm text-slate-600">
              {asset.depreciable ? 'Bien amortissable' : 'Bien non amortissable'}
              {asset.expense_payment_id !== null ? ' · acheté par un paiement de dépense' : ''}
              {disposal ? ` · sortie du patrimoine le ${formatDate(disposal.date)}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <PrintButton />
            {canWrite && editPath && (
              <Button variant="secondary" onClick={() => navigate(editPath)}>
                Modifier
              </Button>
            )}
            {canWrite && (
              <Button variant="secondary" onClick={() => setDisposing(true)}>
                Céder ou mettre au rebut
              </Button>
            )}
            {canWrite && (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Supprimer
              </Button>
            )}
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-600">Prix d'achat</dt>
            <dd className="font-semibold">
              <Money amount={asset.purchase_price} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Frais accessoires</dt>
            <dd className="font-semibold">
              <Money amount={asset.additional_costs} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Coût total</dt>
            <dd className="font-semibold">
              <Money amount={asset.total_cost} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">
              {disposal ? 'Valeur nette (sortie du registre)' : `Valeur nette au ${formatDate(today)}`}
            </dt>
            <dd className="font-semibold">
              <Money amount={net} />
            </dd>
          </div>
        </dl>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="flex flex-wrap gap-x-2">
                <dt className="text-slate-600">{label} :</dt>
                <dd className="min-w-0 break-words text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
      </Card>

      {disposal && (
        <Card title={`Sortie du patrimoine : ${ASSET_DISPOSAL_KIND_LABELS[disposal.kind].toLowerCase()}`}>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-slate-600">Date de sortie</dt>
              <dd className="font-semibold">{formatDate(disposal.date)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Prix</dt>
              <dd className="font-semibold">
                <Money amount={disposal.price} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Valeur nette comptable à la sortie</dt>
              <dd className="font-semibold">
                <Money amount={disposal.net_book_value} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{disposal.gain >= 0 ? 'Plus-value' : 'Moins-value'}</dt>
              <dd className={`font-semibold ${disposal.gain < 0 ? 'text-red-700' : ''}`}>
                <Money amount={disposal.gain} />
              </dd>
            </div>
          </dl>
        </Card>
      )}

      <Card
        title="Plan d'amortissement"
        description={
          asset.depreciable
            ? `Linéaire${
                asset.annual_depreciation_rate !== null
                  ? ` à ${String(asset.annual_depreciation_rate).replace('.', ',')} % par an`
                  : ` sur ${asset.useful_life_years} an${(asset.useful_life_years ?? 0) > 1 ? 's' : ''}`
              }`
            : undefined
        }
      >
        {!asset.depreciable ? (
          <p className="text-sm text-slate-700">Ce bien n'est pas amortissable.</p>
        ) : plan.years.length === 0 ? (
          <p className="text-sm text-slate-700">
            {plan.start === null
              ? "Renseignez la date d'achat ou de mise en service pour calculer le plan d'amortissement."
              : 'Rien à amortir : la valeur résiduelle couvre le coût total.'}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">
              Base amortissable : <Money amount={plan.base} /> (coût total moins valeur résiduelle{' '}
              <Money amount={asset.residual_value} />) · dotation annuelle{' '}
              <Money amount={plan.annual_charge} /> · à partir du {formatDate(plan.start)}
            </p>
            <SimpleTable
              scroll={{ label: "Plan d'amortissement, défilement horizontal", className: 'overflow-x-auto' }}
              caption="Plan d'amortissement"
              className="w-full min-w-[520px] text-sm"
              headRowClassName="border-b border-slate-200 text-left text-slate-700"
              rowClassName="border-b border-slate-100"
              cellClassName="py-2"
              rows={plan.years}
              rowKey={(y) => y.year}
              columns={[
                {
                  key: 'year',
                  header: 'Exercice',
                  className: 'pr-3',
                  rowHeader: true,
                  cellClassName: 'text-left font-medium',
                  cell: (y) => y.year,
                },
                {
                  key: 'months',
                  header: 'Mois',
                  className: 'pr-3 text-right',
                  cellClassName: 'tabular-nums',
                  cell: (y) => y.months,
                },
                {
                  key: 'charge',
                  header: 'Dotation',
                  className: 'pr-3 text-right',
                  cell: (y) => <Money amount={y.charge} />,
                },
                {
                  key: 'accumulated',
                  header: 'Cumul des amortissements',
                  className: 'pr-3 text-right',
                  cell: (y) => <Money amount={y.accumulated} />,
                },
                {
                  key: 'net',
                  header: 'Valeur nette comptable',
                  className: 'text-right',
                  cell: (y) => <Money amount={y.net_book_value} />,
                },
              ]}
            />
          </>
        )}
      </Card>

      {disposing && (
        <Suspense fallback={null}>
          <DisposalDialog asset={asset} open={disposing} onOpenChange={setDisposing} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Supprimer l'immobilisation"
        message="L'immobilisation sera retirée du registre. Le paiement qui l'a achetée, s'il y en a un, reste."
        confirmLabel="Supprimer"
        danger
        loading={remove.isPending}
        onConfirm={async () => {
          if (await toastWrite(remove.mutateAsync(), 'Immobilisation supprimée.')) {
            navigate(paths.page('fixed-assets.list') ?? paths.home);
          }
        }}
      />
    </div>
  );
}
