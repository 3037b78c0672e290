import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, errorMessage } from '@/shared/lib/errors';

describe('errorMessage', () => {
  it("shows the server's message without the E_HTTP_EXCEPTION prefix", () => {
    expect(errorMessage({ message: 'E_HTTP_EXCEPTION: Dépense introuvable' }, 'x')).toBe(
      'Dépense introuvable',
    );
    expect(errorMessage({ message: 'Solde insuffisant' }, 'x')).toBe('Solde insuffisant');
  });

  it('reads the first message of an errors list', () => {
    expect(errorMessage({ errors: [{ message: 'E_HTTP_EXCEPTION: Montant invalide' }] }, 'x')).toBe(
      'Montant invalide',
    );
  });

  it('reads the body an axios error still carries', () => {
    const axiosLike = Object.assign(new Error('Request failed with status code 422'), {
      response: { data: { message: 'E_HTTP_EXCEPTION: Déjà vérifiée' } },
    });
    expect(errorMessage(axiosLike, 'x')).toBe('Déjà vérifiée');
  });

  it("falls back to the Error's message, then to the fallback", () => {
    expect(errorMessage(new Error('Network Error'), 'x')).toBe('Network Error');
    expect(errorMessage(new Error(''), 'Erreur lors de la soumission')).toBe('Erreur lors de la soumission');
    expect(errorMessage({ message: '' }, 'Erreur lors de la soumission')).toBe(
      'Erreur lors de la soumission',
    );
    expect(errorMessage(null, 'Erreur lors de la soumission')).toBe('Erreur lors de la soumission');
    expect(errorMessage(42, 'Erreur lors de la soumission')).toBe('Erreur lors de la soumission');
  });

  it('takes a rejection that is the message itself', () => {
    expect(errorMessage('E_HTTP_EXCEPTION: Accès refusé', 'x')).toBe('Accès refusé');
  });

  it("defaults to the catalogue's 'Une erreur s'est produite'", () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe("Une erreur s'est produite");
    expect(errorMessage(undefined)).toBe("Une erreur s'est produite");
  });
});
