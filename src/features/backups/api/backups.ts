import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backup, BackupList } from '@contract/backups';
import { http } from '@/shared/api/http-client';

const keys = { list: ['backups', 'list'] as const };

/** GET /backups: the files of BACKUP_DIR, newest first (refreshed while one is written). */
export function useBackups() {
  return useQuery({
    queryKey: keys.list,
    queryFn: async () => (await http.get<BackupList>('/backups')).data,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
}

/** POST /backups: 'Sauvegarder maintenant'. */
export function useTakeBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<{ data: Backup }>('/backups', {})).data.data,
    onSettled: () => client.invalidateQueries({ queryKey: keys.list }),
  });
}

/** Where the browser downloads a backup (the session cookie goes with it). */
export function backupUrl(name: string): string {
  return `${http.defaults.baseURL ?? '/api'}/backups/${encodeURIComponent(name)}`;
}
