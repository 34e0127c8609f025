export const helper = 'helper.js is ESM';
