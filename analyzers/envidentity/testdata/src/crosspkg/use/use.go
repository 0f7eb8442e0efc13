package use

import "crosspkg/dep"

func session() string {
	return dep.Getenv(dep.Key) // want `dep.Getenv reads identity key AGENT_SESSION_KEY from the process environment outside a root`
}

func task() string {
	return dep.Lookup("x", "AGENT_KANBAN_TASK") // want `dep.Lookup reads identity key AGENT_KANBAN_TASK`
}

func write() {
	dep.Set("SESSION_ID", "child") // want `dep.Set writes identity key SESSION_ID`
}

func home() string { return dep.Getenv("HOME") }
