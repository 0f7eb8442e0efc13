package facts

import "os"

func Getenv(k string) string { return os.Getenv(k) } // want Getenv:"forwards key param 0 to os.Getenv"
