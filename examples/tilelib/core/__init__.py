"""The helpers tilelib's kernels share: layouts, checks and tile views."""
from .layout import Layout
