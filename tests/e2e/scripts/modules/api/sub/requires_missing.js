require('no-such-package');
