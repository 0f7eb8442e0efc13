// Package cfgprobe is an empty package the unit tests run the config pass
// on, to read back the configuration the plugin settings produced.
package cfgprobe
