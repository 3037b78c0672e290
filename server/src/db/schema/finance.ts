// The money tables, one file a part; the modules import them from here.
export * from './accounts';
export * from './contributions';
export * from './expenses';
export * from './subscriptions';
