"""Give memory back when a battle closes, so a long session's footprint stays flat.

A battle makes and drops a lot of short-lived memory (table pictures, text, states copied by
the AI). Once its screens are closed, Python's collector frees the cycles among them, and
glibc's `malloc_trim` returns the freed pages to the system; without it the process keeps its
high-water mark, and a session of battles looks like a leak in the resident size although the
heap in use is level (benchmarks/client_memory.py prints both).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import cache


@cache
def _trim():
    """glibc's malloc_trim, or None (other C libraries, other systems)."""
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_freed() -> None:
    """Collect cycles, then hand the free heap pages back to the system where possible."""
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)
