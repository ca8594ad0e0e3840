"""The hegemony generals' skills, one module per kingdom (``book`` defines them
into the ``hegemony-generals`` pack)."""
from __future__ import annotations

from . import book as _book  # noqa: F401
from . import wei as _wei  # noqa: F401
from . import shu as _shu  # noqa: F401
from . import wu as _wu  # noqa: F401
from . import qun as _qun  # noqa: F401
