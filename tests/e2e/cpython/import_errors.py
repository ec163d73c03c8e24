# Import failures are exceptions a kernel can catch, as libraries probe for
# optional modules: a missing module (ModuleNotFoundError, an ImportError),
# a missing name in `from m import name` (ImportError), a submodule of a
# module that is not a package, a relative import without a package.
import nki

try:
    import nkic_no_such_module

    HAVE_OPTIONAL = True
except ImportError:
    HAVE_OPTIONAL = False

try:
    from nkic_no_such_package.sub import thing
except ModuleNotFoundError as e:
    thing = None
    MISSING = type(e).__name__

try:
    from math import nkic_no_such_name
except ModuleNotFoundError:
    NAME = "wrong handler"
except ImportError as e:
    NAME = (type(e).__name__, isinstance(e, ModuleNotFoundError))

try:
    import math.nkic_inner
except ImportError as e:
    NOT_PACKAGE = type(e).__name__

try:
    from . import nkic_sibling
except ImportError as e:
    RELATIVE = type(e).__name__

try:
    from dataclasses import dataclass, nkic_missing
except Exception as e:
    PARTIAL = (type(e).__name__, issubclass(type(e), ImportError))


def probe():
    try:
        import nkic_no_such_module as m
    except ImportError:
        m = None
    finally:
        done = True
    return m, done


@nki.jit
def kernel():
    print(HAVE_OPTIONAL, thing, MISSING, NAME, NOT_PACKAGE, RELATIVE, PARTIAL)
    print(probe(), dataclass.__name__)
    print(issubclass(ModuleNotFoundError, ImportError), issubclass(ImportError, Exception))
