module example.com/nogo

go 1.26
