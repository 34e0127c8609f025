export const x = 1;
throw new Error('not run');
