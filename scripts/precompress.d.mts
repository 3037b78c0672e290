/** Types of scripts/precompress.mjs (used by the server tests). */
export function precompress(dir: string): { count: number; raw: number; br: number };
