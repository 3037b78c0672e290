/** The product name: the default document title and the suffix of every page title. */
export const APP_TITLE: string = import.meta.env.VITE_APP_TITLE?.trim() || 'Ekklesia Gestion';
