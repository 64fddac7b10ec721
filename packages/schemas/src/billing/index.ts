export * from './rates.ts';
export * from './topUp.ts';
export * from './paymentBodies.ts';
export * from './card.ts';
export * from './cardBodies.ts';
export * from './validatorFee.ts';
export * from './contracts.ts';
export * from './methods.ts';
