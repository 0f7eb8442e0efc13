package group

// In another file, after the first read: related to OnGet's finding, and
// copied by the same fix.
func (h *Hooks) OnRemove() {
	h.mu.RLock()
	hooks := h.hooks
	h.mu.RUnlock()
	for _, k := range hooks {
		k.OnGet()
	}
}
