module example.com/cachemod

go 1.26
