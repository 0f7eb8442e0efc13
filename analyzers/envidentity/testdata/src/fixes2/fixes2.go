package fixes2
