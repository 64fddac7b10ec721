export * from './state.ts';
export * from './churn.ts';
