module.exports = 'legacy.cjs is CommonJS';
