export * from './api.ts';
export * from './auth/messages.ts';
export * from './auth/schemas.ts';
export * from './auth/challenge.ts';
export * from './auth/passwordStrength.ts';
export * from './config.ts';
export * from './auth/replies.ts';
export * from './web/walletConfig.ts';
