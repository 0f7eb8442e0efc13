module example.com/sarifmod

go 1.26
