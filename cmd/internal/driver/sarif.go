package driver

// SARIF 2.1.0 output, written with a small typed model of the part of the
// format we use.
//
// Why not a library: github.com/owenrumney/go-sarif/v3 imports
// github.com/xeipuuv/gojsonschema (and google/uuid) from its sarif package,
// and every dependency of this module lands in the module graph of the
// golangci-lint custom build, whose pins matter; honnef.co/go/tools/lintcmd
// writes SARIF only from its own runner's results. What we write is checked
// against the SARIF 2.1.0 JSON schema in the tests.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
)

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	srcRoot      = "%SRCROOT%"
)

// SarifLog is a SARIF 2.1.0 log with one run.
type SarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	Invocations        []sarifInvocation                `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult                    `json:"results"`
	ColumnKind         string                           `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

// sarifRule is a rule. It has no name: SARIF wants a name only when it
// differs from the id, and a check's id is its name.
type sarifRule struct {
	ID                   string              `json:"id"`
	ShortDescription     sarifMessage        `json:"shortDescription"`
	FullDescription      *sarifMessage       `json:"fullDescription,omitempty"`
	Help                 *sarifMessage       `json:"help,omitempty"`
	HelpURI              string              `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifConfiguration `json:"defaultConfiguration,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifRegion is a text region; columns count UTF-16 code units, 1-based,
// the end column exclusive (SARIF's default column kind).
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion           `json:"deletedRegion"`
	InsertedContent *sarifArtifactContent `json:"insertedContent,omitempty"`
}

type sarifArtifactContent struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

// SARIF builds the log of a run: one rule per check that ran (the suite's
// Checks, in order, then any other analyzer that reported), the findings
// as results, and the run's errors as notifications.
func SARIF(s Suite, ran []*analysis.Analyzer, findings []*Finding, errs []notification) *SarifLog {
	w := newSarifWriter()
	d := sarifDriver{Name: s.Name, Version: version(), InformationURI: s.InformationURI, Rules: []sarifRule{}}
	index := map[string]int{}
	addRule := func(a *analysis.Analyzer) {
		if _, ok := index[a.Name]; ok {
			return
		}
		index[a.Name] = len(d.Rules)
		r := sarifRule{
			ID:                   a.Name,
			ShortDescription:     sarifMessage{Text: summary(a)},
			HelpURI:              a.URL,
			DefaultConfiguration: &sarifConfiguration{Level: "warning"},
		}
		if _, rest, ok := strings.Cut(a.Doc, "\n\n"); ok {
			r.FullDescription = &sarifMessage{Text: firstParagraph(rest)}
			r.Help = &sarifMessage{Text: a.Doc}
		}
		d.Rules = append(d.Rules, r)
	}
	ranSet := map[*analysis.Analyzer]bool{}
	for _, a := range ran {
		ranSet[a] = true
	}
	for _, a := range s.Checks {
		if ranSet[a] {
			addRule(a)
		}
	}
	occurrence := map[baselineKey]int{}
	results := []sarifResult{}
	for _, f := range findings {
		if a := find(slices.Concat(ran, s.All()), f.Check); a != nil {
			addRule(a)
		}
		res := sarifResult{
			RuleID:    f.Check,
			RuleIndex: index[f.Check],
			Level:     "warning",
			Message:   sarifMessage{Text: f.Message},
			Locations: []sarifLocation{w.location(f.Pos, f.End, "")},
		}
		for i, rel := range f.Related {
			loc := w.location(rel.Pos, rel.End, rel.Message)
			id := i + 1
			loc.ID = &id
			res.RelatedLocations = append(res.RelatedLocations, loc)
		}
		for _, fix := range f.Fixes {
			res.Fixes = append(res.Fixes, w.fix(fix))
		}
		// A fingerprint that survives line moves, as the baseline key does.
		k := keyOfFinding(f)
		n := occurrence[k]
		occurrence[k]++
		sum := sha256.Sum256([]byte(strings.Join([]string{k.check, k.pkg, k.fn, k.msg, fmt.Sprint(n)}, "\x00")))
		res.PartialFingerprints = map[string]string{"ctxboundKey/v1": hex.EncodeToString(sum[:16])}
		results = append(results, res)
	}
	inv := sarifInvocation{ExecutionSuccessful: len(errs) == 0}
	for _, e := range errs {
		n := sarifNotification{Level: "error", Message: sarifMessage{Text: e.Message}}
		if e.Pos.IsValid() {
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
				ArtifactLocation: w.artifact(e.Pos.Filename),
				Region:           &sarifRegion{StartLine: e.Pos.Line, StartColumn: w.column(e.Pos)},
			}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	run := sarifRun{
		Tool:        sarifTool{Driver: d},
		Invocations: []sarifInvocation{inv},
		Results:     results,
		ColumnKind:  "utf16CodeUnits",
	}
	if w.root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{srcRoot: {URI: fileURI(w.root) + "/"}}
	}
	return &SarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}
}

// version is the module version the command was built at (go install
// ...@v1.2.0 gives "1.2.0"), else "0.0.0-devel" with the VCS revision when
// known: SARIF consumers compare versions that start with a number.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "0.0.0-devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return strings.TrimPrefix(v, "v")
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			return "0.0.0-devel+" + s.Value
		}
	}
	return "0.0.0-devel"
}

// Write writes the log as indented JSON.
func (l *SarifLog) Write(w io.Writer) error {
	data, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

func firstParagraph(s string) string {
	p, _, _ := strings.Cut(strings.TrimSpace(s), "\n\n")
	return strings.Join(strings.Fields(p), " ")
}

// A sarifWriter converts positions: file names to URIs relative to the
// working directory (%SRCROOT%) where it can, byte columns to UTF-16 ones.
type sarifWriter struct {
	root  string            // the working directory, or ""
	files map[string][]byte // contents read for column conversion
}

func newSarifWriter() *sarifWriter {
	w := &sarifWriter{files: map[string][]byte{}}
	if wd, err := os.Getwd(); err == nil {
		w.root = filepath.Clean(wd)
	}
	return w
}

func (w *sarifWriter) artifact(filename string) sarifArtifactLocation {
	if w.root != "" {
		if rel, err := filepath.Rel(w.root, filename); err == nil && filepath.IsLocal(rel) {
			return sarifArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
		}
	}
	return sarifArtifactLocation{URI: fileURI(filename)}
}

func fileURI(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// location is the SARIF location of pos..end, with a message for related
// locations. Positions are taken unadjusted by //line directives: SARIF
// regions index the real file.
func (w *sarifWriter) location(pos, end Position, msg string) sarifLocation {
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{
		ArtifactLocation: w.artifact(pos.Raw.Filename),
		Region:           w.region(pos.Raw, end.Raw),
	}}
	if msg != "" {
		loc.Message = &sarifMessage{Text: msg}
	}
	return loc
}

func (w *sarifWriter) region(p, e token.Position) *sarifRegion {
	if !e.IsValid() || e.Filename != p.Filename || e.Offset < p.Offset {
		e = p
	}
	return &sarifRegion{
		StartLine:   p.Line,
		StartColumn: w.column(p),
		EndLine:     e.Line,
		EndColumn:   w.column(e),
	}
}

func (w *sarifWriter) fix(fix Fix) sarifFix {
	sf := sarifFix{Description: sarifMessage{Text: fix.Message}}
	byFile := map[string]int{}
	for _, edit := range fix.Edits {
		i, ok := byFile[edit.File]
		if !ok {
			i = len(sf.ArtifactChanges)
			byFile[edit.File] = i
			sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: w.artifact(edit.File)})
		}
		r := sarifReplacement{DeletedRegion: *w.region(edit.Start, edit.End)}
		if edit.New != nil {
			r.InsertedContent = &sarifArtifactContent{Text: string(edit.New)}
		}
		sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, r)
	}
	return sf
}

// column converts the byte column of p to a 1-based UTF-16 column by
// reading p's line. When the file cannot be read it returns the byte
// column, which is the same for ASCII lines.
func (w *sarifWriter) column(p token.Position) int {
	if p.Column <= 0 {
		return p.Column
	}
	content, ok := w.files[p.Filename]
	if !ok {
		content, _ = os.ReadFile(p.Filename)
		w.files[p.Filename] = content
	}
	start := p.Offset - (p.Column - 1)
	if content == nil || start < 0 || p.Offset > len(content) {
		return p.Column
	}
	return 1 + utf16Len(content[start:p.Offset])
}

// utf16Len is the number of UTF-16 code units that encode b; an invalid
// byte counts as one (it is shown as U+FFFD).
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}
