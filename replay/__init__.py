"""Replaying records: narration, views, seeking."""
