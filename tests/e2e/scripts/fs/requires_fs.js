require('fs');
