import { z } from 'zod';

// Request validation speaks French: the zod locale, and one plain sentence for a missing field.
z.config(z.locales.fr());
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'Ce champ est requis.' : undefined,
});
