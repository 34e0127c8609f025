export default 'the default';
export const named = 'named';
