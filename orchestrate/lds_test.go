package orchestrate

// The tests' tables are searched in far less than ldsAfter: the search
// beside the engine starts with it, so that they test it too.
func init() { ldsAfter = 0 }
