// @payd/files: writers of the files payd hands out, in the browser and in Node alike.
export * from './zipStore.ts';
export * from './xlsx.ts';
