export * from './config.ts';
export * from './state.ts';
export * from './churn.ts';
