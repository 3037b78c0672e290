import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropzone } from '@/shared/ui/dropzone';

const MB = 1024 * 1024;

function makeFile(name: string, type: string, size = 2048) {
  const file = new File(['x'], name, { type, lastModified: 1_700_000_000_000 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Harness({ onChange, progress }: { onChange?: (files: File[]) => void; progress?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Dropzone
      value={files}
      progress={progress}
      onChange={(next) => {
        setFiles(next);
        onChange?.(next);
      }}
    />
  );
}

// user-event would otherwise drop the files the input's `accept` refuses before the component sees them.
const setup = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByLabelText('Pièces jointes', { selector: 'input' }) as HTMLInputElement;
const keptNames = () =>
  within(screen.getByRole('list', { name: 'Fichiers sélectionnés' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('Dropzone', () => {
  it('keeps a PDF and a PNG and silently skips a .docx and an 11 MB file', async () => {
    const user = setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.upload(input(), [
      makeFile('facture.pdf', 'application/pdf', 300 * 1024),
      makeFile('recu.png', 'image/png'),
      makeFile('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      makeFile('scan.jpg', 'image/jpeg', 11 * MB),
    ]);
    await waitFor(() => expect(keptNames()).toEqual(['facture.pdf', 'recu.png']));
    expect(screen.getByText('300 Ko')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps a file of exactly 10 MB', async () => {
    const user = setup();
    render(<Harness />);
    await user.upload(input(), [makeFile('plan.pdf', 'application/pdf', 10 * MB)]);
    await waitFor(() => expect(keptNames()).toEqual(['plan.pdf']));
  });

  it('keeps at most 10 files across drops and skips the 11th', async () => {
    const user = setup();
    render(<Harness />);
    await user.upload(
      input(),
      Array.from({ length: 7 }, (_, index) => makeFile(`photo-${index + 1}.png`, 'image/png')),
    );
    await waitFor(() => expect(keptNames()).toHaveLength(7));
    await user.upload(
      input(),
      Array.from({ length: 4 }, (_, index) => makeFile(`piece-${index + 8}.pdf`, 'application/pdf')),
    );
    await waitFor(() => expect(keptNames()).toHaveLength(10));
    expect(keptNames()).not.toContain('piece-11.pdf');
    expect(screen.getByText('Nombre maximal de fichiers atteint')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ignores a file picked twice', async () => {
    const user = setup();
    render(<Harness />);
    await user.upload(input(), [makeFile('recu.png', 'image/png')]);
    await waitFor(() => expect(keptNames()).toHaveLength(1));
    await user.upload(input(), [makeFile('recu.png', 'image/png'), makeFile('autre.png', 'image/png')]);
    await waitFor(() => expect(keptNames()).toEqual(['recu.png', 'autre.png']));
  });

  it('removes a kept file', async () => {
    const user = setup();
    render(<Harness />);
    await user.upload(input(), [makeFile('a.pdf', 'application/pdf'), makeFile('b.png', 'image/png')]);
    await waitFor(() => expect(keptNames()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Retirer a.pdf' }));
    expect(keptNames()).toEqual(['b.png']);
  });

  it('shows the upload progress as an accessible progress bar', () => {
    render(<Harness progress={42} />);
    const bar = screen.getByRole('progressbar', { name: 'Envoi des fichiers' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('is a labelled button that tells what it accepts', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Pièces jointes' })).toHaveAccessibleDescription(
      /Images ou PDF, 10 Mo maximum par fichier, 10 fichiers au plus/,
    );
  });
});

describe('Dropzone structure', () => {
  it('is a real button with no focusable control inside, and opens the file picker', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Pièces jointes' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.querySelector('input, button, a, [tabindex]')).toBeNull();
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click');
    await user.click(button);
    expect(picker).toHaveBeenCalled();
    picker.mockRestore();
  });
});
