"""Finds and loads libplanview.so.0 and declares the C API's functions (capi/planview.h).

Where the library comes from, first found wins:
  1. the copy bundled in this package (the wheel's planview/libplanview.so.0);
  2. the file named by the environment variable PLANVIEW_LIBRARY;
  3. the system's: libplanview.so.0 as the dynamic loader finds it (LD_LIBRARY_PATH,
     ld.so.cache, /usr/lib/...), e.g. from the libplanview0 .deb.
"""

import ctypes
import os
import threading

SONAME = "libplanview.so.0"
ENV_VAR = "PLANVIEW_LIBRARY"
# The oldest PLANVIEW_API_VERSION this package can use: every function below exists there.
MIN_API_VERSION = 1

_lock = threading.Lock()
_lib = None
loaded_from = None  # the path (or name) the library was loaded from, once loaded


class LibraryNotFound(ImportError):
    """libplanview.so.0 could not be loaded from any of the places this module looks."""


def _candidates():
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), SONAME)
    if os.path.exists(bundled):
        yield "the bundled copy", bundled
    named = os.environ.get(ENV_VAR)
    if named:
        yield ENV_VAR, named
    yield "the system's", SONAME


def _declare(lib):
    size_p = ctypes.POINTER(ctypes.c_size_t)
    result_p = ctypes.c_void_p  # planview_result*, opaque
    change_p = ctypes.c_void_p  # const planview_change*, opaque
    signatures = {
        "planview_version": ([], ctypes.c_char_p),
        "planview_api_version": ([], ctypes.c_int),
        "planview_render": ([ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                             ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t], result_p),
        "planview_render_changes": ([ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                                     ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t], result_p),
        "planview_result_status": ([result_p], ctypes.c_int),
        "planview_result_output": ([result_p, size_p], ctypes.c_void_p),
        "planview_result_messages": ([result_p, size_p], ctypes.c_void_p),
        "planview_result_free": ([result_p], None),
        "planview_result_change_count": ([result_p], ctypes.c_size_t),
        "planview_result_change": ([result_p, ctypes.c_size_t], change_p),
        "planview_change_address": ([change_p, size_p], ctypes.c_void_p),
        "planview_change_previous_address": ([change_p, size_p], ctypes.c_void_p),
        "planview_change_action": ([change_p, size_p], ctypes.c_void_p),
        "planview_change_action_reason": ([change_p, size_p], ctypes.c_void_p),
        "planview_change_deposed": ([change_p, size_p], ctypes.c_void_p),
        "planview_change_diff": ([change_p, size_p], ctypes.c_void_p),
    }
    for name, (argtypes, restype) in signatures.items():
        fn = getattr(lib, name)
        fn.argtypes = argtypes
        fn.restype = restype


def load():
    """The loaded library (loaded once, on first use), or LibraryNotFound saying where it looked."""
    global _lib, loaded_from
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        for where, path in _candidates():
            try:
                lib = ctypes.CDLL(path)  # CDLL: the GIL is released during each call
            except OSError as e:
                tried.append(f"{where} ({path}): {e}")
                continue
            try:
                _declare(lib)
            except AttributeError as e:
                tried.append(f"{where} ({path}): not planview's C API: {e}")
                continue
            api = lib.planview_api_version()
            if api < MIN_API_VERSION:
                tried.append(f"{where} ({path}): API version {api}, this package needs {MIN_API_VERSION}")
                continue
            loaded_from = path
            _lib = lib
            return lib
        raise LibraryNotFound("planview: cannot load " + SONAME + "; tried " + "; ".join(tried))
