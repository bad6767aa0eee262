"""Static analysis of the program being debugged, for the neural engine's
constraints: cfg.py reads the source with `ast` (it never runs it) and writes
JSON that src/model/format/cfg.ts reads. Standard library only; ships in the npm
package and runs on the user's python3 (3.9 to 3.13)."""
