// Package sharers has inferred Sharer facts: wrappers of singleflight.
package sharers

import "golang.org/x/sync/singleflight"

type Cache struct{ g singleflight.Group }

// Load runs load once for every caller of key.
func (c *Cache) Load(key string, load func() (any, error)) (any, error) { // want Load:"sharer\\(1\\)"
	v, err, _ := c.g.Do(key, load)
	return v, err
}

// LoadAsync wraps its func in a literal that calls it; DoChan runs it on
// a goroutine of its own, so LoadAsync is a spawner too.
func (c *Cache) LoadAsync(key string, load func() (any, error)) <-chan singleflight.Result { // want LoadAsync:"spawner\\(1\\)" LoadAsync:"sharer\\(1\\)"
	return c.g.DoChan(key, func() (any, error) { return load() })
}

// Through a wrapper of this package.
func Get(c *Cache, key string, f func() (any, error)) (any, error) { // want Get:"sharer\\(2\\)"
	return c.Load(key, f)
}

// Not shared: the func is run by this caller alone.
func Run(key string, f func() (any, error)) (any, error) { return f() }

// Not shared: the func parameter is not what is shared.
func Other(c *Cache, key string, f func() (any, error)) (any, error) {
	_ = f
	return c.Load(key, func() (any, error) { return nil, nil })
}
