// The ES module face of ./fixtures.js.
import fixtures from './fixtures.js';

export const { fixturesDir, path, fileURL, readSync, readKey, readKeys } = fixtures;

export default fixtures;
