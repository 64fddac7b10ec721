// The generic master/detail screen framework (spec 001 section 2).
export { MasterDetailScreen, type MasterDetailScreenProps } from './MasterDetailScreen.tsx';
export type { ScreenConfig } from './useMasterDetail.ts';
export { frameworkMessages } from './messages.ts';
export { recordPath } from './UnsavedChangesGuard.tsx';
