package relatedprobe

var a = 1 // want `a finding \[named here: relatedprobe.go:3:5\]`

var b int = 2 // want `a finding \[named here: relatedprobe.go:5:5; typed here: relatedprobe.go:5:7\]`
