export function bootMarkup(markup: string): string;
export function connexionHtml(indexHtml: string, markup: string): string;
export function prerender(root: string): Promise<number>;
