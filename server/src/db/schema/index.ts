export * from './core';
export * from './finance';
export * from './planning';
export * from './documents';
export * from './back-office';
export * from './giving';
