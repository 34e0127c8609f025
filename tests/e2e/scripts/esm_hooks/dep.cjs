module.exports = 'dep';
