package repro19

//ctxbound:detach -- on a type // want `misplaced directive: //ctxbound:detach annotates a function \(in its doc comment\) or a statement`
type T struct{}

//ctxbound:detach -- on a var // want `misplaced directive: //ctxbound:detach annotates a function`
var V = 1

var (
	//ctxbound:detach -- on a var in a group // want `misplaced directive: //ctxbound:detach annotates a function`
	W = 2
	X = 3 //ctxbound:detach -- a line comment of a var // want `misplaced directive: //ctxbound:detach annotates a function`
)

//ctxbound:detach -- on a const // want `misplaced directive: //ctxbound:detach annotates a function`
const C = 1

type (
	//ctxbound:detach -- on a type in a group // want `misplaced directive: //ctxbound:detach annotates a function`
	U struct {
		//ctxbound:detach -- on a field // want `misplaced directive: //ctxbound:detach annotates a function`
		f int
	}
)

//ctxbound:spawner // want `misplaced directive: //ctxbound:spawner annotates a function, method or interface method`
var Go = func(f func()) { go f() }

//ctxbound:root -- on a method is fine
func (T) M() {}

//ctxbound:detach -- on a function is fine
func D() {
	//ctxbound:detach -- a local variable is a statement: the line form
	var v = 1
	_ = v
	//ctxbound:detach -- a local type is not a statement // want `misplaced directive: //ctxbound:detach annotates a function`
	type local struct{}
	_ = local{}
}
