module example.com/filtermod

go 1.26
