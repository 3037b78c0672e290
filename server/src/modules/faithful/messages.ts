import { IMPORT_LIMITS } from '../../../../contract/faithful';

/** The import's refusals (400 or 413 in French), shared by its readers (import.ts, xlsx.ts). */
export const IMPORT_MESSAGES = {
  noFile: 'Aucun fichier reçu : joignez un fichier .csv ou .xlsx.',
  badFormat: 'Format de fichier non pris en charge : utilisez un fichier .csv ou .xlsx.',
  tooLarge: 'Le fichier dépasse la taille maximale de 5 Mo.',
  tooManyRows: `Le fichier contient plus de ${IMPORT_LIMITS.maxRows} lignes : découpez-le en plusieurs fichiers.`,
  inflatedTooLarge: `Le classeur décompressé dépasse ${IMPORT_LIMITS.maxInflatedBytes / 1024 / 1024} Mo : enregistrez seulement la feuille des fidèles, ou importez-la en .csv.`,
  empty: 'Le fichier ne contient aucune ligne de fidèle.',
  unreadable: 'Le fichier est illisible ou corrompu.',
  missingColumns: (names: string[]) => `Colonnes obligatoires manquantes : ${names.join(', ')}.`,
  rejected: (n: number) =>
    `L'import contient ${n} ligne${n > 1 ? 's' : ''} invalide${n > 1 ? 's' : ''} : aucun fidèle n'a été importé.`,
  duplicateInFile: (label: string, line: number) => `${label} apparaît déjà à la ligne ${line} du fichier.`,
} as const;
