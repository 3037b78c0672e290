import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { ActivityReportDetail, ReportAttachment } from '@contract/activities';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

// Decision 0028: the photos and PDF of an activity report: thumbnails and links, a drop zone
// while the report may be edited, removal with a confirmation, and the files of a new report.

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const detail = (overrides: Partial<ActivityReportDetail> = {}): ActivityReportDetail => ({
  id: 40,
  entity_type: 'CHURCH',
  entity_id: 11,
  entity: 'Église de Cocody',
  title: 'Culte d’action de grâce',
  period_start: '2026-11-07',
  period_end: '2026-11-07',
  status: 'draft',
  men: 84,
  women: 121,
  children: 57,
  plannedActivity: null,
  submitted_at: null,
  created_at: '2026-11-08T09:00:00.000Z',
  summary: 'Culte avec toutes les familles.',
  results: null,
  difficulties: null,
  return_comment: null,
  returned_at: null,
  returned_by: null,
  submitted_by: null,
  created_by: 'Jean Kouassi',
  actual_cost: null,
  can: { edit: true, submit: true, return: false },
  ...overrides,
});

const file = (id: number, name: string, mime: ReportAttachment['mime_type']): ReportAttachment => ({
  id,
  original_name: name,
  mime_type: mime,
  size: 2048,
  created_at: '2026-11-08T09:00:00.000Z',
  url: `/activity-reports/40/attachments/${id}`,
});

function reportApi(report: ActivityReportDetail) {
  let files = [file(1, 'chorale.jpg', 'image/jpeg'), file(2, 'programme.pdf', 'application/pdf')];
  const recorded = { uploads: [] as FormData[], deleted: [] as string[] };
  server.use(
    mock.get('/api/activity-reports/:id', () => HttpResponse.json({ data: report })),
    mock.get('/api/activity-reports/:id/attachments', () => HttpResponse.json({ data: files })),
    mock.post('/api/activity-reports/:id/attachments', async ({ request }) => {
      const form = await request.formData();
      recorded.uploads.push(form);
      // jsdom sends the parts as blobs without their names: the server's answer names them
      const added = form.getAll('files').map((_, i) => file(10 + i, `ajout-${i + 1}.pdf`, 'application/pdf'));
      files = [...files, ...added];
      return HttpResponse.json({ data: added }, { status: 201 });
    }),
    mock.delete('/api/activity-reports/:id/attachments/:fileId', ({ params }) => {
      recorded.deleted.push(String(params.fileId));
      files = files.filter((f) => String(f.id) !== params.fileId);
      return HttpResponse.json({ message: 'Pièce jointe supprimée.' });
    }),
  );
  return recorded;
}

describe('the photos and PDF of a report', () => {
  it('shows photos as thumbnails and PDF as links; joins new files and removes one', async () => {
    const recorded = reportApi(detail());
    renderApp('/mon-eglise/rapport-activites/40', demo.pastor);
    const user = userEvent.setup();
    const photos = await screen.findByRole('list', { name: 'Photos' }, { timeout: 15_000 });
    const thumbnail = within(photos).getByRole('img', { name: 'chorale.jpg' });
    expect(thumbnail).toHaveAttribute('src', '/api/activity-reports/40/attachments/1');
    const pdf = within(screen.getByRole('list', { name: 'Documents PDF' })).getByRole('link', {
      name: 'programme.pdf',
    });
    expect(pdf).toHaveAttribute('href', '/api/activity-reports/40/attachments/2');

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [
      new File(['%PDF-1.4'], 'budget.pdf', { type: 'application/pdf' }),
      new File(['texte'], 'notes.txt', { type: 'text/plain' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Joindre au rapport' }));
    await waitFor(() => expect(recorded.uploads).toHaveLength(1));
    // the text file was skipped by the drop zone
    expect(recorded.uploads[0].getAll('files')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'ajout-1.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirer programme.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer la pièce jointe' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(recorded.deleted).toEqual(['2']));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'programme.pdf' })).not.toBeInTheDocument(),
    );
  });

  it('a submitted report shows its files without a drop zone nor removal', async () => {
    reportApi(detail({ status: 'submitted', can: { edit: false, submit: false, return: true } }));
    renderApp('/mon-eglise/rapport-activites/40', demo.pastor);
    expect(await screen.findByRole('img', { name: 'chorale.jpg' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retirer/ })).not.toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it("the report's edit form shows its files with the drop zone", async () => {
    reportApi(detail());
    server.use(
      mock.get('/api/activities', () =>
        HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 100 } }),
      ),
    );
    renderApp('/mon-eglise/rapport-activites/40/modifier', demo.pastor);
    expect(await screen.findByRole('img', { name: 'chorale.jpg' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer programme.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Ajouter des photos ou des PDF')).toBeInTheDocument();
  });

  it('a new report uploads its files once the draft is saved', async () => {
    const recorded = reportApi(detail({ id: 41 }));
    server.use(
      mock.get('/api/activities', () =>
        HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 100 } }),
      ),
      mock.post('/api/activity-reports', () => HttpResponse.json({ data: { id: 41 } }, { status: 201 })),
    );
    const { router } = renderApp('/mon-eglise/rapport-activites/nouveau', demo.pastor);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText(/Titre/), 'Concert');
    await user.type(screen.getByLabelText(/Début de la période/), '2026-11-10');
    await user.type(screen.getByLabelText(/Fin de la période/), '2026-11-10');
    await user.type(screen.getByLabelText(/Résumé/), 'Un concert.');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [new File(['img'], 'photo.png', { type: 'image/png' })]);
    await user.click(save);
    await waitFor(() => expect(recorded.uploads).toHaveLength(1));
    expect(recorded.uploads[0].getAll('files')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mon-eglise/rapport-activites/41'));
  });
});
