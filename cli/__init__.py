"""The `sgz` command line."""
