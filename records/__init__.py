"""Game records: JSON Lines files, a header then one event per line, hash-chained."""
from .format import FORMAT_VERSION, Header, Record, RecordError, RecordWriter, read_record

__all__ = ["FORMAT_VERSION", "Header", "Record", "RecordError", "RecordWriter", "read_record"]
