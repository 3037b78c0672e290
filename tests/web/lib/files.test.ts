import { describe, expect, it } from 'vitest';
import { ACCEPTED_FILE_TYPES, formatFileSize, MAX_FILE_SIZE, MAX_FILES, sameFile } from '@/shared/lib/files';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('files', () => {
  it('accepts images and PDF, 10 MB each, 10 files (SPEC.md section 9)', () => {
    expect(ACCEPTED_FILE_TYPES).toEqual({
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
      'image/webp': ['.webp'],
      'image/gif': ['.gif'],
      'image/heic': ['.heic'],
      'image/heif': ['.heif'],
      'application/pdf': ['.pdf'],
    });
    expect(MAX_FILE_SIZE).toBe(10 * 1024 * 1024);
    expect(MAX_FILES).toBe(10);
  });

  it('formats sizes in French units', () => {
    expect(formatFileSize(512)).toBe('512 o');
    expect(plain(formatFileSize(1536))).toBe('1,5 Ko');
    expect(plain(formatFileSize(10 * 1024 * 1024))).toBe('10 Mo');
  });

  it('tells the same file picked twice', () => {
    const a = new File(['a'], 'recu.png', { type: 'image/png', lastModified: 1 });
    expect(sameFile(a, new File(['a'], 'recu.png', { type: 'image/png', lastModified: 1 }))).toBe(true);
    expect(sameFile(a, new File(['a'], 'recu.png', { type: 'image/png', lastModified: 2 }))).toBe(false);
  });
});
