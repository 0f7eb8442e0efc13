package lockescape

import "testing"

// TestVersionBefore: the clone fix needs maps and slices (go1.21).
func TestVersionBefore(t *testing.T) {
	for v, want := range map[string]bool{
		"go1.20": true, "go1.20.5": true, "go1.21": false, "go1.21rc1": false, "go1.26.8": false, "go1.9": true, "devel": false,
	} {
		if got := versionBefore(v, 21); got != want {
			t.Errorf("versionBefore(%q, 21) = %v, want %v", v, got, want)
		}
	}
}
