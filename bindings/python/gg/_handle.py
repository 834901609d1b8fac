"""The lifetime every wrapper of a library handle shares (Context, Graph,
PartitionPlan): a weakref finalizer that destroys the C object exactly once,
`closed`, use as a context manager, and a check before each use."""

from .errors import InvalidArgumentError


class OwnedHandle:
    """Mixin; the class sets self._finalizer (weakref.finalize) and self._handle,
    names itself in _kind ("gg.Graph") and defines close()."""

    _kind = "handle"

    @property
    def closed(self):
        return not self._finalizer.alive

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _live(self):
        """The C handle, or InvalidArgumentError once the object is closed."""
        if not self._finalizer.alive:
            raise InvalidArgumentError("this %s has been closed" % self._kind)
        return self._handle
