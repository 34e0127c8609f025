require('./does-not-exist');
