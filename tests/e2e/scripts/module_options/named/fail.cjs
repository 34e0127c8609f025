module.exports = { there: 1 };
