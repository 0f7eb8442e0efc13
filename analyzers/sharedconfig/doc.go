// Package sharedconfig defines an Analyzer that reports shared
// configuration written through an alias by per-operation code.
//
// # Analyzer sharedconfig
//
// sharedconfig: report shared configuration written through an alias by code that runs per operation
//
// A long-lived owner (a server, a client, a pool) holds its configuration
// through a pointer, and hands that pointer to every connection, request
// and task. Code that runs per operation and writes through the pointer as
// if it held a copy changes the configuration of every other operation
// running at the same time, and races with their reads: a per-connection
// setup that does conf := p.cfg; conf.Logger = w logs every connection to
// the last one's writer; a reconnect that writes opt.Addr into the
// client's options moves every subscriber; a per-query normalisation of
// shared entries in place (if b.Pattern == "" { b.Pattern = ".*" }) races
// with the queries that read them. These are the seeds' "worker configs
// carry the coordinator's state" from the other side: not a copy that
// keeps shared state, but shared state written as if it were a copy.
//
// Reported: in a function that runs per operation (it takes a
// context.Context or an *http.Request, or it is the literal of a go
// statement), an assignment or increment of a location strictly below a
// shared pointer to a struct:
//
//   - a pointer field (or a path of fields) of the receiver, when the
//     receiver's type is shared between goroutines by design (it holds a
//     sync.Mutex, a sync.RWMutex or an atomic) and a field on the path is
//     borrowed: the package gives it a value another owner holds too (a
//     parameter of a constructor, another value's field: &PubSub{opt:
//     c.opt}), in an assignment, a struct literal, an element or an
//     append: s.cfg.Addr = a;
//   - a package-level variable, or a path of fields below one:
//     defaultOpts.Timeout = d;
//   - an element of a map or slice of pointers held by either: for _, b :=
//     range s.cfg.Blocks { b.Pattern = ".*" };
//   - through a local bound only to one of those (conf := p.cfg;
//     conf.Logger = w), or the value of a range over one.
//
// Not reported: writes under a lock (inside a critical section of any
// mutex the function holds, a TryLock that an if tests included: if
// mu.TryLock() { ... }, and after if !mu.TryLock() { return }; in a function whose name or doc comment says
// its caller holds the lock (updateLocked, "c.mu must be held"), or in an
// unexported function every caller of which holds one where it calls it,
// directly or through such functions:
// the owner's protocol; a call from a function literal or by a go or
// defer statement, a use as a value or a method an interface of the
// package declares may run without the lock, and a caller in another package is not seen, so exported
// functions keep the rule); constructors and setup
// (a function that returns a value it allocates writes to a value no one
// shares yet; so does a literal a go statement runs to fill a value its
// spawner gave the pointer, &T{...} or new(T), on every path to the go
// statement, when the spawner waits for it: the literal calls Done of a
// sync.WaitGroup whose Wait the spawner reaches after the go statement,
// as workers that each fill a field of a registry's state do; a literal
// the spawner does not wait for, or a value allocated on one path only,
// keeps the rule); code that does not run per operation (no context, no
// request, not spawned); a struct that holds a mutex or an atomic itself
// (it guards its own fields); a receiver of a type that holds neither (not
// shared between goroutines by design); the owner's own fields (s.n = 1
// writes the owner, not what it shares), and the owner's own state behind
// a pointer that the package only ever fills with values it allocates
// (c.quic = &quicState{...}; c.tlsState = new(tls.ConnectionState)); a pointer to another value of the
// owner's own type (a linked node); a local assigned anything else as well
// (it may be a copy); a copy made first (conf := *p.cfg is a value). Test
// files are not analysed.
//
// The suggested fix makes the local a copy where it is bound: conf :=
// p.cfg.Clone() when the type has a method Clone() returning the same
// pointer type, else conf := *p.cfg when every use of conf selects a field
// or calls a method (a value serves those as the pointer did). A copy is
// shallow: maps and slices inside still share their contents.
//
// Limits: per function, on syntax: a write in a function the operation
// calls is not followed, a value a cache or a callback hands out is not
// known to be shared, and per-operation code is known by its context or
// request parameter.
//
// # Examples
//
//	func (p *Pool) dial(ctx context.Context, w io.Writer) (*Conn, error) {
//		conf := p.cfg
//		conf.Logger = w // want: conf.Logger is written through conf, an alias of p.cfg, held by p and shared by every operation that runs concurrently: this operation changes it for all of them; copy it first and change the copy
//		return connect(ctx, conf)
//	}
//
// Right:
//
//	conf := *p.cfg
//	conf.Logger = w
//	return connect(ctx, &conf)
//
// # Directives
//
// //ctxbound:ignore sharedconfig -- <reason> on the write or the line above
// silences one finding (a write the program makes once, before it shares).
//
// # Options
//
// None.
package sharedconfig
