package fixes

import "context"

// A parameter called context hides the package: the advice says which
// WithoutCancel in words, rather than context.WithoutCancel(context),
// which would not compile here.
func shadowed(context context.Context) {
	notify()
	_ = context
}

func notify() {
	put(context.Background(), "notify") // want `notify makes its own root context \(context\.Background\) but is called with a context in scope from shadowed; give notify a ctx parameter and pass context, or package context's WithoutCancel\(context\) to outlive the caller`
}
