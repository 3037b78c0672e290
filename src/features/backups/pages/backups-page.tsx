import type { Backup } from '@contract/backups';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { formatFileSize } from '@/shared/lib/files';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { notify } from '@/shared/ui/toast';
import { backupUrl, useBackups, useTakeBackup } from '../api/backups';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
const count = new Intl.NumberFormat('fr-FR');

/**
 * The installation's backups (/admin/sauvegardes, decision 0044): the files of BACKUP_DIR, newest
 * first, with their date, size, tables and rows; download one; 'Sauvegarder maintenant'.
 */
export function BackupsPage() {
  const paths = useSpacePaths();
  usePageTitle('Sauvegardes', { back: paths.here });
  const backups = useBackups();
  const take = useTakeBackup();

  const onTake = async () => {
    try {
      const backup = await take.mutateAsync();
      notify.success(`Sauvegarde écrite : ${backup.name} (${formatFileSize(backup.bytes)}).`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const columns: DataTableColumn<Backup>[] = [
    {
      key: 'date',
      header: 'Date',
      cell: (b) => dateTime.format(new Date(b.created_at)),
      mobile: 'title',
    },
    { key: 'size', header: 'Taille', align: 'right', cell: (b) => formatFileSize(b.bytes) },
    {
      key: 'tables',
      header: 'Tables',
      align: 'right',
      cell: (b) => (b.tables === null ? '—' : `${b.tables} (${count.format(b.rows ?? 0)} lignes)`),
    },
    {
      key: 'download',
      header: <span className="sr-only">Télécharger</span>,
      mobileLabel: 'Fichier',
      align: 'right',
      cell: (b) => (
        <a
          className="font-medium text-pink-700 underline underline-offset-2 hover:text-pink-800"
          href={backupUrl(b.name)}
          download={b.name}
          aria-label={`Télécharger ${b.name}`}
        >
          Télécharger
        </a>
      ),
    },
  ];

  const keep = backups.data?.keep ?? 0;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-700">
          Chaque sauvegarde contient toutes les données et toutes les pièces jointes, prises en un instant
          pendant que le travail continue.{' '}
          {keep > 0
            ? `Le serveur en fait une chaque jour et garde les ${keep} plus récentes.`
            : 'La sauvegarde quotidienne est désactivée (BACKUP_KEEP=0).'}{' '}
          Restauration : <code>npm run restore -- FICHIER</code> dans une base vide.
        </p>
        <Button onClick={onTake} loading={take.isPending || backups.data?.running}>
          Sauvegarder maintenant
        </Button>
      </div>
      <FormError message={backups.isError ? errorMessage(backups.error) : null} />
      <DataTable
        caption="Sauvegardes"
        columns={columns}
        rows={backups.data?.data}
        loading={backups.isLoading}
        getRowKey={(b) => b.name}
        emptyText="Aucune sauvegarde pour l'instant."
      />
    </div>
  );
}
