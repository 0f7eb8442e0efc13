package fixes
