module.exports = typeof myWrapped;
