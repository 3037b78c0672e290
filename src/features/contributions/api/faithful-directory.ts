import { useQuery } from '@tanstack/react-query';
import type { FaithfulSummary } from '@contract/faithful';
import { http } from '@/shared/api/http-client';
import { readList } from '@/shared/api/list';

/** Pages of 100 (the API's most), 10 at most: a church's first 1,000 faithful. */
const PAGE = 100;
const PAGES = 10;

/**
 * The faithful of a church, kept on the device (the query cache persisted, decision 0039) so that the
 * new-receipt form finds a contributor with no network (decision 0039): read when the form opens online,
 * again after an hour.
 */
export function useFaithfulDirectory(churchId: number | null) {
  return useQuery({
    queryKey: ['faithful', 'directory', churchId],
    queryFn: async () => {
      const all: FaithfulSummary[] = [];
      for (let page = 1; page <= PAGES; page += 1) {
        const { data } = await http.get<unknown>('/users', {
          params: { role: 'faithful', church_id: churchId, limit: PAGE, page },
        });
        const rows = readList<FaithfulSummary>(data);
        all.push(...rows);
        if (rows.length < PAGE) break;
      }
      return all;
    },
    enabled: churchId !== null,
    staleTime: 60 * 60_000,
  });
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The faithful of the directory matching a search (name, registration number, phone), 20 at most. */
export function searchDirectory(directory: FaithfulSummary[], search: string): FaithfulSummary[] {
  const words = plain(search).split(/\s+/).filter(Boolean);
  return directory
    .filter((faithful) => {
      const text = plain(
        `${faithful.firstname} ${faithful.lastname} ${faithful.registration_number ?? ''} ${faithful.phone ?? ''}`,
      );
      return words.every((word) => text.includes(word));
    })
    .slice(0, 20);
}
