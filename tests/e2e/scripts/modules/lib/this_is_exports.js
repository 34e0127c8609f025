module.exports = this === exports && this === module.exports && typeof require === 'function';
