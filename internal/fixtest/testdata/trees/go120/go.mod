module example.com/go120

go 1.20

require golang.org/x/sync v0.0.0

replace golang.org/x/sync => ./stub/sync
