export * from './core';
export * from './finance';
