"""The command line: every command, its mistakes, signals."""
