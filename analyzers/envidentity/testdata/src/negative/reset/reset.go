// Package reset keeps no identity in the environment: os.Clearenv is a reset.
package reset

import "os"

// No identity message; envwrite's default reports a library's write at
// run time.
func reset() { os.Clearenv() } // want `^os\.Clearenv erases the whole process environment outside a root`
